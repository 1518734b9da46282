// Where a menu entry opens (docs/product.md §2 "Menu routes"): a path beginning with http or
// containing html is an embedded page under /myiframe/{routerPath}; such an external entry flagged
// isOpen 2 opens a new window, as does any entry whose query carries a target flag.
import type { MenuNode } from '@/api/session'

export type MenuTarget =
  | { kind: 'route'; to: string; query?: Record<string, string> }
  | { kind: 'iframe'; to: string }
  | { kind: 'window'; url: string }

export function isExternal(path: string): boolean {
  return /^http/i.test(path) || path.includes('html')
}

/** The splat of /myiframe/{routerPath}: the menu code, else its id. */
export function iframeRouterPath(node: Pick<MenuNode, 'code' | 'id'>): string {
  return node.code || node.id
}

/** `${token}` in an embedded or external URL stands for the access token. */
export function withToken(url: string, token: string): string {
  return url.split('${token}').join(token)
}

export function hasTargetFlag(query: Record<string, unknown> | undefined): boolean {
  const v = query?.target
  return v !== undefined && v !== null && v !== '' && v !== false && v !== 'false'
}

export function menuTarget(node: MenuNode, token: string): MenuTarget {
  if (isExternal(node.path)) {
    if (node.isOpen === 2) return { kind: 'window', url: withToken(node.path, token) }
    return { kind: 'iframe', to: `/myiframe/${iframeRouterPath(node)}` }
  }
  if (hasTargetFlag(node.query)) return { kind: 'window', url: node.path }
  return { kind: 'route', to: node.path, query: node.query }
}
