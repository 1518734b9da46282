import { isRedirect } from '@tanstack/react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { setStore } from '@/api/storage'
import { decideRoute, guestOnly, requireAuth, safeRedirect } from './guard'

const none = { token: undefined, isLock: false }
const signed = { token: 'tok', isLock: false }
const locked = { token: 'tok', isLock: true }
const empty = { token: '', isLock: false }

describe('decideRoute (docs/product.md §2 "Router guard")', () => {
  it('without a token only the public pages may be entered; others go to /login with redirect', () => {
    for (const p of ['/login', '/404', '/403', '/500']) expect(decideRoute(none, p)).toEqual({})
    expect(decideRoute(none, '/wel/index')).toEqual({ redirect: '/login?redirect=%2Fwel%2Findex' })
    expect(decideRoute(none, '/system/user?current=2')).toEqual({
      redirect: `/login?redirect=${encodeURIComponent('/system/user?current=2')}`,
    })
    expect(decideRoute(none, '/')).toEqual({ redirect: '/login' })
    expect(decideRoute(none, '/lock')).toEqual({ redirect: '/login' })
  })

  it('with a token, /login (and /lock when not locked) go to /, everything else is allowed', () => {
    expect(decideRoute(signed, '/login')).toEqual({ redirect: '/' })
    expect(decideRoute(signed, '/login?redirect=%2Fx')).toEqual({ redirect: '/' })
    expect(decideRoute(signed, '/lock')).toEqual({ redirect: '/' })
    for (const p of ['/', '/wel/index', '/404', '/system/user?x=1'])
      expect(decideRoute(signed, p)).toEqual({})
  })

  it('when locked every route except /lock goes to /lock, keeping the wanted page', () => {
    expect(decideRoute(locked, '/lock')).toEqual({})
    expect(decideRoute(locked, '/lock?redirect=%2Fa')).toEqual({})
    expect(decideRoute(locked, '/wel/index')).toEqual({ redirect: '/lock?redirect=%2Fwel%2Findex' })
    expect(decideRoute(locked, '/login')).toEqual({ redirect: '/lock' })
    expect(decideRoute(locked, '/404')).toEqual({ redirect: '/lock' })
    expect(decideRoute(locked, '/')).toEqual({ redirect: '/lock' })
  })

  it('an empty stored token forces a local logout and /login', () => {
    expect(decideRoute(empty, '/wel/index')).toEqual({ logout: true, redirect: '/login' })
    expect(decideRoute({ ...empty, isLock: true }, '/lock')).toEqual({
      logout: true,
      redirect: '/login',
    })
    expect(decideRoute(empty, '/login')).toEqual({ logout: true })
  })
})

describe('beforeLoad wrappers', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    sessionStore.reload()
  })

  const thrown = (fn: () => void): unknown => {
    try {
      fn()
    } catch (e) {
      return e
    }
    return undefined
  }

  it('requireAuth throws a redirect to /login without a session', () => {
    const r = thrown(() => requireAuth({ location: { pathname: '/wel/index', searchStr: '' } }))
    expect(isRedirect(r)).toBe(true)
    expect((r as { options: { href?: string } }).options.href).toBe(
      '/login?redirect=%2Fwel%2Findex',
    )
  })

  it('requireAuth lets a signed-in user through; guestOnly sends them to /', () => {
    sessionStore.login({ access_token: 'a', refresh_token: 'r' })
    expect(thrown(() => requireAuth({ location: { pathname: '/wel/index' } }))).toBeUndefined()
    const r = thrown(() => guestOnly())
    expect((r as { options: { href?: string } }).options.href).toBe('/')
  })

  it('an explicitly stored empty token logs out locally', () => {
    sessionStore.login({ access_token: 'a', refresh_token: 'r', user_id: '1' })
    setStore({ name: 'token', content: '' })
    const r = thrown(() => requireAuth({ location: { pathname: '/wel/index' } }))
    expect((r as { options: { href?: string } }).options.href).toBe('/login')
    expect(sessionStore.getState()).toMatchObject({ refreshToken: '', userInfo: {} })
  })

  it('safeRedirect keeps in-app paths only', () => {
    expect(safeRedirect('/system/user?x=1')).toBe('/system/user?x=1')
    expect(safeRedirect('//evil.com')).toBe('/')
    expect(safeRedirect('https://evil.com')).toBe('/')
    expect(safeRedirect(undefined)).toBe('/')
  })
})
