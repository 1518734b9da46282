// Undo of a delete (`<api>/restore?ids=`): the soft-deleted rows come back as they were (version
// raised), only the caller's tenant's, only for a holder of the delete button; a live row is left
// alone. On SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MSG_RESTORE_TAKEN } from '../../server/crud/restore.ts'
import { startAdminHarness, type AdminHarness } from '../support/admin-harness.ts'
import { loginAs } from '../support/login.ts'
import { forEachDatabase } from '../support/test-server.ts'

forEachDatabase('restore of deleted rows', (dialect) => {
  let h: AdminHarness
  let warehouse: string
  let a: string
  let b: string
  beforeAll(async () => {
    h = await startAdminHarness(dialect)
    warehouse = (await loginAs(h.s.baseUrl, 'warehouse', '123456')).access_token
    const make = async (code: string) =>
      (
        await h.post('/blade-system/post/submit', {
          json: {
            category: 1,
            postCode: code,
            postName: `岗位${code}`,
            sort: 3,
            remark: '撤销测试',
          },
        })
      ).body.data.id as string
    a = await make('UNDO-A')
    b = await make('UNDO-B')
    expect(
      (await h.post('/blade-system/post/remove', { query: { ids: `${a},${b}` } })).status,
    ).toBe(200)
  }, 60_000)
  afterAll(() => h?.s.close())

  const stored = (id: string) =>
    h.s.db.selectFrom('bladePost').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  // Every table has the version column (a migration adds it); the generated schema type does not list it.
  const versionOf = (row: object) => Number((row as { version?: unknown }).version)

  it('refuses a caller without the delete button (403) and restores nothing', async () => {
    const r = await h.post('/blade-system/post/restore', { query: { ids: a }, token: warehouse })
    expect(r.status).toBe(403)
    expect((await stored(a)).isDeleted).toBe(1)
  })

  it("leaves another tenant's deleted rows deleted", async () => {
    const other = await h.newTenant('撤销租户')
    const r = await h.post('/blade-system/post/restore', { query: { ids: a }, token: other.token })
    expect(r.status).toBe(200)
    expect((await stored(a)).isDeleted).toBe(1)
  })

  it('brings back the named rows as they were, with the version raised', async () => {
    const before = await stored(a)
    const r = await h.post('/blade-system/post/restore', { query: { ids: a } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const after = await stored(a)
    expect(after).toMatchObject({
      isDeleted: 0,
      postCode: 'UNDO-A',
      postName: '岗位UNDO-A',
      sort: 3,
      remark: '撤销测试',
      category: 1,
      tenantId: '000000',
    })
    expect(versionOf(after)).toBe(versionOf(before) + 1)
    const detail = await h.get('/blade-system/post/detail', { id: a })
    expect(detail.body.data).toMatchObject({ id: a, postCode: 'UNDO-A' })
    // B was not named: it stays deleted.
    expect((await stored(b)).isDeleted).toBe(1)
  })

  it('changes nothing on a live row', async () => {
    const before = await stored(a)
    expect((await h.post('/blade-system/post/restore', { query: { ids: a } })).status).toBe(200)
    expect(await stored(a)).toEqual(before)
  })

  it('refuses bad ids with 400', async () => {
    expect((await h.post('/blade-system/post/restore', { query: { ids: '' } })).status).toBe(400)
    expect((await h.post('/blade-system/post/restore', { query: { ids: 'x;1' } })).status).toBe(400)
  })

  it('refuses to bring back a row whose unique value a row made since has taken, and restores nothing', async () => {
    const make = async (paramKey: string) =>
      (
        await h.post('/blade-system/param/submit', {
          json: { paramName: paramKey, paramKey, paramValue: '1' },
        })
      ).body.data.id as string
    const old = await make('undo.taken')
    const other = await make('undo.free')
    expect(
      (await h.post('/blade-system/param/remove', { query: { ids: `${old},${other}` } })).status,
    ).toBe(200)
    await make('undo.taken')
    const r = await h.post('/blade-system/param/restore', { query: { ids: `${other},${old}` } })
    expect([r.status, r.body.msg]).toEqual([400, `${MSG_RESTORE_TAKEN}: undo.taken`])
    const rows = await h.s.db
      .selectFrom('bladeParam')
      .select(['id', 'isDeleted'])
      .where('id', 'in', [old, other])
      .execute()
    expect(rows.map((row) => row.isDeleted)).toEqual([1, 1])
    // The row whose key is still free comes back alone.
    expect((await h.post('/blade-system/param/restore', { query: { ids: other } })).status).toBe(
      200,
    )
  })

  it('is open to a non-administrator holding the delete button (a warehouse stock count)', async () => {
    const count = await h.s.db
      .selectFrom('dmrStockTaking')
      .select(['id', 'version'])
      .where('checkDate', '=', '2026-01-05')
      .executeTakeFirstOrThrow()
    expect(
      (await h.post('/stockTaking/remove', { query: { ids: count.id }, token: warehouse })).status,
    ).toBe(200)
    expect(
      (await h.post('/stockTaking/restore', { query: { ids: count.id }, token: warehouse })).status,
    ).toBe(200)
    const after = await h.s.db
      .selectFrom('dmrStockTaking')
      .select(['isDeleted', 'version'])
      .where('id', '=', count.id)
      .executeTakeFirstOrThrow()
    expect(after.isDeleted).toBe(0)
    expect(Number(after.version)).toBe(Number(count.version) + 2)
  })
})
