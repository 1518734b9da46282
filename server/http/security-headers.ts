// Security headers on every answer (API envelopes, errors, 404s, the built app, the worker): a CSP
// the built app passes (no inline scripts; Mantine injects <style> tags, hence 'unsafe-inline' for
// styles only), no MIME sniffing, no framing by other sites, a same-origin opener.
import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../core/config.ts'

export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>,
): string {
  const api = config.apiOrigin ? ` ${config.apiOrigin}` : ''
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // data: for the captcha image and an SVG in Mantine's CSS; blob: for images made in the page.
    `img-src 'self' data: blob:${api}`,
    `connect-src 'self'${api}`,
    "worker-src 'self'",
    // Admins point menu entries at other sites (report designers) that the embedded-page screen frames.
    `frame-src ${config.frameSrc}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** The API viewer's page (/doc.html): the app's policy, narrowed: it frames nothing and calls this origin only. */
export function docsPagePolicy(): string {
  return contentSecurityPolicy({ apiOrigin: null, frameSrc: "'none'" })
}

function securityHeaders(
  config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>,
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/**
 * onSend runs for handler answers, error envelopes, 404s and static files alike. A page that sets a
 * policy of its own (docsPagePolicy, narrower than the app's) keeps it.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'apiOrigin' | 'frameSrc'>,
): void {
  const headers = securityHeaders(config)
  app.addHook('onSend', async (_req, reply, payload) => {
    const own = reply.getHeader('content-security-policy')
    reply.headers(headers)
    if (own) reply.header('Content-Security-Policy', own)
    return payload
  })
}
