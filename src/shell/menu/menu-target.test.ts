import { describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/session'
import { hasTargetFlag, isExternal, menuTarget, withToken } from './menu-target'

const node = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: '9',
  code: 'report',
  label: 'r',
  path,
  icon: '',
  children: [],
  meta: {},
  isOpen: 1,
  ...extra,
})

describe('menu targets', () => {
  it('paths beginning with http or containing html are external', () => {
    expect(isExternal('https://x.example')).toBe(true)
    expect(isExternal('http://x.example')).toBe(true)
    expect(isExternal('/static/report.html')).toBe(true)
    expect(isExternal('/system/user')).toBe(false)
  })

  it('an external entry opens embedded under /myiframe/{code}', () => {
    expect(menuTarget(node('https://r.example/?t=${token}'), 'tok')).toEqual({
      kind: 'iframe',
      to: '/myiframe/report',
    })
    expect(menuTarget(node('/a.html', { code: undefined }), 'tok')).toEqual({
      kind: 'iframe',
      to: '/myiframe/9',
    })
  })

  it('an external entry flagged isOpen 2 opens a new window with the token filled in', () => {
    expect(
      menuTarget(node('https://r.example/?auth=bearer ${token}', { isOpen: 2 }), 'tok'),
    ).toEqual({ kind: 'window', url: 'https://r.example/?auth=bearer tok' })
  })

  it('a query with a target flag opens a new window; other paths are routes', () => {
    expect(menuTarget(node('/system/user', { query: { target: '1' } }), 't')).toEqual({
      kind: 'window',
      url: '/system/user',
    })
    expect(menuTarget(node('/system/user', { query: { a: 'b' } }), 't')).toEqual({
      kind: 'route',
      to: '/system/user',
      query: { a: 'b' },
    })
    expect(hasTargetFlag({ target: 'false' })).toBe(false)
    expect(hasTargetFlag({})).toBe(false)
  })

  it('replaces every ${token}', () => {
    expect(withToken('a=${token}&b=${token}', 'T')).toBe('a=T&b=T')
  })
})
