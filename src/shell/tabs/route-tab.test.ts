import { msg } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/session'
import { menuNodeFor, tabForRoute } from './route-tab'

const node = (id: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  code: id,
  label: `L-${id}`,
  path,
  icon: '',
  children: [],
  meta: { i18n: `E-${id}` },
  isOpen: 1,
  ...extra,
})
const menu: MenuNode[] = [
  {
    ...node('sys', '/system'),
    children: [
      node('user', '/system/user', { group: ['g1'] }),
      node('report', 'https://r.example/x'),
      node('notab', '/system/notab', { meta: { isTab: false } }),
    ],
  },
]
const base = { search: {}, params: {}, staticData: {}, menu }

describe('the tab a route opens', () => {
  it('a menu screen takes the node label, meta and group, with the query', () => {
    const tab = tabForRoute({ ...base, pathname: '/system/user', search: { deptId: '3' } })
    expect(tab).toEqual({
      label: 'L-user',
      path: '/system/user',
      meta: { i18n: 'E-user' },
      query: { deptId: '3' },
      group: ['g1'],
    })
  })

  it('an embedded page is found by its router path', () => {
    expect(menuNodeFor(menu, '/myiframe/report')?.id).toBe('report')
    expect(
      tabForRoute({ ...base, pathname: '/myiframe/report', params: { _splat: 'report' } }),
    ).toMatchObject({ label: 'L-report', params: { _splat: 'report' } })
  })

  it('a fixed page takes the title its route declares', () => {
    const title = msg`个人信息`
    const tab = tabForRoute({ ...base, pathname: '/info/index', staticData: { title } })
    expect(tab).toEqual({ label: '个人信息', path: '/info/index', meta: { title: title.id } })
  })

  it('an unknown path (no menu node, no title) and the error pages open none', () => {
    expect(tabForRoute({ ...base, pathname: '/not/in/menu' })).toBeNull()
    expect(
      tabForRoute({ ...base, pathname: '/myiframe/unknown', params: { _splat: 'unknown' } }),
    ).toBeNull()
    for (const pathname of ['/403', '/404', '/500'])
      expect(tabForRoute({ ...base, pathname, staticData: { title: msg`测试页` } })).toBeNull()
  })

  it('routes or menu entries flagged as not a tab open none', () => {
    expect(tabForRoute({ ...base, pathname: '/x', staticData: { isTab: false } })).toBeNull()
    expect(tabForRoute({ ...base, pathname: '/system/notab' })).toBeNull()
  })
})
