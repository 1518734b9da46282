// Stock counts over real HTTP on SQLite and PostgreSQL: the server keeps stockTotal with every line
// write and undo, two devices' lines both land, lines of an unknown count are refused, totals
// aggregate per SKU, and the sync extensions (client ids, Idempotency-Key, versions) apply.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { nextId } from '../../core/ids.ts'

forEachDatabase('stock counts', (dialect) => {
  let s: TestServer
  let admin: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const post = (path: string, json: unknown, token = warehouse, key?: string) =>
    call(s.baseUrl, 'POST', `/api${path}`, {
      token,
      json,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const get = (path: string, query: Record<string, string>, token = warehouse) =>
    call(s.baseUrl, 'GET', `/api${path}`, { token, query })
  const newCount = async (checkDate = '2026-02-01', brandId = 'dmr') => {
    const r = await post('/stockTaking/submit', { checkDate, brandId })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }
  const total = async (id: string) =>
    (await get('/stockTaking/detail', { id })).body.data.stockTotal as number
  const line = (
    dmrStockId: string,
    skuNo: string,
    productQuantity: number,
    deviceId = 'tablet-1',
  ) => ({ id: nextId(), dmrStockId, skuNo, productQuantity, deviceId, warehousePosition: 'A-01' })

  it('a new count starts at 0; stockTotal follows line adds, edits and undo (soft delete)', async () => {
    const count = await newCount()
    expect(await total(count)).toBe(0)
    const a = line(count, 'SKU-A', 5)
    const b = line(count, 'SKU-B', 7)
    expect((await post('/stockDetail/submit', a)).body.data).toMatchObject({
      id: a.id,
      dmrStockId: count,
      productQuantity: 5,
      deviceId: 'tablet-1',
      version: 1,
    })
    await post('/stockDetail/submit', b)
    expect(await total(count)).toBe(12)
    expect((await post('/stockDetail/submit', { id: b.id, productQuantity: 9 })).status).toBe(200)
    expect(await total(count)).toBe(14)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/stockDetail/remove', {
          token: warehouse,
          query: { ids: a.id },
        })
      ).status,
    ).toBe(200)
    expect(await total(count)).toBe(9)
    const removed = await s.db
      .selectFrom('dmrStockDetail')
      .select(['isDeleted', 'version'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(removed).toEqual({ isDeleted: 1, version: 2 })
    // stockTotal is the server's: a body cannot set it.
    expect(
      (await post('/stockTaking/submit', { id: count, stockTotal: 1000 })).body.data.stockTotal,
    ).toBe(9)
  })

  it('undoing a line remove counts it again, only while its count is counting', async () => {
    const count = await newCount('2026-02-09')
    const a = line(count, 'SKU-U', 4)
    await post('/stockDetail/submit', a)
    await post('/stockDetail/submit', line(count, 'SKU-V', 3))
    const undo = (op: string) =>
      call(s.baseUrl, 'POST', `/api/stockDetail/${op}`, { token: warehouse, query: { ids: a.id } })
    expect((await undo('remove')).status).toBe(200)
    expect(await total(count)).toBe(3)
    expect((await undo('restore')).status).toBe(200)
    expect(await total(count)).toBe(7)
    expect((await undo('remove')).status).toBe(200)
    // A finished count takes no line back.
    await s.db
      .updateTable('dmrStockTaking')
      .set({ countStatus: 1 })
      .where('id', '=', count)
      .execute()
    expect((await undo('restore')).status).toBe(400)
    expect(await total(count)).toBe(3)
  })

  it('a line moved to another count changes both totals', async () => {
    const first = await newCount('2026-02-02')
    const second = await newCount('2026-02-03')
    const l = line(first, 'SKU-M', 4)
    await post('/stockDetail/submit', l)
    await post('/stockDetail/submit', { id: l.id, dmrStockId: second })
    expect([await total(first), await total(second)]).toEqual([0, 4])
  })

  it("two devices' lines for the same item of one count all land, and the total counts each once", async () => {
    const count = await newCount('2026-02-04')
    // Sent at the same time: the server must not lose a line's quantity between two transactions.
    const lines = Array.from({ length: 10 }, (_, i) =>
      line(count, 'SKU-SAME', i + 1, `tablet-${(i % 2) + 1}`),
    )
    const answers = await Promise.all(
      lines.map((l) => post('/stockDetail/submit', l, warehouse, `key-${l.id}`)),
    )
    expect(answers.map((a) => a.status)).toEqual(lines.map(() => 200))
    const listed = await get('/stockDetail/list', { dmrStockId: count, size: '50' })
    const byDevice = (d: string) =>
      listed.body.data.records.filter((r: { deviceId: string }) => r.deviceId === d).length
    expect([byDevice('tablet-1'), byDevice('tablet-2')]).toEqual([5, 5])
    expect(await total(count)).toBe(55)
    // Concurrent undo of half of them keeps the total exact as well.
    await Promise.all(
      lines
        .filter((_, i) => i % 2 === 0)
        .map((l) =>
          call(s.baseUrl, 'POST', '/api/stockDetail/remove', {
            token: warehouse,
            query: { ids: l.id },
          }),
        ),
    )
    expect(await total(count)).toBe(2 + 4 + 6 + 8 + 10)
  })

  it('the same line sent 3 times with one Idempotency-Key makes one line and counts once', async () => {
    const count = await newCount('2026-02-05')
    const l = line(count, 'SKU-IDEM', 8)
    const answers = [
      await post('/stockDetail/submit', l, warehouse, 'stock-line-0001'),
      await post('/stockDetail/submit', l, warehouse, 'stock-line-0001'),
      await post('/stockDetail/submit', l, warehouse, 'stock-line-0001'),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers[2]!.body).toEqual(answers[0]!.body)
    expect((await get('/stockDetail/list', { dmrStockId: count })).body.data.total).toBe(1)
    expect(await total(count)).toBe(8)
  })

  it('a stale version answers 409 with the current line and overwrites nothing', async () => {
    const count = await newCount('2026-02-06')
    const l = line(count, 'SKU-V', 2)
    await post('/stockDetail/submit', l)
    expect(
      (await post('/stockDetail/submit', { id: l.id, version: 1, productQuantity: 3 })).body.data
        .version,
    ).toBe(2)
    const stale = await post('/stockDetail/submit', { id: l.id, version: 1, productQuantity: 50 })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      code: 409,
      success: false,
      data: { id: l.id, productQuantity: 3, version: 2 },
    })
    expect(await total(count)).toBe(3)
  })

  it('lines of an unknown, removed or foreign count answer 400 and write nothing', async () => {
    const removed = await newCount('2026-02-07')
    await call(s.baseUrl, 'POST', '/api/stockTaking/remove', {
      token: warehouse,
      query: { ids: removed },
    })
    const before = await s.db.selectFrom('dmrStockDetail').select('id').execute()
    for (const dmrStockId of [nextId(), removed]) {
      const r = await post('/stockDetail/submit', line(dmrStockId, 'SKU-X', 1))
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false, msg: '盘点批次不存在或已被删除' })
    }
    const missing = await post('/stockDetail/submit', { skuNo: 'SKU-X', productQuantity: 1 })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('请选择盘点批次')
    expect(
      (await post('/stockDetail/submit', { ...line(nextId(), 'SKU-X', 1), dmrStockId: 'abc' }))
        .status,
    ).toBe(400)
    expect((await s.db.selectFrom('dmrStockDetail').select('id').execute()).length).toBe(
      before.length,
    )
  })

  it('totals aggregate live lines of live counts per SKU, with the declared filters and paging', async () => {
    const one = await newCount('2026-03-01')
    const two = await newCount('2026-03-02')
    const gone = await newCount('2026-03-03')
    const undone = line(one, 'TOT-A', 100)
    for (const l of [
      line(one, 'TOT-A', 2),
      line(two, 'TOT-A', 3),
      line(one, 'TOT-B', 4),
      undone,
      line(gone, 'TOT-A', 50),
    ])
      await post('/stockDetail/submit', l)
    await call(s.baseUrl, 'POST', '/api/stockDetail/remove', {
      token: warehouse,
      query: { ids: undone.id },
    })
    await call(s.baseUrl, 'POST', '/api/stockTaking/remove', {
      token: warehouse,
      query: { ids: gone },
    })
    const all = await get('/stockDetail/total/list', { skuNo: 'TOT-', size: '10' })
    expect(all.status).toBe(200)
    expect(all.body.data).toMatchObject({
      total: 2,
      current: 1,
      size: 10,
      records: [
        { skuNo: 'TOT-A', productQuantity: 5 },
        { skuNo: 'TOT-B', productQuantity: 4 },
      ],
    })
    expect(
      (await get('/stockDetail/total/page', { skuNo: 'TOT-', dmrStockId: two })).body.data.records,
    ).toEqual([{ skuNo: 'TOT-A', productQuantity: 3 }])
    const paged = await get('/stockDetail/total/list', {
      skuNo: 'TOT-',
      size: '1',
      current: '2',
      descs: 'productQuantity',
    })
    expect(paged.body.data).toMatchObject({
      total: 2,
      pages: 2,
      records: [{ skuNo: 'TOT-B', productQuantity: 4 }],
    })
    expect((await get('/stockDetail/total/list', { descs: 'password' })).status).toBe(400)
    const { readSheetText } = await import('../../crud/import/read-sheet.ts')
    const file = await fetch(`${s.baseUrl}/api/stockDetail/total/export?skuNo=TOT-`, {
      headers: { 'Blade-Auth': `bearer ${warehouse}` },
    })
    expect(file.status).toBe(200)
    expect(await readSheetText(new Uint8Array(await file.arrayBuffer()))).toEqual([
      ['SKU编号', '数量'],
      ['TOT-A', '5'],
      ['TOT-B', '4'],
    ])
  })

  it('the seeded count carries its lines; the picker lists counts', async () => {
    const picker = await get('/stockTaking/select', {})
    const seeded = picker.body.data.find((c: { checkDate: string }) => c.checkDate === '2026-01-05')
    expect(seeded).toMatchObject({ brandId: 'dmr', stockTotal: 67 })
    expect(await total(seeded.id)).toBe(67)
  })

  it('reads need a stock menu; writes of lines need the stock count buttons', async () => {
    const outreach = (await loginAs(s.baseUrl, 'outreach', '123456')).access_token
    expect((await get('/stockDetail/list', {}, outreach)).status).toBe(403)
    expect((await get('/stockDetail/total/list', {}, outreach)).status).toBe(403)
    const count = await newCount('2026-04-01')
    expect((await post('/stockDetail/submit', line(count, 'SKU-P', 1), outreach)).status).toBe(403)
    expect(await total(count)).toBe(0)
    expect((await post('/stockDetail/submit', line(count, 'SKU-P', 1), admin)).status).toBe(200)
  })
})
