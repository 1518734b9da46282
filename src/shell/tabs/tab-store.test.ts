import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { getStore } from '@/api/storage'
import { HOME_PATH } from './tab-rules'
import { tabStore } from './tab-store'

const login = (user_id: string) =>
  sessionStore.login({
    access_token: `t-${user_id}`,
    refresh_token: 'r',
    user_id,
    account: `u${user_id}`,
  })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  sessionStore.reload()
  login('1')
  tabStore.reset()
})

describe('tab store', () => {
  it('persists the tabs in session storage, tagged with the user', () => {
    tabStore.open({ label: '用户管理', path: '/system/user' })
    const stored = getStore<{ tabs: { path: string }[]; active: string; owner: string }>({
      name: 'tagList',
    })
    expect(stored?.tabs.map((t) => t.path)).toEqual([HOME_PATH, '/system/user'])
    expect(stored?.active).toBe('/system/user')
    expect(stored?.owner).toBe('1')
    expect(sessionStorage.getItem('saber-tagList')).not.toBeNull()
    expect(localStorage.getItem('saber-tagList')).toBeNull()
  })

  it('restores the stored tabs of the same user', () => {
    tabStore.open({ label: 'a', path: '/a' })
    tabStore.reload()
    expect(tabStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, '/a'])
  })

  it('does not restore tabs stored for another user', () => {
    tabStore.open({ label: 'a', path: '/a' })
    sessionStorage.setItem(
      'saber-userInfo',
      JSON.stringify({ dataType: 'object', content: { user_id: '2' }, datetime: 0 }),
    )
    sessionStore.reload()
    tabStore.reload()
    expect(tabStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH])
  })

  it('resets to the home tab on login', () => {
    tabStore.open({ label: 'a', path: '/a' })
    login('1')
    expect(tabStore.getState()).toEqual({
      tabs: [expect.objectContaining({ path: HOME_PATH })],
      active: HOME_PATH,
    })
  })

  it('clears the tabs on logout', () => {
    tabStore.open({ label: 'a', path: '/a' })
    sessionStore.logout()
    expect(tabStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH])
    expect(sessionStorage.getItem('saber-tagList')).toBeNull()
  })

  it('applies the rules: close, close others, close all', () => {
    tabStore.open({ label: 'a', path: '/a' })
    tabStore.open({ label: 'b', path: '/b' })
    tabStore.open({ label: 'c', path: '/c' })
    tabStore.close('/c')
    expect(tabStore.getState().active).toBe('/b')
    tabStore.closeOthers('/a')
    expect(tabStore.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, '/a'])
    tabStore.closeAll()
    expect(tabStore.getState()).toMatchObject({ active: HOME_PATH, tabs: [{ path: HOME_PATH }] })
  })
})
