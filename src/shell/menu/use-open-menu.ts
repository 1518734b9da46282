// Opens a menu entry the way its path asks (see menu-target.ts).
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { sessionStore, type MenuNode } from '@/api/session'
import { menuTarget } from './menu-target'

/** A path plus its query as an href. */
export function hrefOf(path: string, query?: Record<string, unknown>): string {
  const entries = Object.entries(query ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== '',
  )
  if (!entries.length) return path
  return `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`
}

export function useOpenMenu(): (node: MenuNode) => void {
  const navigate = useNavigate()
  return useCallback(
    (node: MenuNode) => {
      const target = menuTarget(node, sessionStore.getState().accessToken)
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener')
      else if (target.kind === 'iframe') void navigate({ href: target.to })
      else void navigate({ href: hrefOf(target.to, target.query) })
    },
    [navigate],
  )
}
