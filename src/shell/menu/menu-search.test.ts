import { describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/session'
import { searchMenu } from './menu-search'

const leaf = (
  id: string,
  label: string,
  i18n?: string,
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  id,
  label,
  path: `/${id}`,
  icon: '',
  children: [],
  meta: i18n ? { i18n } : {},
  isOpen: 1,
  ...extra,
})
const tree: MenuNode[] = [
  {
    ...leaf('system', '系统管理', 'System'),
    children: [
      leaf('user', '用户管理', 'Users'),
      leaf('role', '角色管理', 'Roles'),
      leaf('hidden', '用户隐藏', 'User hidden', { meta: { menu: false } }),
    ],
  },
  leaf('kol', 'KOL列表', 'KOL List'),
  leaf('kolfile', 'kol档案', 'KOL File'),
]

const ids = (list: MenuNode[]) => list.map((n) => n.id)

describe('menu search', () => {
  it('matches leaves by name prefix', () => {
    expect(ids(searchMenu(tree, '用户'))).toEqual(['user'])
    expect(ids(searchMenu(tree, '管理'))).toEqual([])
  })

  it('is case-insensitive', () => {
    expect(ids(searchMenu(tree, 'kol'))).toEqual(['kol', 'kolfile'])
    expect(ids(searchMenu(tree, 'KOL'))).toEqual(['kol', 'kolfile'])
  })

  it('also matches the English alias by prefix', () => {
    expect(ids(searchMenu(tree, 'ro'))).toEqual(['role'])
    expect(ids(searchMenu(tree, 'users'))).toEqual(['user'])
  })

  it('lists every visible leaf for an empty query; groups and hidden entries never match', () => {
    expect(ids(searchMenu(tree, '  '))).toEqual(['user', 'role', 'kol', 'kolfile'])
    expect(ids(searchMenu(tree, '系统'))).toEqual([])
  })
})
