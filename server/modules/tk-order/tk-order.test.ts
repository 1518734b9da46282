// TK orders and their monthly summary over real HTTP on SQLite and PostgreSQL: the summary's counts,
// amounts and rates with hand-computed values (an order's several SKU lines count once, its Order
// Amount once), null rates where the divisor is zero, the kept table equal to a from-scratch SQL
// computation after creates, month-changing updates, removes and an import chunk, the returnType
// filter, one live line per orderId + skuId, tenant isolation, access and the export's content.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AuthUser } from '../../auth/context.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, ROLE_ADMINISTRATOR } from '../../seed/ids.ts'
import { WriteState } from '../../crud/write-state.ts'
import { nextId } from '../../core/ids.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_LINE_TAKEN, tkOrderCrud } from './index.ts'
import { monthsFromScratch } from './month-sql.ts'

type Row = Record<string, unknown>
const API = '/api/tkOrder/tkOrder'

forEachDatabase('TK orders and the monthly summary', (dialect) => {
  let s: TestServer
  let admin: string
  let office: string
  let finance: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  let sku = 0
  const line = (orderId: string, time: string, orderAmount: number, extra: Row = {}): Row => ({
    orderId,
    skuId: `SKU-${++sku}`,
    orderCreateTime: `${time} 10:00:00`,
    orderAmount,
    quantity: 1,
    ...extra,
  })
  const submit = async (json: Row, token = office) => {
    const r = await call(s.baseUrl, 'POST', `${API}/submit`, { token, json })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Row
  }
  const summary = async (query: Record<string, string> = {}, token = office) => {
    const r = await call(s.baseUrl, 'GET', `${API}/month-summary/list`, {
      token,
      query: { size: '50', ...query },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.records as Row[]
  }
  const month = async (m: string, query: Record<string, string> = {}) =>
    (await summary({ orderYearMonth_ge: m, orderYearMonth_le: m, ...query }))[0]
  /** The kept table equals the summary computed from the lines, for every tenant. */
  const keptEqualsScratch = async () => {
    const norm = (rows: Row[]) =>
      rows
        .map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              typeof v === 'string' && k !== 'tenantId' && k !== 'orderYearMonth'
                ? Math.round(Number(v) * 100) / 100
                : typeof v === 'number'
                  ? Math.round(v * 100) / 100
                  : v,
            ]),
          ),
        )
        .sort((a, b) =>
          `${a.tenantId}${a.orderYearMonth}`.localeCompare(`${b.tenantId}${b.orderYearMonth}`),
        )
    const kept = (await s.db.selectFrom('dmrTkOrderMonth').selectAll().execute()) as Row[]
    const scratch = (await monthsFromScratch().execute(s.db)).rows
    expect(norm(kept)).toEqual(norm(scratch))
  }

  it('sums orders, amounts and rates per month from hand-computed figures; zero divisors give null', async () => {
    // 2025-01: A has two SKU lines (Order Amount 300 repeated on each: counted once).
    await submit(line('A', '2025-01-03', 300, { orderStatus: 'Completed' }))
    await submit(line('A', '2025-01-03', 300, { orderStatus: 'completed' }))
    await submit(
      line('B', '2025-01-04', 200, { orderStatus: 'Shipped', cancelRefundType: 'Return/Refund' }),
    )
    await submit(
      line('C', '2025-01-05', 100, {
        orderStatus: 'Canceled',
        orderSubstatus: 'delivery FAILED',
        cancelRefundType: 'Cancel',
        cancelBy: 'system',
      }),
    )
    await submit(
      line('D', '2025-01-06', 400, {
        orderStatus: 'Canceled',
        cancelRefundType: 'cancel',
        cancelBy: 'User',
      }),
    )
    await submit(
      line('E', '2025-01-07', 1000, {
        orderStatus: 'Canceled',
        cancelRefundType: 'Cancel',
        cancelBy: 'SELLER',
      }),
    )
    await submit(line('F', '2025-01-08', 500, { orderStatus: 'COMPLETED' }))
    // 2025-02: only cancelled orders. 2025-03: orders of amount 0.
    await submit(line('G', '2025-02-01', 50, { cancelBy: 'User', cancelRefundType: 'Cancel' }))
    await submit(line('H', '2025-02-02', 0, { cancelBy: 'System', cancelRefundType: 'Cancel' }))
    await submit(line('I', '2025-03-01', 0, { orderStatus: 'Completed' }))

    expect(await month('2025-01')).toEqual({
      orderYearMonth: '2025-01',
      orderTotal: 6,
      orderAmount: 2500,
      completedTotal: 2,
      completedAmount: 800,
      refundTotal: 1,
      refundAmount: 200,
      deliveryFailedTotal: 1,
      deliveryFailedAmount: 100,
      cancelByUserTotal: 1,
      cancelByUserAmount: 400,
      cancelBySellerTotal: 1,
      cancelBySellerAmount: 1000,
      cancelBySystemTotal: 1,
      cancelBySystemAmount: 100,
      // (1 refund + 1 failed) / (6 − 3 cancelled); (400 + 1000 + 100) / 2500; (200 + 100) / 2500
      returnRate: 66.67,
      preSaleRefundRate: 60,
      afterSaleRefundRate: 12,
    })
    expect(await month('2025-02')).toMatchObject({
      orderTotal: 2,
      orderAmount: 50,
      cancelByUserTotal: 1,
      cancelBySystemTotal: 1,
      returnRate: null,
      preSaleRefundRate: 100,
      afterSaleRefundRate: 0,
    })
    expect(await month('2025-03')).toMatchObject({
      orderTotal: 1,
      orderAmount: 0,
      completedTotal: 1,
      returnRate: 0,
      preSaleRefundRate: null,
      afterSaleRefundRate: null,
    })
    // Newest month first; a day range (the search panel's) means its months.
    expect(
      (await summary({ orderYearMonth_ge: '2025-01-15', orderYearMonth_le: '2025-03-02' })).map(
        (r) => r.orderYearMonth,
      ),
    ).toEqual(['2025-03', '2025-02', '2025-01'])
    expect(
      (await summary({ orderYearMonth_between: '2025-02,2025-03', ascs: 'orderYearMonth' })).map(
        (r) => r.orderYearMonth,
      ),
    ).toEqual(['2025-02', '2025-03'])
    const paged = await call(s.baseUrl, 'GET', `${API}/month-summary/page`, {
      token: office,
      query: {
        orderYearMonth_ge: '2025-01',
        orderYearMonth_le: '2025-03',
        size: '2',
        current: '2',
      },
    })
    expect(paged.body.data).toMatchObject({
      total: 3,
      pages: 2,
      records: [{ orderYearMonth: '2025-01' }],
    })
    expect(
      (
        await call(s.baseUrl, 'GET', `${API}/month-summary/list`, {
          token: office,
          query: { orderYearMonth_ge: '2025-13' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(s.baseUrl, 'GET', `${API}/month-summary/list`, {
          token: office,
          query: { descs: 'orderTotal' },
        })
      ).status,
    ).toBe(400)
    await keptEqualsScratch()
  })

  it('follows updates that change the month, the flags and the order, and removes', async () => {
    const moved = await submit(line('M1', '2025-05-02', 700, { orderStatus: 'Completed' }))
    const other = await submit(line('M1', '2025-05-02', 700))
    expect(await month('2025-05')).toMatchObject({
      orderTotal: 1,
      orderAmount: 700,
      completedTotal: 1,
    })
    // One line moves to June: the order now has a line in each month.
    await submit({ id: moved.id, orderCreateTime: '2025-06-01 08:00:00' })
    expect(await month('2025-05')).toMatchObject({
      orderTotal: 1,
      orderAmount: 700,
      completedTotal: 0,
    })
    expect(await month('2025-06')).toMatchObject({
      orderTotal: 1,
      orderAmount: 700,
      completedTotal: 1,
    })
    await keptEqualsScratch()
    // The other line becomes a refund of another order, then is removed: May has no order left.
    await submit({
      id: other.id,
      orderId: 'M2',
      cancelRefundType: 'Return/Refund',
      orderAmount: 90,
    })
    expect(await month('2025-05')).toMatchObject({
      orderTotal: 1,
      orderAmount: 90,
      refundTotal: 1,
      refundAmount: 90,
    })
    await keptEqualsScratch()
    const removed = await call(s.baseUrl, 'POST', `${API}/remove`, {
      token: office,
      query: { ids: `${String(other.id)},${String(moved.id)}` },
    })
    expect(removed.status).toBe(200)
    expect(await month('2025-05')).toBeUndefined()
    expect(await month('2025-06')).toBeUndefined()
    // A second remove of the same lines changes nothing.
    await call(s.baseUrl, 'POST', `${API}/remove`, {
      token: office,
      query: { ids: String(other.id) },
    })
    await keptEqualsScratch()
  })

  it('follows the undo of a remove: the lines count again, and a line whose key was taken stays removed', async () => {
    const a = await submit(line('U1', '2024-11-03', 300))
    const b = await submit(line('U1', '2024-11-04', 200))
    const post = (op: string, ids: string) =>
      call(s.baseUrl, 'POST', `${API}/${op}`, { token: office, query: { ids } })
    expect((await post('remove', `${String(a.id)},${String(b.id)}`)).status).toBe(200)
    expect(await month('2024-11')).toBeUndefined()
    expect((await post('restore', String(a.id))).status).toBe(200)
    expect(await month('2024-11')).toMatchObject({ orderTotal: 1, orderAmount: 300 })
    // Restoring a live line again counts nothing twice.
    expect((await post('restore', String(a.id))).status).toBe(200)
    expect(await month('2024-11')).toMatchObject({ orderTotal: 1, orderAmount: 300 })
    await submit({
      ...line('U2', '2024-11-05', 50),
      orderId: 'U1',
      skuId: b.skuId,
      orderAmount: 300,
    })
    const r = await post('restore', String(b.id))
    expect(r.status).toBe(400)
    expect(await month('2024-11')).toMatchObject({ orderTotal: 1, orderAmount: 300 })
    await keptEqualsScratch()
  })

  it('follows an import chunk through afterImport (new and updated lines)', async () => {
    const kept = await submit(line('IM1', '2025-07-01', 100, { orderStatus: 'Shipped' }))
    const ctx = s.ctx
    const user: AuthUser = {
      userId: ADMIN_USER_ID,
      tenantId: '000000',
      account: 'admin',
      userName: 'admin',
      realName: 'admin',
      roleIds: [ROLE_ADMINISTRATOR],
      roleAliases: ['administrator'],
      deptIds: [DEPT_COMPANY],
      postId: '',
      oauthId: '',
      clientId: 'saber',
    } as AuthUser
    await s.db.transaction().execute(async (trx) => {
      const previous = [
        (await trx
          .selectFrom('dmrTkOrder')
          .selectAll()
          .where('id', '=', String(kept.id))
          .executeTakeFirstOrThrow()) as Row,
      ]
      await trx
        .updateTable('dmrTkOrder')
        .set({
          orderStatus: 'Completed',
          orderCreateTime: '2025-08-01 09:00:00',
          orderYearMonth: '2025-08',
        })
        .where('id', '=', String(kept.id))
        .execute()
      const base = { tenantId: '000000', isDeleted: 0, status: 1, version: 1, quantity: 1 }
      const fresh = ['IM2', 'IM2', 'IM3'].map((orderId, i) => ({
        ...base,
        id: nextId(),
        orderId,
        skuId: `IMP-${i}`,
        orderCreateTime: '2025-08-02 10:00:00',
        orderYearMonth: '2025-08',
        orderAmount: 250,
        cancelBy: orderId === 'IM3' ? 'Seller' : null,
      }))
      await trx.insertInto('dmrTkOrder').values(fresh).execute()
      const rows = (await trx
        .selectFrom('dmrTkOrder')
        .selectAll()
        .where('id', 'in', [String(kept.id), ...fresh.map((f) => f.id)])
        .execute()) as Row[]
      await tkOrderCrud.tkOrder!.afterImport!({
        ctx,
        trx: trx as never,
        user,
        rows,
        previous,
        state: new WriteState(),
      })
    })
    expect(await month('2025-07')).toBeUndefined()
    expect(await month('2025-08')).toMatchObject({
      orderTotal: 3,
      orderAmount: 600,
      completedTotal: 1,
      completedAmount: 100,
      cancelBySellerTotal: 1,
      cancelBySellerAmount: 250,
    })
    await keptEqualsScratch()
  })

  it('filters by returnType and date range, keeping returnType from the line', async () => {
    const ids = async (query: Record<string, string>) => {
      const r = await call(s.baseUrl, 'GET', `${API}/list`, {
        token: office,
        query: {
          size: '100',
          orderCreateTime_ge: '2025-01-01 00:00:00',
          orderCreateTime_le: '2025-01-31 23:59:59',
          ...query,
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return (r.body.data.records as Row[]).map((x) => x.orderId).sort()
    }
    expect(await ids({ returnType: 'Cancel' })).toEqual(['D', 'E'])
    expect(await ids({ returnType: 'Return/Refund' })).toEqual(['B'])
    expect(await ids({ returnType_equal: 'deliveredFailure' })).toEqual(['C'])
    expect(await ids({})).toEqual(['A', 'A', 'B', 'C', 'D', 'E', 'F'])
    const r = await call(s.baseUrl, 'GET', `${API}/list`, {
      token: office,
      query: { orderId: 'B' },
    })
    expect(r.body.data.records[0]).toMatchObject({
      returnType: 'Return/Refund',
      orderYearMonth: '2025-01',
    })
  })

  it('refuses a second live line with the same orderId + skuId, and writes nothing', async () => {
    const first = await submit({
      orderId: 'DUP',
      skuId: 'DUP-SKU',
      orderCreateTime: '2025-09-01 10:00:00',
      orderAmount: 10,
    })
    const before = await s.db
      .selectFrom('dmrTkOrder')
      .select(['id', 'version'])
      .orderBy('id')
      .execute()
    const r = await call(s.baseUrl, 'POST', `${API}/submit`, {
      token: office,
      json: { orderId: 'DUP', skuId: 'DUP-SKU', orderCreateTime: '2025-09-02 10:00:00' },
    })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe(MSG_LINE_TAKEN('DUP', 'DUP-SKU'))
    const other = await submit({
      orderId: 'DUP',
      skuId: 'DUP-SKU-2',
      orderCreateTime: '2025-09-01 10:00:00',
    })
    expect(
      (
        await call(s.baseUrl, 'POST', `${API}/submit`, {
          token: office,
          json: { id: other.id, skuId: 'DUP-SKU' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await s.db.selectFrom('dmrTkOrder').select(['id', 'version']).orderBy('id').execute()
      ).filter((x) => x.id !== other.id),
    ).toEqual(before)
    // Saving a line under its own key, or after the first is removed, is no clash.
    await submit({ id: first.id, orderAmount: 11 })
    await call(s.baseUrl, 'POST', `${API}/remove`, {
      token: office,
      query: { ids: String(first.id) },
    })
    await submit({ id: other.id, skuId: 'DUP-SKU' })
    expect(await month('2025-09')).toMatchObject({ orderTotal: 1, orderAmount: 0 })
    // The same new key sent four times at once: one line, three clear refusals, never a 500.
    const same = { orderId: 'DUP-RACE', skuId: 'R-1', orderCreateTime: '2025-09-03 10:00:00' }
    const raced = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call(s.baseUrl, 'POST', `${API}/submit`, { token: office, json: same }),
      ),
    )
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    await keptEqualsScratch()
  })

  it('counts an order once when its lines are written at the same time', async () => {
    const lines = Array.from({ length: 8 }, (_, i) =>
      line('CONC', '2025-10-01', 80, {
        skuId: `CONC-${i}`,
        orderStatus: i === 3 ? 'Completed' : 'Shipped',
      }),
    )
    const answers = await Promise.all(
      lines.map((json) => call(s.baseUrl, 'POST', `${API}/submit`, { token: office, json })),
    )
    expect(answers.map((r) => r.status)).toEqual(lines.map(() => 200))
    expect(await month('2025-10')).toMatchObject({
      orderTotal: 1,
      orderAmount: 80,
      completedTotal: 1,
      completedAmount: 80,
    })
    await keptEqualsScratch()
  })

  it('keeps tenants apart', async () => {
    await submit({ ...line('T2-1', '2025-01-10', 9999), tenantId: '200001' }, admin)
    expect((await month('2025-01', {}))?.orderTotal).toBe(6)
    expect((await month('2025-01', { tenantId: '200001' }))?.orderTotal).toBe(6)
    const other = await summary({ tenantId: '200001' }, admin)
    expect(other).toEqual([
      expect.objectContaining({ orderYearMonth: '2025-01', orderTotal: 1, orderAmount: 9999 }),
    ])
    expect((await summary({}, admin)).find((r) => r.orderYearMonth === '2025-01')?.orderTotal).toBe(
      6,
    )
    await keptEqualsScratch()
  })

  it('lets office and finance read the summary, not warehouse; exports it', async () => {
    expect((await summary({}, finance)).length).toBeGreaterThan(0)
    expect(
      (await call(s.baseUrl, 'GET', `${API}/month-summary/list`, { token: warehouse })).status,
    ).toBe(403)
    expect(
      (await call(s.baseUrl, 'GET', `${API}/month-summary/export`, { token: warehouse })).status,
    ).toBe(403)
    const file = await fetch(
      `${s.baseUrl}${API}/month-summary/export?orderYearMonth_ge=2025-01&orderYearMonth_le=2025-03`,
      { headers: { 'Blade-Auth': `bearer ${finance}` } },
    )
    expect(file.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await file.arrayBuffer())
    const sheet = book.worksheets[0]!
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1).slice(0, 4)).toEqual(['订单月份', '订单数', '订单金额', '完成订单数'])
    expect(values(1).slice(-3)).toEqual(['退货率', '售前退款率', '售后退款率'])
    expect(sheet.rowCount).toBe(4)
    // March: returnRate 0 %, the two rates without an order amount left blank.
    const march = values(2)
    expect(march.slice(0, 16)).toEqual(['2025-03', 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect([march[16] ?? '', march[17] ?? '']).toEqual(['', ''])
    expect(values(4)).toEqual([
      '2025-01',
      6,
      2500,
      2,
      800,
      1,
      200,
      1,
      100,
      1,
      400,
      1,
      1000,
      1,
      100,
      66.67,
      60,
      12,
    ])
  })
})
