// Menu management over real HTTP: forests, lazy lists, the parent tree, detail names, submit
// refusals (self or descendant as parent, duplicate code), remove with children, the grant trees
// and keys, and the top-menu grant narrowing menu/routes.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dynamic } from '../../crud/table.ts'
import { ROLE_ADMINISTRATOR, ROLE_WAREHOUSE } from '../../seed/ids.ts'
import { nextId } from '../../core/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'
import type { TreeNode } from '../../crud/tree.ts'

interface Node {
  id: string
  code?: string
  title?: string
  category?: number
  children?: Node[]
}
const flatIds = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.id, ...flatIds(n.children ?? [])])
const find = (nodes: Node[], id: string): Node | undefined =>
  nodes.map((n) => (n.id === id ? n : find(n.children ?? [], id))).find(Boolean)

forEachDatabase('system menu administration', (dialect) => {
  let h: AdminHarness
  let warehouse: string
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
    warehouse = (await loginAs(h.s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => h?.s.close())

  it('lists every menu with buttons as a forest, menus only in menu-list, filters by name', async () => {
    const total = (
      await h.s.db.selectFrom('bladeMenu').select('id').where('isDeleted', '=', 0).execute()
    ).length
    const all = await h.get('/blade-system/menu/list')
    expect(flatIds(all.body.data)).toHaveLength(total)
    const system = all.body.data.find((n: Node) => n.code === 'system')
    const user = system.children.find((n: Node) => n.code === 'user')
    expect(user.children.map((b: Node) => b.code)).toContain('user_add')
    const menus = await h.get('/blade-system/menu/menu-list')
    expect(JSON.stringify(menus.body.data)).not.toContain('"category":2')
    const byName = await h.get('/blade-system/menu/list', { name: '用户管理' })
    expect(byName.body.data.map((n: Node) => n.code)).toEqual(['user'])
    expect((await h.get('/blade-system/menu/list', {}, warehouse)).status).toBe(403)
  })

  it('lazy lists children with hasChildren; the tree has category-1 TreeNodes', async () => {
    const roots = await h.get('/blade-system/menu/lazy-list')
    const system = roots.body.data.find((n: Node) => n.code === 'system')
    expect(system).toMatchObject({ parentId: '0', hasChildren: true })
    const kids = await h.get('/blade-system/menu/lazy-list', { parentId: system.id })
    const user = kids.body.data.find((n: Node) => n.code === 'user')
    expect(user.hasChildren).toBe(true)
    const menuKids = await h.get('/blade-system/menu/lazy-menu-list', { parentId: system.id })
    expect(menuKids.body.data.find((n: Node) => n.code === 'user').hasChildren).toBe(false)
    const tree = await h.get('/blade-system/menu/tree', {}, warehouse)
    const node = find(tree.body.data, user.id) as TreeNode
    expect(node).toMatchObject({
      id: user.id,
      parentId: system.id,
      title: '用户管理',
      titleEn: 'Users',
      key: user.id,
      value: user.id,
    })
    expect(node).not.toHaveProperty('children')
    // The English name is the menu's alias (what the sidebar shows in English); the placeholder alias 'menu' is none.
    expect(find(tree.body.data, system.id)).toMatchObject({ title: '系统管理', titleEn: 'System' })
  })

  let folder: string
  let leaf: string
  it('creates, details and refuses bad parents and duplicate codes', async () => {
    const a = await h.post('/blade-system/menu/submit', {
      json: {
        name: '测试目录',
        code: 'test_folder',
        alias: 'Test',
        path: '/test',
        category: 1,
        sort: 99,
        isOpen: 1,
      },
    })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    folder = a.body.data.id
    const b = await h.post('/blade-system/menu/submit', {
      json: {
        name: '测试页',
        code: 'test_page',
        alias: 'Page',
        path: '/test/page',
        category: 1,
        sort: 1,
        isOpen: 2,
        parentId: folder,
      },
    })
    leaf = b.body.data.id
    const d = await h.get('/blade-system/menu/detail', { id: leaf })
    expect(d.body.data).toMatchObject({
      parentName: '测试目录',
      categoryName: '菜单',
      isOpenName: '是',
      code: 'test_page',
    })
    expect((await h.get('/blade-system/menu/detail', { id: folder })).body.data.parentName).toBe(
      '顶级',
    )
    const self = await h.post('/blade-system/menu/submit', {
      json: { id: folder, parentId: folder },
    })
    expect(self.status).toBe(400)
    expect(self.body.msg).toBe('上级菜单不能是自己')
    const cycle = await h.post('/blade-system/menu/submit', {
      json: { id: folder, parentId: leaf },
    })
    expect(cycle.status).toBe(400)
    expect(cycle.body.msg).toBe('上级菜单不能是自己的下级')
    const dup = await h.post('/blade-system/menu/submit', {
      json: { name: 'x', code: 'user', alias: 'x', category: 1, sort: 1, isOpen: 1 },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('当前菜单编号已存在!')
    const noCode = await h.post('/blade-system/menu/submit', {
      json: { name: 'x', alias: 'x', category: 1, sort: 1, isOpen: 1 },
    })
    expect(noCode.body.msg).toContain('请输入菜单编号')
    expect((await h.get('/blade-system/menu/detail', { id: folder })).body.data.parentId).toBe('0')
  })

  it('refuses removing a menu with children, then removes leaf and folder', async () => {
    const r = await h.post('/blade-system/menu/remove', { query: { ids: folder } })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe('请先删除子节点!')
    expect(
      (await h.post('/blade-system/menu/remove', { query: { ids: `${leaf},${folder}` } })).status,
    ).toBe(200)
    expect((await h.get('/blade-system/menu/detail', { id: folder })).status).toBe(404)
  })

  it('grant-tree: everything for the administrator, only held menus (and parents) for others, with scopes', async () => {
    const stock = await h.menuId('stock_taking')
    const scopeId = nextId()
    const t = '2026-01-01 00:00:00'
    await h.s.db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId: ROLE_WAREHOUSE })
      .execute()
    // A data scope row on a granted menu (table typed only in the migration).
    await dynamic(h.s.db)
      .insertInto('blade_data_scope')
      .values({
        id: scopeId,
        menu_id: stock,
        scope_name: '本人可见',
        scope_type: 2,
        scope_column: 'create_user',
        create_time: t,
        status: 1,
        is_deleted: 0,
      })
      .execute()
    const full = await h.get('/blade-system/menu/grant-tree')
    expect(flatIds(full.body.data.menu)).toHaveLength(
      (await h.s.db.selectFrom('bladeMenu').select('id').where('isDeleted', '=', 0).execute())
        .length,
    )
    const mine = await h.get('/blade-system/menu/grant-tree', {}, warehouse)
    const held = (
      await h.s.db
        .selectFrom('bladeRoleMenu')
        .select('menuId')
        .where('roleId', '=', ROLE_WAREHOUSE)
        .execute()
    ).map((r) => r.menuId)
    const ids = flatIds(mine.body.data.menu)
    expect(held.every((id) => ids.includes(id))).toBe(true)
    expect(ids).not.toContain(await h.menuId('user'))
    const scopeLeaf = find(mine.body.data.dataScope, scopeId)
    expect(scopeLeaf).toMatchObject({ parentId: stock, title: '本人可见' })
    expect(mine.body.data.apiScope).toEqual([])
  })

  it('role-tree-keys answers the ids a role holds; roles of another tenant are refused', async () => {
    const keys = await h.get(
      '/blade-system/menu/role-tree-keys',
      { roleIds: ROLE_WAREHOUSE },
      warehouse,
    )
    const held = (
      await h.s.db
        .selectFrom('bladeRoleMenu')
        .select('menuId')
        .where('roleId', '=', ROLE_WAREHOUSE)
        .execute()
    ).map((r) => r.menuId)
    expect([...keys.body.data.menu].sort()).toEqual([...new Set(held)].sort())
    expect(keys.body.data.dataScope).toHaveLength(1)
    const other = await h.newTenant('菜单租户')
    expect(
      (
        await h.get(
          '/blade-system/menu/role-tree-keys',
          { roleIds: ROLE_ADMINISTRATOR },
          other.token,
        )
      ).status,
    ).toBe(403)
    expect((await h.get('/blade-system/menu/role-tree-keys', {})).status).toBe(400)
  })

  it('top-menu grant replaces its menus and narrows menu/routes', async () => {
    const top = (
      await h.s.db
        .selectFrom('bladeTopMenu')
        .select('id')
        .where('code', '=', 'business')
        .executeTakeFirstOrThrow()
    ).id
    const topTree = await h.get('/blade-system/menu/grant-top-tree')
    expect(topTree.body.data.dataScope).toEqual([])
    expect(JSON.stringify(topTree.body.data.menu)).not.toContain(await h.menuId('user_add'))
    const desk = await h.menuId('desk')
    const notice = await h.menuId('notice')
    expect(
      (
        await h.post('/blade-system/topmenu/grant', {
          json: { topMenuIds: [top], menuIds: [desk, notice] },
        })
      ).status,
    ).toBe(200)
    expect(
      (await h.get('/blade-system/menu/top-tree-keys', { topMenuIds: top })).body.data,
    ).toEqual({ menu: expect.arrayContaining([desk, notice]), dataScope: [], apiScope: [] })
    const routes = await h.get('/blade-system/menu/routes', { topMenuId: top })
    expect(routes.body.data.map((n: Node) => n.code)).toEqual(['desk'])
    expect(flatIds(routes.body.data).sort()).toEqual([desk, notice].sort())
    expect(
      (
        await h.post('/blade-system/topmenu/grant', {
          json: { topMenuIds: [top], menuIds: ['123'] },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await h.post('/blade-system/topmenu/grant', {
          json: { topMenuIds: [top], menuIds: [desk] },
          token: warehouse,
        })
      ).status,
    ).toBe(403)
  })
})
