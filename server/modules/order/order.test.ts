// Our own orders over real HTTP on SQLite and PostgreSQL: orderAmount computed by the server from
// hand-computed values (lines, shipping, discount; a tampered total ignored; a negative total
// refused), orderNo unique per tenant, the lines kept in dmr_order_item (detail, update, remove,
// undo of a remove),
// the "what sold" list with its date and SKU filters, the pickers, tenant isolation and who may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { MSG_RESTORE_TAKEN } from '../../crud/restore.ts'
import { MSG_NEGATIVE_TOTAL, MSG_ORDER_NO_TAKEN, MSG_SKU_UNKNOWN } from './order-rules.ts'

const AO_DAI_S = 'DMR-AO-DAI-S-RED' // seeded, 850 000 ₫
const NON_LA = 'DMR-NON-LA-01' // seeded, 120 000 ₫

interface Line {
  skuNo: string
  name?: string
  quantity: number
  unitPrice: number
  amount?: number
}

forEachDatabase('orders', (dialect) => {
  let s: TestServer
  let office: string
  let warehouse: string
  let finance: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
  })
  afterAll(() => s?.close())

  const api = (op: string) => `/api/dmrOrder/${op}`
  const submit = (json: Record<string, unknown>, token = office) =>
    call(s.baseUrl, 'POST', api('submit'), { token, json })
  const get = (op: string, query: Record<string, string> = {}, token = office) =>
    call(s.baseUrl, 'GET', api(op), { token, query })
  const orderOf = (orderNo: string, items: Line[], extra: Record<string, unknown> = {}) => ({
    orderNo,
    orderTime: '2026-03-08 10:30:00',
    channel: 'tiktok_shop',
    orderStatus: 'paid',
    buyerName: 'Nguyễn Văn A',
    items,
    ...extra,
  })
  const created = async (json: Record<string, unknown>) => {
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { id: string }
  }
  const detail = async (id: string) => {
    const r = await get('detail', { id })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { items: Line[]; orderAmount: number }
  }
  const counts = async () => ({
    orders: (await s.db.selectFrom('dmrOrder').select('id').execute()).length,
    lines: (await s.db.selectFrom('dmrOrderItem').select('id').execute()).length,
  })
  const refused = async (json: Record<string, unknown>, message: string) => {
    const before = await counts()
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    expect(r.body.msg).toContain(message)
    expect(await counts()).toEqual(before)
  }

  describe('orderAmount', () => {
    it('is Σ quantity × unitPrice + shippingFee − discount, whatever the request says', async () => {
      // 2 × 850 000 + 3 × 120 000 = 2 060 000; + 30 000 shipping − 60 000 discount = 2 030 000.
      const order = await created(
        orderOf(
          'AMT-1',
          [
            { skuNo: AO_DAI_S, quantity: 2, unitPrice: 850000, amount: 1 },
            { skuNo: NON_LA, quantity: 3, unitPrice: 120000, amount: 999999999 },
          ],
          { shippingFee: 30000, discount: 60000, orderAmount: 5 },
        ),
      )
      expect(Number(order.orderAmount)).toBe(2030000)
      const d = await detail(order.id)
      expect(d.orderAmount).toBe(2030000)
      expect(d.items).toEqual([
        {
          skuNo: AO_DAI_S,
          name: '红色真丝奥黛 S码',
          quantity: 2,
          unitPrice: 850000,
          amount: 1700000,
        },
        { skuNo: NON_LA, name: '传统斗笠', quantity: 3, unitPrice: 120000, amount: 360000 },
      ])
      const stored = await s.db
        .selectFrom('dmrOrder')
        .select(['orderAmount', 'shippingFee', 'discount'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      expect(Number(stored.orderAmount)).toBe(2030000)
    })

    it('many lines with cents sum exactly; no shipping or discount counts as 0', async () => {
      // 12 lines: i × 0.1 ₫ at quantity 3 (i = 1..12): 3 × 0.1 × 78 = 23.4; plus a named line 7 × 19 999.99 = 139 999.93.
      const items: Line[] = Array.from({ length: 12 }, (_, i) => ({
        skuNo: NON_LA,
        name: `line ${i + 1}`,
        quantity: 3,
        unitPrice: Number(((i + 1) / 10).toFixed(1)),
      }))
      items.push({ skuNo: AO_DAI_S, name: 'my own name', quantity: 7, unitPrice: 19999.99 })
      const order = await created(orderOf('AMT-MANY', items))
      const d = await detail(order.id)
      expect(d.orderAmount).toBe(140023.33)
      expect(d.items).toHaveLength(13)
      expect(d.items[12]).toEqual({
        skuNo: AO_DAI_S,
        name: 'my own name',
        quantity: 7,
        unitPrice: 19999.99,
        amount: 139999.93,
      })
      expect(Number(d.shippingFee)).toBe(0)
      expect(Number(d.discount)).toBe(0)
    })

    it('follows an update: new lines replace the old ones; a new fee alone keeps the lines', async () => {
      const order = await created(
        orderOf('AMT-UPD', [{ skuNo: NON_LA, quantity: 1, unitPrice: 120000 }], {
          shippingFee: 15000,
        }),
      )
      expect(Number(order.orderAmount)).toBe(135000)
      let r = await submit({
        id: order.id,
        items: [
          { skuNo: AO_DAI_S, quantity: 1, unitPrice: 800000 },
          { skuNo: NON_LA, quantity: 2, unitPrice: 100000 },
        ],
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      // 800 000 + 200 000 + 15 000 = 1 015 000.
      expect(Number(r.body.data.orderAmount)).toBe(1015000)
      r = await submit({ id: order.id, discount: 15000, orderAmount: 1 })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      const d = await detail(order.id)
      expect(d.orderAmount).toBe(1000000)
      expect(d.items.map((l) => l.amount)).toEqual([800000, 200000])
      expect(
        await s.db
          .selectFrom('dmrOrderItem')
          .select('id')
          .where('orderId', '=', order.id)
          .execute(),
      ).toHaveLength(2)
    })

    it('a negative total is refused with a clear message and writes nothing', async () => {
      await refused(
        orderOf('AMT-NEG', [{ skuNo: NON_LA, quantity: 1, unitPrice: 120000 }], {
          shippingFee: 10000,
          discount: 130001,
        }),
        MSG_NEGATIVE_TOTAL,
      )
      // Exactly zero is a free order, not an error.
      const free = await created(
        orderOf('AMT-ZERO', [{ skuNo: NON_LA, quantity: 1, unitPrice: 120000 }], {
          shippingFee: 10000,
          discount: 130000,
        }),
      )
      expect(Number(free.orderAmount)).toBe(0)
    })

    it('lines must name known SKUs, a quantity of at least 1 and a price', async () => {
      await refused(
        orderOf('BAD-SKU', [{ skuNo: 'NO-SUCH-SKU', quantity: 1, unitPrice: 1 }]),
        MSG_SKU_UNKNOWN(['NO-SUCH-SKU']),
      )
      await refused(orderOf('BAD-QTY', [{ skuNo: NON_LA, quantity: 0, unitPrice: 1 }]), '数量')
      await refused(orderOf('BAD-NO-LINES', []), '请至少添加一条商品明细')
      await refused(
        { ...orderOf('BAD-PRICE', [{ skuNo: NON_LA, quantity: 1 } as Line]) },
        '单价不能为空',
      )
    })
  })

  it('orderNo is unique per tenant among live orders; a removed one frees it', async () => {
    const first = await created(orderOf('NO-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]))
    await refused(
      orderOf('NO-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]),
      MSG_ORDER_NO_TAKEN('NO-1'),
    )
    await refused(
      orderOf(' NO-1 ', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]),
      MSG_ORDER_NO_TAKEN('NO-1'),
    )
    const other = await created(orderOf('NO-2', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]))
    const r = await submit({ id: other.id, orderNo: 'NO-1' })
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain(MSG_ORDER_NO_TAKEN('NO-1'))
    expect((await submit({ id: first.id, orderNo: 'NO-1', remark: 'same number' })).status).toBe(
      200,
    )
    expect(
      (await call(s.baseUrl, 'POST', api('remove'), { token: office, query: { ids: first.id } }))
        .status,
    ).toBe(200)
    await created(orderOf('NO-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]))
  })

  it('remove takes the order lines with it', async () => {
    const a = await created(
      orderOf('RM-1', [
        { skuNo: NON_LA, quantity: 1, unitPrice: 1000 },
        { skuNo: AO_DAI_S, quantity: 1, unitPrice: 1000 },
      ]),
    )
    const b = await created(orderOf('RM-2', [{ skuNo: NON_LA, quantity: 4, unitPrice: 1000 }]))
    expect(
      await s.db
        .selectFrom('dmrOrderItem')
        .select('id')
        .where('orderId', 'in', [a.id, b.id])
        .execute(),
    ).toHaveLength(3)
    expect(
      (await call(s.baseUrl, 'POST', api('remove'), { token: office, query: { ids: a.id } }))
        .status,
    ).toBe(200)
    expect(
      await s.db
        .selectFrom('dmrOrderItem')
        .select('orderId')
        .where('orderId', 'in', [a.id, b.id])
        .execute(),
    ).toEqual([{ orderId: b.id }])
    expect((await get('detail', { id: a.id })).status).toBe(404)
    expect(
      (await get('orderList', { skuNo_like: '', size: '500' })).body.data.records.some(
        (l: { orderId: string }) => l.orderId === a.id,
      ),
    ).toBe(false)
  })

  it('undoing a remove brings the order back with its lines as they were, while its number is free', async () => {
    const a = await created(
      orderOf('UNDO-1', [
        { skuNo: NON_LA, quantity: 2, unitPrice: 1000 },
        { skuNo: AO_DAI_S, quantity: 1, unitPrice: 5000 },
      ]),
    )
    const before = await detail(a.id)
    const linesOf = () =>
      s.db
        .selectFrom('dmrOrderItem')
        .selectAll()
        .where('orderId', '=', a.id)
        .orderBy('lineNo')
        .execute()
    const lines = await linesOf()
    expect(lines).toHaveLength(2)
    const post = (op: string) =>
      call(s.baseUrl, 'POST', api(op), { token: office, query: { ids: a.id } })
    expect((await post('remove')).status).toBe(200)
    expect(await linesOf()).toEqual([])
    const restored = await post('restore')
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(await linesOf()).toEqual(lines)
    const after = await detail(a.id)
    expect([after.items, after.orderAmount]).toEqual([before.items, before.orderAmount])
    const sold = (await get('orderList', { skuNo_like: '', size: '500' })).body.data.records.filter(
      (l: { orderId: string }) => l.orderId === a.id,
    )
    expect(sold).toHaveLength(2)
    // Removed again, and its number taken meanwhile: the restore is refused and nothing comes back.
    expect((await post('remove')).status).toBe(200)
    await created(orderOf('UNDO-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]))
    const refusedRestore = await post('restore')
    expect([refusedRestore.status, refusedRestore.body.msg]).toEqual([
      400,
      `${MSG_RESTORE_TAKEN}: UNDO-1`,
    ])
    expect(await linesOf()).toEqual([])
    expect((await get('detail', { id: a.id })).status).toBe(404)
  })

  it('orderList: the lines with their order number and time, by date range and SKU, paged and summed', async () => {
    const day1 = await created(
      orderOf(
        'OL-1',
        [
          { skuNo: AO_DAI_S, quantity: 1, unitPrice: 500 },
          { skuNo: NON_LA, quantity: 2, unitPrice: 100 },
        ],
        { orderTime: '2031-05-01 09:00:00' },
      ),
    )
    await created(
      orderOf('OL-2', [{ skuNo: NON_LA, quantity: 5, unitPrice: 100 }], {
        orderTime: '2031-05-02 23:59:59',
      }),
    )
    await created(
      orderOf('OL-3', [{ skuNo: NON_LA, quantity: 7, unitPrice: 100 }], {
        orderTime: '2031-05-03 00:00:00',
      }),
    )
    const lines = async (query: Record<string, string>) => {
      const r = await get('orderList', query)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data as {
        records: Record<string, unknown>[]
        total: number
        pages: number
        sumQuantity: number
        sumAmount: number
      }
    }
    const may = await lines({ orderTime_ge: '2031-05-01', orderTime_le: '2031-05-02', size: '10' })
    // Newest first; the lines of one order in their order.
    expect(may.records.map((l) => [l.orderNo, l.skuNo, l.quantity, l.amount])).toEqual([
      ['OL-2', NON_LA, 5, 500],
      ['OL-1', AO_DAI_S, 1, 500],
      ['OL-1', NON_LA, 2, 200],
    ])
    expect(may.records[1]).toMatchObject({
      orderId: day1.id,
      orderTime: '2031-05-01 09:00:00',
      name: '红色真丝奥黛 S码',
      unitPrice: 500,
      lineNo: 1,
    })
    expect(may).toMatchObject({ total: 3, sumQuantity: 8, sumAmount: 1200 })
    const nonLa = await lines({
      orderTime_between: '2031-05-01 00:00:00,2031-05-03 00:00:00',
      skuNo: NON_LA,
    })
    expect(nonLa.records.map((l) => l.orderNo)).toEqual(['OL-3', 'OL-2', 'OL-1'])
    expect(nonLa.sumQuantity).toBe(14)
    expect(
      (await lines({ orderTime_ge: '2031-05-01', skuNo_like: 'ao-dai' })).records.map(
        (l) => l.orderNo,
      ),
    ).toEqual(['OL-1'])
    const page2 = await lines({
      orderTime_ge: '2031-05-01',
      orderTime_le: '2031-05-03',
      size: '2',
      current: '2',
    })
    expect(page2).toMatchObject({ total: 4, pages: 2 })
    expect(page2.records.map((l) => l.orderNo)).toEqual(['OL-1', 'OL-1'])
    const bad = await get('orderList', { orderTime_ge: '2031-13-01' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('orderTime')

    // The export: the same lines, numbers as numbers, the sums of every matching line last.
    const file = await fetch(
      `${s.baseUrl}${api('orderList/export')}?orderTime_ge=2031-05-01&orderTime_le=2031-05-02&size=1`,
      { headers: { 'Blade-Auth': `bearer ${office}` } },
    )
    expect(file.status).toBe(200)
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('销售明细-')
    const sheet = await readSheetText(new Uint8Array(await file.arrayBuffer()))
    expect(sheet).toEqual([
      ['订单号', '下单时间', 'SKU编号', '商品名称', '数量', '单价', '金额'],
      ['OL-2', '2031-05-02 23:59:59', NON_LA, expect.any(String), '5', '100', '500'],
      ['OL-1', '2031-05-01 09:00:00', AO_DAI_S, '红色真丝奥黛 S码', '1', '500', '500'],
      ['OL-1', '2031-05-01 09:00:00', NON_LA, expect.any(String), '2', '100', '200'],
      ['合计', '', '', '', '8', '', '1200'],
    ])
    expect((await get('orderList/export', { orderTime_ge: '2031-13-01' })).status).toBe(400)
  })

  it('the list, page and export answer the orders with the server total', async () => {
    await created(
      orderOf('LIST-1', [{ skuNo: NON_LA, quantity: 2, unitPrice: 120000 }], {
        shippingFee: 20000,
        channel: 'shopee',
        orderTime: '2032-01-01 08:00:00',
      }),
    )
    const r = await get('page', { orderNo_like: 'LIST-1', channel_equal: 'shopee' })
    expect(r.status).toBe(200)
    expect(r.body.data.records).toHaveLength(1)
    expect(r.body.data.records[0]).toMatchObject({
      orderNo: 'LIST-1',
      channelName: 'Shopee',
      orderStatusName: '已付款',
    })
    // The list answers orders; their lines are the detail's (and orderList's).
    expect(r.body.data.records[0]).not.toHaveProperty('items')
    expect(Number(r.body.data.records[0].orderAmount)).toBe(260000)
    const list = await get('list', { orderTime_between: '2032-01-01 00:00:00,2032-01-01 23:59:59' })
    expect(list.body.data.records.map((o: { orderNo: string }) => o.orderNo)).toEqual(['LIST-1'])
    const file = await fetch(new URL('/api/dmrOrder/export?orderNo_like=LIST-1', s.baseUrl), {
      headers: { 'Blade-Auth': `bearer ${office}` },
    })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toContain('spreadsheetml')
  })

  it('the pickers: products by keyword with their price, and the provinces', async () => {
    const products = await get('product-select', { keyword: 'dmr-non' })
    expect(products.status).toBe(200)
    expect(products.body.data).toEqual([
      expect.objectContaining({
        skuNo: NON_LA,
        productName: '传统斗笠',
        productPrice: 120000,
        label: `${NON_LA} 传统斗笠`,
      }),
    ])
    const all = await get('product-select')
    expect(all.body.data.map((p: { skuNo: string }) => p.skuNo)).toContain(
      'DMR-SET-AO-DAI-S-NON-LA',
    )
    const provinces = await get('province-select')
    expect(provinces.body.data).toHaveLength(34)
    expect(provinces.body.data[0]).toEqual({
      code: '01',
      name: '河内市 Hà Nội',
      provinceName: '河内市 Hà Nội',
    })
  })

  it('tenant isolation: another tenant neither sees nor changes these orders and lines', async () => {
    const ours = await created(
      orderOf('TENANT-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }], {
        orderTime: '2033-01-01 10:00:00',
      }),
    )
    const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      json: { tenantName: `订单租户${dialect}`, linkman: 'x' },
    })
    expect(t.status, JSON.stringify(t.body)).toBe(200)
    const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId as string))
      .access_token
    expect((await get('detail', { id: ours.id }, other)).status).toBe(404)
    expect((await get('page', { orderNo_like: 'TENANT-1' }, other)).body.data.records).toEqual([])
    expect(
      (await get('orderList', { orderTime_ge: '2033-01-01' }, other)).body.data.records,
    ).toEqual([])
    expect((await get('product-select', {}, other)).body.data).toEqual([])
    // Its own order may use the same number, but not our products.
    const theirs = await submit(
      orderOf('TENANT-1', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1000 }]),
      other,
    )
    expect(theirs.status).toBe(400)
    expect(theirs.body.msg).toContain(MSG_SKU_UNKNOWN([NON_LA]))
    await call(s.baseUrl, 'POST', api('remove'), { token: other, query: { ids: ours.id } })
    expect((await detail(ours.id)).items).toHaveLength(1)
  })

  it('office may use every order call; warehouse and finance get 403', async () => {
    for (const token of [warehouse, finance]) {
      for (const op of [
        'list',
        'page',
        'orderList',
        'orderList/export',
        'product-select',
        'province-select',
      ])
        expect((await get(op, {}, token)).status, op).toBe(403)
      expect(
        (await submit(orderOf('DENIED', [{ skuNo: NON_LA, quantity: 1, unitPrice: 1 }]), token))
          .status,
      ).toBe(403)
    }
    expect(
      await s.db.selectFrom('dmrOrder').select('id').where('orderNo', '=', 'DENIED').execute(),
    ).toEqual([])
  })
})
