// Department management over real HTTP: ancestors computed and recomputed on a move, forests,
// lazy lists and trees, parent refusals, tenant of a child, and remove refusals.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEPT_COMPANY, DEPT_FINANCE, DEPT_OFFICE, DEPT_WAREHOUSE } from '../../seed/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

interface Node {
  id: string
  title?: string
  hasChildren?: boolean
  children?: Node[]
}

forEachDatabase('system dept administration', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  const dept = (name: string, parentId: string) => ({
    deptName: name,
    fullName: `${name}全称`,
    deptCategory: 2,
    sort: 1,
    parentId,
  })
  const ancestorsOf = async (id: string) =>
    (await h.get('/blade-system/dept/detail', { id })).body.data.ancestors

  let a: string
  let b: string
  let c: string
  it('computes ancestors from the parent', async () => {
    const ra = await h.post('/blade-system/dept/submit', { json: dept('华南区', DEPT_WAREHOUSE) })
    expect(ra.status, JSON.stringify(ra.body)).toBe(200)
    a = ra.body.data.id
    expect(ra.body.data).toMatchObject({
      ancestors: `0,${DEPT_COMPANY},${DEPT_WAREHOUSE}`,
      tenantId: '000000',
      parentName: '仓库部',
    })
    b = (await h.post('/blade-system/dept/submit', { json: dept('胡志明仓', a) })).body.data.id
    c = (await h.post('/blade-system/dept/submit', { json: dept('一号库', b) })).body.data.id
    expect(await ancestorsOf(c)).toBe(`0,${DEPT_COMPANY},${DEPT_WAREHOUSE},${a},${b}`)
  })

  it('moving a dept recomputes the ancestors of everything below it', async () => {
    expect(
      (await h.post('/blade-system/dept/submit', { json: { id: a, parentId: DEPT_FINANCE } }))
        .status,
    ).toBe(200)
    expect(await ancestorsOf(a)).toBe(`0,${DEPT_COMPANY},${DEPT_FINANCE}`)
    expect(await ancestorsOf(b)).toBe(`0,${DEPT_COMPANY},${DEPT_FINANCE},${a}`)
    expect(await ancestorsOf(c)).toBe(`0,${DEPT_COMPANY},${DEPT_FINANCE},${a},${b}`)
    expect((await h.get('/blade-system/dept/detail', { id: a })).body.data.deptName).toBe('华南区')
  })

  it('refuses itself or a descendant as parent and an unknown parent', async () => {
    expect(
      (await h.post('/blade-system/dept/submit', { json: { id: a, parentId: a } })).body.msg,
    ).toBe('上级机构不能是自己')
    expect(
      (await h.post('/blade-system/dept/submit', { json: { id: a, parentId: c } })).body.msg,
    ).toBe('上级机构不能是自己的下级')
    expect((await h.post('/blade-system/dept/submit', { json: dept('x', '123') })).status).toBe(400)
    expect(
      (await h.post('/blade-system/dept/submit', { json: { deptName: 'y', sort: 1 } })).body.msg,
    ).toContain('请输入机构全称')
    expect(await ancestorsOf(a)).toBe(`0,${DEPT_COMPANY},${DEPT_FINANCE}`)
  })

  it('gives a new dept sent without a category (Saber has none) the parent category, and still refuses an empty one', async () => {
    const office = (await h.get('/blade-system/dept/detail', { id: DEPT_OFFICE })).body.data
    const { deptName, fullName, sort } = dept('前台', DEPT_OFFICE)
    const made = await h.post('/blade-system/dept/submit', {
      json: { deptName, fullName, sort, parentId: DEPT_OFFICE },
    })
    expect(made.body.data).toMatchObject({
      parentId: DEPT_OFFICE,
      deptCategory: office.deptCategory,
    })
    const top = await h.post('/blade-system/dept/submit', {
      json: { deptName: '岘港公司', fullName: '岘港公司', sort: 5 },
    })
    expect(top.body.data).toMatchObject({ parentId: '0', deptCategory: 1 })
    for (const deptCategory of ['', null])
      expect(
        (
          await h.post('/blade-system/dept/submit', {
            json: { ...dept('后台', DEPT_OFFICE), deptCategory },
          })
        ).body.msg,
      ).toBe('请选择机构类型')
    const edited = await h.post('/blade-system/dept/submit', {
      json: { id: made.body.data.id, deptName: '前台组', version: made.body.data.version },
    })
    expect(edited.body.data).toMatchObject({
      deptName: '前台组',
      deptCategory: office.deptCategory,
    })
    expect(
      (
        await h.post('/blade-system/dept/remove', {
          query: { ids: `${made.body.data.id},${top.body.data.id}` },
        })
      ).body.success,
    ).toBe(true)
  })

  it('lists forests, lazy lists and trees', async () => {
    const list = await h.get('/blade-system/dept/list')
    expect(list.body.data.map((d: Node) => d.id)).toEqual([DEPT_COMPANY])
    const finance = list.body.data[0].children.find((d: Node) => d.id === DEPT_FINANCE)
    expect(finance.children[0]).toMatchObject({ id: a, parentName: '财务部' })
    const filtered = await h.get('/blade-system/dept/list', { deptName: '胡志明' })
    expect(filtered.body.data.map((d: Node) => d.id)).toEqual([b])
    const lazy = await h.get('/blade-system/dept/lazy-list', { parentId: DEPT_FINANCE })
    expect(lazy.body.data).toEqual([expect.objectContaining({ id: a, hasChildren: true })])
    const roots = await h.get('/blade-system/dept/lazy-tree')
    expect(roots.body.data).toEqual([
      {
        id: DEPT_COMPANY,
        parentId: '0',
        title: '越南电商',
        key: DEPT_COMPANY,
        value: DEPT_COMPANY,
        hasChildren: true,
      },
    ])
    const tree = await h.get('/blade-system/dept/tree')
    expect(tree.body.data[0].children.map((d: Node) => d.title)).toEqual([
      '仓库部',
      '外联部',
      '财务部',
      '办公室',
    ])
  })

  it('refuses removing a dept with children or with users; removes an empty leaf', async () => {
    expect((await h.post('/blade-system/dept/remove', { query: { ids: a } })).body.msg).toBe(
      '请先删除子节点!',
    )
    const users = await h.post('/blade-system/dept/remove', { query: { ids: DEPT_OFFICE } })
    expect(users.status).toBe(400)
    expect(users.body.msg).toContain('存在用户')
    expect(
      (await h.post('/blade-system/dept/remove', { query: { ids: `${c},${b}` } })).status,
    ).toBe(200)
    expect((await h.get('/blade-system/dept/detail', { id: b })).status).toBe(404)
    expect(
      (await h.get('/blade-system/dept/lazy-list', { parentId: DEPT_FINANCE })).body.data[0]
        .hasChildren,
    ).toBe(false)
  })

  it("keeps a tenant admin in its tenant: a child takes the parent's tenant, other tenants' depts are refused", async () => {
    const t = await h.newTenant('部门租户')
    const own = (await h.get('/blade-system/dept/tree', { tenantId: '000000' }, t.token)).body.data
    expect(own).toHaveLength(1)
    const child = await h.post('/blade-system/dept/submit', {
      json: { ...dept('河内办', own[0].id), tenantId: '000000' },
      token: t.token,
    })
    expect(child.body.data.tenantId).toBe(t.tenantId)
    expect(
      (
        await h.post('/blade-system/dept/submit', {
          json: dept('越权', DEPT_COMPANY),
          token: t.token,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await h.post('/blade-system/dept/remove', {
          query: { ids: DEPT_WAREHOUSE },
          token: t.token,
        })
      ).status,
    ).toBe(403)
  })
})
