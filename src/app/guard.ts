// Router guard (docs/product.md §2 "Router guard"): the decision is a pure function of the session;
// the beforeLoad wrappers turn it into TanStack redirects.
import { redirect } from '@tanstack/react-router'
import { sessionStore } from '@/api/session'
import { getStore } from '@/api/storage'
import { config } from '@/config'

export interface GuardState {
  /** The stored token; undefined when none is stored, '' when an empty string was stored. */
  token: string | undefined
  isLock: boolean
}

export interface Decision {
  redirect?: string
  /** The session must be ended locally first (an empty token was stored). */
  logout?: boolean
}

/** Routes open without a token (docs/product.md §2 "Router guard"); /lock needs a session. */
const NO_AUTH = [config.loginPage, '/404', '/403', '/500']

/** `page?redirect=<path>`, unless the path is not worth returning to. */
function withRedirect(page: string, path: string, pathname: string): string {
  if (pathname === '/' || pathname === config.lockPage || NO_AUTH.includes(pathname)) return page
  return `${page}?redirect=${encodeURIComponent(path)}`
}

/** Where a navigation to `path` (pathname plus search, e.g. '/wel/index?x=1') must go instead. */
export function decideRoute(state: GuardState, path: string): Decision {
  const pathname = path.split('?')[0] || '/'
  if (state.token === '')
    return pathname === config.loginPage
      ? { logout: true }
      : { logout: true, redirect: config.loginPage }
  if (!state.token)
    return NO_AUTH.includes(pathname)
      ? {}
      : { redirect: withRedirect(config.loginPage, path, pathname) }
  // The wanted page is kept so that unlocking returns to it.
  if (state.isLock)
    return pathname === config.lockPage
      ? {}
      : { redirect: withRedirect(config.lockPage, path, pathname) }
  // Signed in: no login page, and the lock page only while locked.
  if (pathname === config.loginPage || pathname === config.lockPage) return { redirect: '/' }
  return {}
}

function currentState(): GuardState {
  return { token: getStore<string>({ name: 'token' }), isLock: sessionStore.getState().isLock }
}

function apply(path: string): void {
  const d = decideRoute(currentState(), path)
  if (d.logout) sessionStore.logout()
  if (d.redirect) throw redirect({ href: d.redirect })
}

interface Loc {
  pathname: string
  searchStr?: string
}

const pathOf = (location: Loc) => location.pathname + (location.searchStr ?? '')

/** beforeLoad of the _main layout and of /lock and the error pages. */
export function requireAuth({ location }: { location: Loc }): void {
  apply(pathOf(location))
}

/** beforeLoad of /login: a signed-in user goes to '/' (or to /lock when locked). */
export function guestOnly(): void {
  apply(config.loginPage)
}

/** A `redirect` search param as an in-app path; anything else (other origins, '//x') gives '/'. */
export function safeRedirect(target: unknown): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//')
    ? target
    : '/'
}

/**
 * validateSearch of /login and /lock: an optional `redirect` text. Read by hand rather than with a
 * schema: route options are part of the first download, which stays free of Zod.
 */
export function redirectSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {}
}
