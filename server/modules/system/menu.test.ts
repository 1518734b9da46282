import { afterAll, beforeAll, expect, it } from 'vitest'
import { flattenMenus, grantedCodes } from '../../seed/menu-flat.ts'
import { ROLE_GRANTS } from '../../seed/menu-grants.ts'
import { call } from '../../../tests/support/http.ts'
import { codesOf, tokenFor, type MenuNode } from '../../../tests/support/system.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const flat = flattenMenus()
const menuCodes = flat.filter((m) => m.category === 1).map((m) => m.code)
const topFolders = flat.filter((m) => m.parentCode === null).map((m) => m.code)

/** The category-1 codes a working role should see: its grants plus their ancestors. */
function expectedFor(alias: string): string[] {
  const granted = new Set((ROLE_GRANTS[alias] ?? []).flatMap((g) => grantedCodes(flat, g)))
  const out = new Set<string>()
  for (const code of granted) {
    let m = flat.find((x) => x.code === code)
    while (m && m.category === 1 && !out.has(m.code)) {
      out.add(m.code)
      m = flat.find((x) => x.code === m?.parentCode)
    }
  }
  return [...out].sort()
}

forEachDatabase('system menus', (dialect) => {
  let s: TestServer
  let admin: string
  let warehouse: string
  let finance: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = await tokenFor(s, 'admin')
    warehouse = await tokenFor(s, 'warehouse')
    finance = await tokenFor(s, 'finance')
  })
  afterAll(() => s?.close())

  it('needs a token', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes')
    expect(r.status).toBe(401)
  })

  it('gives the administrator every menu folder, sorted, as a forest without buttons', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', { token: admin })
    expect(r.status).toBe(200)
    const roots = r.body.data as MenuNode[]
    expect(roots.map((n) => n.code)).toEqual(topFolders)
    expect(codesOf(roots).sort()).toEqual([...menuCodes].sort())
    const system = roots.find((n) => n.code === 'system')
    expect(system).toMatchObject({
      parentId: '0',
      name: '系统管理',
      alias: 'System',
      path: '/system',
      source: 'IconSettings',
      category: 1,
      isOpen: 1,
      remark: '',
    })
    expect(system?.children?.[0]).toMatchObject({
      code: 'user',
      path: '/system/user',
      parentId: system?.id,
      sort: 1,
    })
    // A leaf carries no children key at all.
    expect(system?.children?.[0]).not.toHaveProperty('children')
  })

  it('gives a working role only its menus and their ancestors', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', { token: warehouse })
    const roots = r.body.data as MenuNode[]
    expect(codesOf(roots).sort()).toEqual(expectedFor('warehouse'))
    expect(roots.map((n) => n.code)).toEqual(['product_manage', 'stock'])
    expect(roots[1]?.children?.map((n) => n.code)).toEqual([
      'stock_taking',
      'stock_count',
      'stock_detail',
      'stock_detail_total',
    ])
    const fin = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', { token: finance })
    expect(codesOf(fin.body.data).sort()).toEqual(expectedFor('finance'))
    expect(codesOf(fin.body.data)).not.toContain('stock')
  })

  it('narrows the routes to one top menu', async () => {
    const tops = await call(s.baseUrl, 'GET', '/api/blade-system/menu/top-menu', { token: admin })
    expect(tops.body.data.map((t: { code: string }) => t.code)).toEqual([
      'business',
      'system',
      'develop',
    ])
    const byCode = Object.fromEntries(
      tops.body.data.map((t: { code: string; id: string }) => [t.code, t.id]),
    )
    const sys = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', {
      token: admin,
      query: { topMenuId: byCode.system },
    })
    expect(sys.body.data.map((n: MenuNode) => n.code)).toEqual([
      'system',
      'authority',
      'resource',
      'monitor',
      'report',
    ])
    expect(codesOf(sys.body.data)).toContain('log_error')
    const dev = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', {
      token: admin,
      query: { topMenuId: byCode.develop },
    })
    expect(dev.body.data.map((n: MenuNode) => n.code)).toEqual([
      'tool',
      'job_schedule',
      'flow',
      'work',
    ])
    // A working role under a top menu it has nothing in sees nothing; under its own, its menus.
    const none = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', {
      token: warehouse,
      query: { topMenuId: byCode.system },
    })
    expect(none.body.data).toEqual([])
    const own = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', {
      token: warehouse,
      query: { topMenuId: byCode.business },
    })
    expect(codesOf(own.body.data).sort()).toEqual(expectedFor('warehouse'))
    const bad = await call(s.baseUrl, 'GET', '/api/blade-system/menu/routes', {
      token: admin,
      query: { topMenuId: 'x;drop' },
    })
    expect(bad.status).toBe(400)
  })

  it('lists the granted buttons under their menus', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/menu/buttons', { token: warehouse })
    const parents = r.body.data as MenuNode[]
    expect(parents.map((p) => p.code).sort()).toEqual([
      'product',
      'stock_detail',
      'stock_detail_total',
      'stock_taking',
    ])
    const product = parents.find((p) => p.code === 'product')
    expect(product?.children?.map((b) => b.code)).toEqual(['product_view'])
    expect(product?.children?.[0]).toMatchObject({
      alias: 'view',
      category: 2,
      action: 2,
      parentId: product?.id,
    })
    const taking = parents.find((p) => p.code === 'stock_taking')
    expect(taking?.children?.map((b) => b.code)).toEqual([
      'stock_taking_add',
      'stock_taking_edit',
      'stock_taking_delete',
      'stock_taking_view',
      'stock_taking_export',
    ])

    const all = await call(s.baseUrl, 'GET', '/api/blade-system/menu/buttons', { token: admin })
    const buttons = (all.body.data as MenuNode[])
      .flatMap((p) => p.children ?? [])
      .map((b) => b.code)
    expect(buttons.sort()).toEqual(
      flat
        .filter((m) => m.category === 2)
        .map((m) => m.code)
        .sort(),
    )
    expect(buttons).toEqual(
      expect.arrayContaining([
        'user_reset',
        'topmenu_setting',
        'oss_enable',
        'job_run',
        'tenant_package_setting',
        'code_gen',
      ]),
    )
  })

  it('lists only the top menus that group a menu granted to the caller', async () => {
    const codes = async (token: string) =>
      (await call(s.baseUrl, 'GET', '/api/blade-system/menu/top-menu', { token })).body.data.map(
        (t: { code: string }) => t.code,
      )
    expect(await codes(warehouse)).toEqual(['business'])
    expect(await codes(await tokenFor(s, 'outreach'))).toEqual(['business'])
    expect(await codes(admin)).toEqual(['business', 'system', 'develop'])
  })

  it('answers the caller tenant top menus only', async () => {
    await s.db
      .insertInto('bladeTopMenu')
      .values({
        id: '42',
        tenantId: '123456',
        code: 'other',
        name: '别的租户',
        source: null,
        path: null,
        sort: 0,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/menu/top-menu', { token: admin })
    expect(r.body.data.map((t: { name: string }) => t.name)).toEqual([
      '业务中心',
      '系统管理',
      '研发工具',
    ])
    expect(r.body.data[0]).toMatchObject({
      tenantId: '000000',
      source: 'IconBriefcase',
      path: '',
      sort: 1,
    })
    // The English names, which the app shows when the language is English.
    expect(r.body.data.map((t: { alias: string }) => t.alias)).toEqual([
      'Business',
      'System',
      'Development',
    ])
  })
})
