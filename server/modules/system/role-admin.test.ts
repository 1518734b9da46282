// Role management over real HTTP: forest and trees (alias admin hidden), submit rules, remove
// refusals, and grants — replacing links so that the granted user's routes change, bounded by
// what a non-administrator holds and by the tenant package.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  DEPT_OFFICE,
  POST_CEO,
  ROLE_ADMINISTRATOR,
  ROLE_OFFICE,
  ROLE_WAREHOUSE,
} from '../../seed/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

interface Node {
  id: string
  code?: string
  roleAlias?: string
  title?: string
  children?: Node[]
}
const codes = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.code ?? '', ...codes(n.children ?? [])])
const ids = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])])

forEachDatabase('system role administration', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  let parent: string
  let child: string
  it('creates roles in a tree and lists them with parentName; refuses a cycle', async () => {
    const a = await h.post('/blade-system/role/submit', {
      json: { roleName: '运营主管', roleAlias: 'ops_lead', sort: 5 },
    })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    parent = a.body.data.id
    const b = await h.post('/blade-system/role/submit', {
      json: { roleName: '运营专员', roleAlias: 'ops', sort: 1, parentId: parent },
    })
    child = b.body.data.id
    const list = await h.get('/blade-system/role/list')
    const lead = list.body.data.find((r: Node) => r.id === parent)
    expect(lead.children).toEqual([
      expect.objectContaining({ id: child, parentName: '运营主管', tenantId: '000000' }),
    ])
    expect(
      ids((await h.get('/blade-system/role/list', { roleAlias: 'ops' })).body.data).sort(),
    ).toEqual([parent, child].sort())
    // A filtered list keeps the matches whose parent is filtered out as roots.
    expect(
      (await h.get('/blade-system/role/list', { roleName: '专员' })).body.data.map(
        (r: Node) => r.id,
      ),
    ).toEqual([child])
    expect((await h.get('/blade-system/role/detail', { id: child })).body.data.parentName).toBe(
      '运营主管',
    )
    expect(
      (await h.post('/blade-system/role/submit', { json: { id: parent, parentId: child } })).body
        .msg,
    ).toBe('上级角色不能是自己的下级')
    expect(
      (await h.post('/blade-system/role/submit', { json: { id: parent, parentId: parent } }))
        .status,
    ).toBe(400)
    expect(
      (await h.post('/blade-system/role/submit', { json: { roleName: 'x', sort: 1 } })).body.msg,
    ).toContain('请输入角色别名')
    const tree = await h.get('/blade-system/role/tree')
    expect(tree.body.data.find((n: Node) => n.id === parent)).toMatchObject({
      title: '运营主管',
      key: parent,
      value: parent,
      hasChildren: true,
    })
    const aliases = await h.get('/blade-system/role/alias')
    expect(aliases.body.data).toContainEqual({ roleAlias: 'ops_lead', roleName: '运营主管' })
  })

  it('grant replaces the links of the role and the granted user sees the new menus', async () => {
    const desk = await h.menuId('desk')
    const notice = await h.menuId('notice')
    const product = await h.menuId('product')
    const user = await h.post('/blade-system/user/submit', {
      json: {
        account: 'opsuser',
        password: 'ops-pass',
        name: 'o',
        realName: 'o',
        roleId: child,
        deptId: DEPT_OFFICE,
        postId: POST_CEO,
      },
    })
    expect(user.status, JSON.stringify(user.body)).toBe(200)
    expect(
      (
        await h.post('/blade-system/role/grant', {
          json: { roleIds: [child], menuIds: [desk, notice], dataScopeIds: [], apiScopeIds: [] },
        })
      ).status,
    ).toBe(200)
    let token = (await loginAs(h.s.baseUrl, 'opsuser', 'ops-pass')).access_token
    expect(codes((await h.get('/blade-system/menu/routes', {}, token)).body.data)).toEqual([
      'desk',
      'notice',
    ])
    expect(
      (await h.post('/blade-system/role/grant', { json: { roleIds: [child], menuIds: [product] } }))
        .status,
    ).toBe(200)
    token = (await loginAs(h.s.baseUrl, 'opsuser', 'ops-pass')).access_token
    expect(codes((await h.get('/blade-system/menu/routes', {}, token)).body.data)).toEqual([
      'product_manage',
      'product',
    ])
    expect(
      (await h.get('/blade-system/menu/role-tree-keys', { roleIds: child }, token)).body.data.menu,
    ).toEqual([product])
    expect(
      (await h.post('/blade-system/role/grant', { json: { roleIds: [child], menuIds: ['99'] } }))
        .status,
    ).toBe(400)
    expect(
      (await h.post('/blade-system/role/grant', { json: { menuIds: [product] } })).status,
    ).toBe(400)
  })

  it('refuses removing a role with children or with users, then removes it', async () => {
    expect((await h.post('/blade-system/role/remove', { query: { ids: parent } })).body.msg).toBe(
      '请先删除子节点!',
    )
    const held = await h.post('/blade-system/role/remove', { query: { ids: child } })
    expect(held.status).toBe(400)
    expect(held.body.msg).toContain('存在用户')
    const lone = await h.post('/blade-system/role/submit', {
      json: { roleName: '临时', roleAlias: 'temp', sort: 9 },
    })
    expect(
      (await h.post('/blade-system/role/remove', { query: { ids: lone.body.data.id } })).status,
    ).toBe(200)
    expect((await h.get('/blade-system/role/detail', { id: lone.body.data.id })).status).toBe(404)
  })

  it('a tenant admin: own tenant only, no administrator alias, grants only what it holds, within its package', async () => {
    const t = await h.newTenant('角色租户')
    const tree = await h.get('/blade-system/role/tree', { tenantId: '000000' }, t.token)
    expect(tree.body.data.map((n: Node) => n.title)).toEqual(['管理员'])
    // The administrator does not see the tenant's 'admin' roles (docs/contract.md §10.2), its admin does.
    expect((await h.get('/blade-system/role/tree', { tenantId: t.tenantId })).body.data).toEqual([])
    expect(
      (
        await h.post('/blade-system/role/submit', {
          json: { roleName: 'x', roleAlias: 'administrator', sort: 1 },
          token: t.token,
        })
      ).status,
    ).toBe(403)
    const r = await h.post('/blade-system/role/submit', {
      json: { roleName: '店员', roleAlias: 'clerk', sort: 2, tenantId: '000000' },
      token: t.token,
    })
    expect(r.body.data.tenantId).toBe(t.tenantId)
    const clerk = r.body.data.id
    // Nothing of tenant 000000 can be read or removed.
    expect((await h.get('/blade-system/role/detail', { id: ROLE_OFFICE }, t.token)).status).toBe(
      404,
    )
    expect(
      (
        await h.post('/blade-system/role/remove', {
          query: { ids: ROLE_ADMINISTRATOR },
          token: t.token,
        })
      ).status,
    ).toBe(403)
    expect(
      (await h.get('/blade-system/role/list', { tenantId: '000000' }, t.token)).body.data
        .map((n: Node) => n.id)
        .sort(),
    ).toEqual(ids(tree.body.data).concat(clerk).sort())
    expect(
      (
        await h.post('/blade-system/role/grant', {
          json: { roleIds: [ROLE_WAREHOUSE], menuIds: [] },
          token: t.token,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await h.post('/blade-system/role/grant', {
          json: { roleIds: [clerk], menuIds: [await h.menuId('tenant')] },
          token: t.token,
        })
      ).status,
    ).toBe(403)
    const desk = await h.menuId('desk')
    const notice = await h.menuId('notice')
    expect(
      (
        await h.post('/blade-system/role/grant', {
          json: { roleIds: [clerk], menuIds: [desk, notice] },
          token: t.token,
        })
      ).status,
    ).toBe(200)
    // With a package of desk + notice, even the administrator cannot grant the tenant more.
    const pkg = await h.post('/blade-system/tenant-package/submit', {
      json: { packageName: '桌面包', menuId: `${desk},${notice}` },
    })
    expect(
      (
        await h.post('/blade-system/tenant/package-setting', {
          query: { tenantId: t.tenantId, packageId: pkg.body.data.id },
        })
      ).status,
    ).toBe(200)
    const over = await h.post('/blade-system/role/grant', {
      json: { roleIds: [clerk], menuIds: [desk, await h.menuId('user')] },
    })
    expect(over.status).toBe(400)
    expect(over.body.msg).toContain('产品包')
    const grantTree = await h.get('/blade-system/menu/grant-tree', {}, t.token)
    expect(ids(grantTree.body.data.menu).sort()).toEqual([desk, notice].sort())
    // The package withdrew the role screen from the tenant's admin.
    expect((await h.get('/blade-system/role/list', {}, t.token)).status).toBe(403)
  })
})
