// The hand-written system lists take the map-style filters of docs/contract.md §4 on their declared search
// fields: plain names (the app's form) and operator suffixes alike, on the paged, forest, lazy,
// parent and child lists, still within the caller's tenant. (The generated contract test covers
// `list` of every entity; this covers the other list endpoints and the suffixes' meanings.)
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEPT_FINANCE } from '../../seed/ids.ts'
import { startAdminHarness, type AdminHarness } from '../../../tests/support/admin-harness.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'

interface Node {
  id: string
  code?: string
  account?: string
  dictValue?: string
  children?: Node[]
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

forEachDatabase('system list filters', (dialect) => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
  })
  afterAll(() => h?.s.close())

  it('user page: account exact, LIKE by default, likeright, status as a number', async () => {
    const accounts = async (q: Record<string, string>) =>
      ((await h.get('/blade-system/user/page', q)).body.data.records as Node[]).map(
        (u) => u.account,
      )
    expect(await accounts({ account_equal: 'admin' })).toEqual(['admin'])
    expect(await accounts({ account: 'dmi' })).toContain('admin')
    expect(await accounts({ account_likeright: 'dmi' })).not.toContain('admin')
    expect(await accounts({ account_likeleft: 'MIN' })).toContain('admin')
    expect(await accounts({ account_notequal: 'admin' })).not.toContain('admin')
    expect((await h.get('/blade-system/user/page', { status_equal: 'x' })).status).toBe(400)
    expect((await h.get('/blade-system/user/list', { status: 'x' })).status).toBe(400)
  })

  it('dept lazy-list: a suffixed search answers matches from every level; a parent keeps its level', async () => {
    const made = await h.post('/blade-system/dept/submit', {
      json: {
        deptName: '岘港分仓',
        fullName: '岘港分仓全称',
        deptCategory: 2,
        sort: 1,
        parentId: DEPT_FINANCE,
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const ids = async (q: Record<string, string>) =>
      ((await h.get('/blade-system/dept/lazy-list', q)).body.data as Node[]).map((d) => d.id)
    expect(await ids({ deptName_equal: '岘港分仓' })).toEqual([made.body.data.id])
    expect(await ids({ fullName_likeright: '岘港' })).toEqual([made.body.data.id])
    expect(await ids({ deptName_likeright: '分仓' })).toEqual([])
    expect(await ids({ deptName_equal: '岘港分仓', parentId: DEPT_FINANCE })).toEqual([
      made.body.data.id,
    ])
    // _ignore drops the filter: the top level again.
    expect(await ids({ deptName_ignore: '岘港分仓' })).not.toContain(made.body.data.id)
    const forest = flat(
      (await h.get('/blade-system/dept/list', { deptName_notlike: '岘港' })).body.data,
    )
    expect(forest.map((d) => d.id)).not.toContain(made.body.data.id)
    // Another tenant's admin never sees it, suffix or not.
    const other = await h.newTenant('筛选租户')
    expect(
      (
        (await h.get('/blade-system/dept/list', { deptName_equal: '岘港分仓' }, other.token)).body
          .data as Node[]
      ).length,
    ).toBe(0)
  })

  it('role and menu lists: exact codes against LIKE', async () => {
    const roles = flat(
      (await h.get('/blade-system/role/list', { roleAlias_equal: 'administrator' })).body.data,
    )
    expect(roles).toHaveLength(1)
    const menus = async (q: Record<string, string>) =>
      ((await h.get('/blade-system/menu/lazy-list', q)).body.data as Node[]).map((m) => m.code)
    expect(await menus({ code_equal: 'dept' })).toEqual(['dept'])
    expect((await menus({ code: 'dept' })).length).toBeGreaterThan(1)
    expect(
      flat((await h.get('/blade-system/menu/list', { code_equal: 'dept' })).body.data).map(
        (m) => m.code,
      ),
    ).toEqual(['dept'])
  })

  it('dict parent-list and child-list: suffixes on the declared fields; in a child list code picks the dictionary', async () => {
    const parents = (await h.get('/blade-system/dict/parent-list', { code_equal: 'sex' })).body.data
      .records as Node[]
    expect(parents.map((p) => p.code)).toEqual(['sex'])
    const entries = async (q: Record<string, string>) =>
      (
        (await h.get('/blade-system/dict/child-list', { code: 'sex', ...q })).body.data
          .records as Node[]
      ).map((e) => e.dictValue)
    expect(await entries({ dictValue_equal: '男' })).toEqual(['男'])
    expect((await entries({ dictValue_notequal: '男' })).sort()).toEqual(['女', '未知'].sort())
    expect(await entries({ code_equal: 'nothing' })).toHaveLength(3)
    expect(
      flat(
        (await h.get('/blade-system/dict/list', { code_equal: 'sex', dictValue_equal: '女' })).body
          .data,
      ).map((e) => e.dictValue),
    ).toEqual(['女'])
  })
})
