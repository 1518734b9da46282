import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getStore } from './storage'
import {
  ACCESS_COOKIE,
  avatarOf,
  DEFAULT_AVATAR,
  isUnauth,
  onLogin,
  onLogout,
  REFRESH_COOKIE,
  sessionStore,
} from './session'

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1)

const BODY = {
  access_token: 'a1',
  refresh_token: 'r1',
  tenant_id: '000000',
  user_id: '9',
  account: 'admin',
  real_name: '管理员',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  sessionStore.reload()
})

describe('session', () => {
  it('login stores tokens, tenant, user info and the cookies, and clears the lock', () => {
    sessionStore.lock('1234')
    const seen = vi.fn()
    const off = onLogin(seen)
    sessionStore.login(BODY)
    off()
    expect(sessionStore.getState()).toMatchObject({
      accessToken: 'a1',
      refreshToken: 'r1',
      tenantId: '000000',
      userInfo: BODY,
      isLock: false,
      lockPasswd: '',
    })
    expect(getStore({ name: 'token' })).toBe('a1')
    expect(getStore({ name: 'refreshToken' })).toBe('r1')
    expect(cookie(ACCESS_COOKIE)).toBe('a1')
    expect(cookie(REFRESH_COOKIE)).toBe('r1')
    expect(seen).toHaveBeenCalledWith(BODY)
    sessionStore.reload()
    expect(sessionStore.getState().accessToken).toBe('a1')
  })

  it('logout clears tokens, cookies, menu, roles, permission and lock and tells listeners', () => {
    sessionStore.login(BODY)
    sessionStore.setRoles(['admin'])
    sessionStore.setPermission({ user_add: true })
    sessionStore.setMenu([
      { id: '1', label: 'x', path: '/x', icon: '', children: [], meta: {}, isOpen: 1 },
    ])
    sessionStore.lock('pw')
    const seen = vi.fn()
    const off = onLogout(seen)
    sessionStore.logout()
    off()
    expect(sessionStore.getState()).toMatchObject({
      accessToken: '',
      refreshToken: '',
      userInfo: {},
      roles: [],
      permission: {},
      menu: [],
      isLock: false,
      lockPasswd: '',
    })
    expect(getStore({ name: 'token' })).toBeUndefined()
    expect(cookie(ACCESS_COOKIE)).toBeUndefined()
    expect(cookie(REFRESH_COOKIE)).toBeUndefined()
    expect(seen).toHaveBeenCalledTimes(1)
  })

  it('a refresh replaces the token pair and records when it was stored', () => {
    sessionStore.login(BODY)
    vi.spyOn(Date, 'now').mockReturnValue(5_000_000)
    sessionStore.refreshed({ ...BODY, access_token: 'a2', refresh_token: 'r2' })
    vi.restoreAllMocks()
    expect(sessionStore.getState()).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      tokenStoredAt: 5_000_000,
    })
  })

  it('isUnauth when user_id and account are both empty; default avatar', () => {
    expect(isUnauth({})).toBe(true)
    expect(isUnauth({ user_id: '', account: '' })).toBe(true)
    expect(isUnauth({ user_id: '1' })).toBe(false)
    expect(isUnauth({ account: 'a' })).toBe(false)
    expect(avatarOf({})).toBe(DEFAULT_AVATAR)
    expect(avatarOf({ avatar: '/a.png' })).toBe('/a.png')
  })
})
