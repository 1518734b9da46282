// The signed-in session (docs/product.md §3–§4): tokens, tenant, user info, roles, permission
// flags, the menu tree and the lock. Persisted through the storage helper; tokens also in the
// saber-* cookies.
import { useSyncExternalStore } from 'react'
import { getStore, removeStore, setStore } from './storage'

/** The flat BladeX token body (docs/contract.md §15), kept whole as user info. */
export interface UserInfo {
  access_token?: string
  refresh_token?: string
  token_type?: string
  expires_in?: number
  tenant_id?: string
  user_id?: string
  dept_id?: string
  post_id?: string
  role_id?: string
  oauth_id?: string
  account?: string
  user_name?: string
  nick_name?: string
  real_name?: string
  role_name?: string
  avatar?: string
  client_id?: string
  license?: string
  detail?: Record<string, unknown>
}

/** docs/product.md §3 "Menu node", mapped from Blade's menu (name, path, source, children...). */
export interface MenuNode {
  id: string
  label: string
  path: string
  icon: string
  children: MenuNode[]
  meta: {
    i18n?: string
    roles?: string[]
    menu?: boolean
    isAuth?: boolean
    isTab?: boolean
    [k: string]: unknown
  }
  group?: string[]
  query?: Record<string, string>
  isOpen: number
  code?: string
  alias?: string
}

export interface SessionState {
  accessToken: string
  refreshToken: string
  tenantId: string
  userInfo: UserInfo
  roles: string[]
  /** Button codes granted (menu/buttons flattened), e.g. { user_add: true }. */
  permission: Record<string, boolean>
  menu: MenuNode[]
  isLock: boolean
  lockPasswd: string
  /** When the current token was stored (ms), for the auto-refresh check. */
  tokenStoredAt: number
}

export const DEFAULT_AVATAR = '/img/default-avatar.svg'
export const ACCESS_COOKIE = 'saber-access-token'
export const REFRESH_COOKIE = 'saber-refresh-token'

function read(): SessionState {
  return {
    accessToken: getStore<string>({ name: 'token' }) ?? '',
    refreshToken: getStore<string>({ name: 'refreshToken' }) ?? '',
    tenantId: getStore<string>({ name: 'tenantId' }) ?? '',
    userInfo: getStore<UserInfo>({ name: 'userInfo' }) ?? {},
    roles: getStore<string[]>({ name: 'roles' }) ?? [],
    permission: getStore<Record<string, boolean>>({ name: 'permission' }) ?? {},
    menu: getStore<MenuNode[]>({ name: 'menu' }) ?? [],
    isLock: getStore<boolean>({ name: 'isLock' }) ?? false,
    lockPasswd: getStore<string>({ name: 'lockPasswd' }) ?? '',
    tokenStoredAt: getStore<number>({ name: 'tokenStoredAt' }) ?? 0,
  }
}

let state: SessionState = read()
const listeners = new Set<() => void>()
// Login/logout events for stores that live elsewhere (the shell's tabs reset to home on both).
const loginListeners = new Set<(info: UserInfo) => void>()
const logoutListeners = new Set<() => void>()

/** Called after every login; returns the unsubscribe function. */
export function onLogin(listener: (info: UserInfo) => void): () => void {
  loginListeners.add(listener)
  return () => loginListeners.delete(listener)
}

/** Called after every logout; returns the unsubscribe function. */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener)
  return () => logoutListeners.delete(listener)
}

function setCookie(name: string, value: string) {
  document.cookie = value
    ? `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
    : `${name}=; path=/; max-age=0`
}

function commit(patch: Partial<SessionState>) {
  state = { ...state, ...patch }
  const names: Record<keyof SessionState, string> = {
    accessToken: 'token',
    refreshToken: 'refreshToken',
    tenantId: 'tenantId',
    userInfo: 'userInfo',
    roles: 'roles',
    permission: 'permission',
    menu: 'menu',
    isLock: 'isLock',
    lockPasswd: 'lockPasswd',
    tokenStoredAt: 'tokenStoredAt',
  }
  for (const key of Object.keys(patch) as (keyof SessionState)[])
    setStore({ name: names[key], content: state[key] })
  if ('accessToken' in patch) setCookie(ACCESS_COOKIE, state.accessToken)
  if ('refreshToken' in patch) setCookie(REFRESH_COOKIE, state.refreshToken)
  for (const l of listeners) l()
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Re-reads storage (another tab, or a test that seeded it). */
  reload(): void {
    state = read()
    for (const l of listeners) l()
  },
  /** Login success: tokens, tenant and user info stored, lock cleared (docs/product.md §4). */
  login(info: UserInfo): void {
    commit({
      accessToken: info.access_token ?? '',
      refreshToken: info.refresh_token ?? '',
      tenantId: info.tenant_id ?? '',
      userInfo: info,
      isLock: false,
      lockPasswd: '',
      tokenStoredAt: Date.now(),
    })
    for (const l of loginListeners) l(info)
  },
  /** A refreshed token pair replaces the stored one (and the user info it carries). */
  refreshed(info: UserInfo): void {
    commit({
      accessToken: info.access_token ?? '',
      refreshToken: info.refresh_token ?? state.refreshToken,
      userInfo: info,
      tokenStoredAt: Date.now(),
    })
  },
  setRoles: (roles: string[]) => commit({ roles }),
  setPermission: (permission: Record<string, boolean>) => commit({ permission }),
  setMenu: (menu: MenuNode[]) => commit({ menu }),
  lock: (lockPasswd: string) => commit({ isLock: true, lockPasswd }),
  unlock: () => commit({ isLock: false, lockPasswd: '' }),
  /** Logout: clears tokens, menu, roles, permission and lock; onLogout listeners clear the tabs. */
  logout(): void {
    commit({
      accessToken: '',
      refreshToken: '',
      userInfo: {},
      roles: [],
      permission: {},
      menu: [],
      isLock: false,
      lockPasswd: '',
      tokenStoredAt: 0,
    })
    for (const name of ['token', 'refreshToken']) removeStore({ name })
    for (const l of logoutListeners) l()
  },
}

export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(state),
    () => select(state),
  )
}

/** A user whose user_id and account are both empty is 'unauth' (docs/product.md §3). */
export function isUnauth(info: UserInfo): boolean {
  return !info.user_id && !info.account
}

export function avatarOf(info: UserInfo): string {
  return info.avatar || DEFAULT_AVATAR
}
