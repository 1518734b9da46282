// Whether the browser refused to frame `src` under the page's Content-Security-Policy (frame-src,
// set by the server from CSP_FRAME_SRC): the browser reports it as a securitypolicyviolation event.
import { useEffect, useState } from 'react'

function sameResource(blocked: string, src: string): boolean {
  if (!blocked || !src) return false
  try {
    const a = new URL(blocked, window.location.href)
    const b = new URL(src, window.location.href)
    // The browser may report only the origin of a cross-origin URL.
    return a.href === b.href || (a.origin === b.origin && (a.pathname === '/' || a.pathname === ''))
  } catch {
    return false
  }
}

export function useFrameRefused(src: string): boolean {
  const [refused, setRefused] = useState<string | null>(null)
  useEffect(() => {
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (
        e.effectiveDirective.startsWith('frame-src') ||
        e.effectiveDirective.startsWith('child-src')
      ) {
        if (sameResource(e.blockedURI, src)) setRefused(src)
      }
    }
    document.addEventListener('securitypolicyviolation', onViolation)
    return () => document.removeEventListener('securitypolicyviolation', onViolation)
  }, [src])
  return refused === src
}
