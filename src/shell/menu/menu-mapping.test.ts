import { describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/session'
import {
  countMenu,
  filterByRoles,
  findMenu,
  flattenButtons,
  mapMenu,
  menuLabel,
  menuLeaves,
  type BladeMenu,
} from './menu-mapping'

const blade: BladeMenu[] = [
  {
    id: '1',
    parentId: '0',
    code: 'system',
    name: '系统管理',
    alias: 'System',
    path: '/system',
    source: 'IconSettings',
    isOpen: 1,
    children: [
      {
        id: '11',
        parentId: '1',
        code: 'user',
        name: '用户管理',
        alias: 'Users',
        path: '/system/user',
        source: 'IconUsers',
        isOpen: 1,
      },
      {
        id: '12',
        parentId: '1',
        code: 'report',
        name: '报表设计',
        alias: 'menu',
        path: 'https://r.example/design?blade-auth=${token}',
        source: '',
        isOpen: 2,
      },
    ],
  },
]

describe('menu mapping', () => {
  it('maps Blade menus to menu nodes: label, path, icon, children, meta.i18n, isOpen, code, alias', () => {
    const [system] = mapMenu(blade)
    expect(system).toMatchObject({
      id: '1',
      label: '系统管理',
      path: '/system',
      icon: 'IconSettings',
      isOpen: 1,
      code: 'system',
      alias: 'System',
      meta: { i18n: 'System' },
    })
    expect(system.children).toHaveLength(2)
    expect(system.children[0]).toMatchObject({
      label: '用户管理',
      path: '/system/user',
      icon: 'IconUsers',
      meta: { i18n: 'Users' },
      children: [],
    })
    // Blade's placeholder alias 'menu' is no English label.
    expect(system.children[1].meta.i18n).toBeUndefined()
    expect(system.children[1].isOpen).toBe(2)
  })

  it('keeps meta, query and group a server may add', () => {
    const [n] = mapMenu([
      {
        id: '5',
        name: '隐藏',
        path: '/x',
        meta: { roles: ['admin'], menu: false },
        query: { a: '1' },
        group: ['g'],
      } as BladeMenu,
    ])
    expect(n.meta).toEqual({ roles: ['admin'], menu: false })
    expect(n.query).toEqual({ a: '1' })
    expect(n.group).toEqual(['g'])
    expect(n.isOpen).toBe(1)
    expect(n.icon).toBe('')
  })

  it('shows the alias in English, the Chinese name otherwise', () => {
    const [system] = mapMenu(blade)
    expect(menuLabel(system, 'en')).toBe('System')
    expect(menuLabel(system, 'zh')).toBe('系统管理')
    expect(menuLabel(system.children[1], 'en')).toBe('报表设计')
  })
})

describe('role filtering', () => {
  const node = (id: string, roles?: string[], children: MenuNode[] = []): MenuNode => ({
    id,
    label: id,
    path: `/${id}`,
    icon: '',
    children,
    meta: roles ? { roles } : {},
    isOpen: 1,
  })
  const tree = [
    node('open'),
    node('admins', ['administrator']),
    node('group', undefined, [
      node('child-any'),
      node('child-kol', ['kol']),
      node('child-empty', []),
    ]),
  ]

  it('keeps items without roles and items listing a current role', () => {
    const visible = filterByRoles(tree, ['kol'])
    expect(visible.map((n) => n.id)).toEqual(['open', 'group'])
    expect(visible[1].children.map((n) => n.id)).toEqual(['child-any', 'child-kol', 'child-empty'])
  })

  it('an administrator sees the items restricted to administrators', () => {
    const visible = filterByRoles(tree, ['administrator'])
    expect(visible.map((n) => n.id)).toEqual(['open', 'admins', 'group'])
    expect(visible[2].children.map((n) => n.id)).toEqual(['child-any', 'child-empty'])
  })

  it('without roles only unrestricted items remain', () => {
    expect(filterByRoles(tree, []).map((n) => n.id)).toEqual(['open', 'group'])
  })
})

describe('buttons flattening', () => {
  it('every node without children contributes its code', () => {
    const flags = flattenButtons([
      {
        code: 'user',
        children: [
          { code: 'user_add' },
          { code: 'user_edit' },
          { code: 'user_delete', children: [] },
        ],
      },
      { code: 'dict', children: [{ code: 'dict_add' }] },
      { code: 'lonely' },
      { name: 'no code' },
    ])
    expect(flags).toEqual({
      user_add: true,
      user_edit: true,
      user_delete: true,
      dict_add: true,
      lonely: true,
    })
  })

  it('an empty tree gives no permission', () => {
    expect(flattenButtons([])).toEqual({})
  })
})

describe('tree helpers', () => {
  const tree = mapMenu(blade)
  it('lists leaves, finds nodes and counts groups and screens', () => {
    expect(menuLeaves(tree).map((n) => n.id)).toEqual(['11', '12'])
    expect(findMenu(tree, (n) => n.code === 'user')?.id).toBe('11')
    expect(findMenu(tree, (n) => n.code === 'nope')).toBeUndefined()
    expect(countMenu(tree)).toEqual({ groups: 1, screens: 2 })
  })
})
