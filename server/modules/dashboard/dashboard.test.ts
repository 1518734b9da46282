// The home dashboard's card endpoints over real HTTP on SQLite and PostgreSQL: each card's figures
// equal the hand-computed ones of a small data set (cents floored once, both ends of a day and a
// month inclusive, removed rows and other tenants' rows left out, "today" the client's), access per
// card (the menu code of the screen it links to), tenant isolation, and a bad `today` refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const TODAY = '2026-03-15'
const AO_DAI_S = 'DMR-AO-DAI-S-RED' // seeded product
const NON_LA = 'DMR-NON-LA-01' // seeded product
const OTHER_TENANT = '777777'

/** 30 chart days: 2026-02-14 .. 2026-03-15, zero except where given. */
function days(key: string, values: Record<string, number>) {
  const out: Record<string, string | number>[] = []
  for (
    let d = new Date(Date.UTC(2026, 1, 14));
    d <= new Date(Date.UTC(2026, 2, 15));
    d = new Date(d.getTime() + 86_400_000)
  ) {
    const date = d.toISOString().slice(0, 10)
    out.push({ date, [key]: values[date] ?? 0 })
  }
  return { days: out }
}

forEachDatabase('home dashboard cards', (dialect) => {
  let s: TestServer
  let admin: string
  const tokens: Record<string, string> = {}
  const before = { kolDue: { due: 0, overdue: 0 }, stockOpen: { open: 0, counted: 0 } }
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    for (const account of ['finance', 'outreach', 'warehouse', 'office'])
      tokens[account] = (await loginAs(s.baseUrl, account, '123456')).access_token
    await s.db
      .updateTable('bladeParam')
      .set({ paramValue: '257.5' })
      .where('paramKey', '=', 'gift.coinValueVnd')
      .where('tenantId', '=', '000000')
      .execute()
    await seedOrders()
    await seedTkOrders()
    await seedGifts()
    // KOLs and stock counts are not bound to a day: whatever the seed made counts too.
    before.kolDue = (await figures('kol-due')) as typeof before.kolDue
    before.stockOpen = (await figures('stock-open')) as typeof before.stockOpen
    await seedField()
  }, 120_000)
  afterAll(() => s?.close())

  const post = async (path: string, json: Record<string, unknown>) => {
    const r = await call(s.baseUrl, 'POST', `/api${path}`, { token: admin, json })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string } & Record<string, unknown>
  }
  const remove = async (path: string, id: string) =>
    expect(
      (await call(s.baseUrl, 'POST', `/api${path}/remove`, { token: admin, query: { ids: id } }))
        .status,
    ).toBe(200)
  const card = (code: string, token = admin, query: Record<string, string> = { today: TODAY }) =>
    call(s.baseUrl, 'GET', `/api/blade-desk/dashboard/${code}`, { token, query })
  const figures = async (code: string, token = admin) => {
    const r = await card(code, token)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown>
  }

  async function seedOrders() {
    const order = (
      orderNo: string,
      orderTime: string,
      orderStatus: string,
      items: { skuNo: string; quantity: number; unitPrice: number }[],
      extra: Record<string, unknown> = {},
    ) =>
      post('/dmrOrder/submit', {
        orderNo,
        orderTime,
        channel: 'tiktok_shop',
        orderStatus,
        items,
        ...extra,
      })
    // Today: 3 × 100 000.33 = 300 000.99; 850 000 + 30 000 shipping = 880 000 (refunded).
    expect(
      Number(
        (
          await order('D-1', '2026-03-15 00:00:00', 'paid', [
            { skuNo: NON_LA, quantity: 3, unitPrice: 100000.33 },
          ])
        ).orderAmount,
      ),
    ).toBe(300000.99)
    await order(
      'D-2',
      '2026-03-15 23:59:59',
      'refunded',
      [{ skuNo: AO_DAI_S, quantity: 1, unitPrice: 850000 }],
      { shippingFee: 30000 },
    )
    // Earlier and later this month: 240 000.5; 99 999.99 (refunded); 50 000.5 on the 16th.
    await order('D-3', '2026-03-01 00:00:00', 'completed', [
      { skuNo: NON_LA, quantity: 2, unitPrice: 120000.25 },
    ])
    await order('D-4', '2026-03-10 12:00:00', 'refunded', [
      { skuNo: NON_LA, quantity: 1, unitPrice: 99999.99 },
    ])
    await order('D-6', '2026-03-31 23:59:59', 'paid', [
      { skuNo: NON_LA, quantity: 1, unitPrice: 50000.5 },
    ])
    // Last month, inside the 30 days; a removed order of today.
    await order('D-5', '2026-02-28 23:59:59', 'paid', [
      { skuNo: NON_LA, quantity: 1, unitPrice: 100000 },
    ])
    await remove(
      '/dmrOrder',
      (
        await order('D-7', '2026-03-15 10:00:00', 'paid', [
          { skuNo: NON_LA, quantity: 1, unitPrice: 777777 },
        ])
      ).id,
    )
    await s.db
      .insertInto('dmrOrder')
      .values({
        id: '990000000000000011',
        tenantId: OTHER_TENANT,
        orderNo: 'X-1',
        orderTime: '2026-03-15 10:00:00',
        orderStatus: 'refunded',
        orderAmount: 5000000,
        isDeleted: 0,
        status: 1,
        version: 1,
      } as never)
      .execute()
  }

  async function seedTkOrders() {
    const line = (
      orderId: string,
      skuId: string,
      orderCreateTime: string,
      orderAmount: number,
      extra: Record<string, unknown> = {},
    ) =>
      post('/tkOrder/tkOrder/submit', {
        orderId,
        skuId,
        orderCreateTime,
        orderAmount,
        orderStatus: 'Completed',
        quantity: 1,
        ...extra,
      })
    // Today: TK-1 (two lines, 200 000.5 once), TK-2 refunded (149 999.99 back), TK-3 cancelled, TK-4 failed delivery.
    await line('TK-1', 'SKU-A', '2026-03-15 00:00:00', 200000.5)
    await line('TK-1', 'SKU-B', '2026-03-15 00:00:00', 200000.5)
    await line('TK-2', 'SKU-A', '2026-03-15 20:00:00', 150000, {
      cancelRefundType: 'Return/Refund',
      orderRefundAmount: 149999.99,
    })
    await line('TK-3', 'SKU-A', '2026-03-15 21:00:00', 50000, {
      cancelRefundType: 'Cancel',
      orderStatus: 'Canceled',
    })
    await line('TK-4', 'SKU-A', '2026-03-15 23:59:59', 70000, {
      cancelRefundType: 'Return/Refund',
      orderSubstatus: 'Delivery failed',
      orderRefundAmount: 70000,
    })
    // This month: TK-5 refunded (two lines, 300 000 back once), TK-6 on the last second of the month.
    await line('TK-5', 'SKU-A', '2026-03-02 10:00:00', 300000, {
      cancelRefundType: 'Return/Refund',
      orderRefundAmount: 300000,
    })
    await line('TK-5', 'SKU-B', '2026-03-02 10:00:00', 300000, {
      cancelRefundType: 'Return/Refund',
      orderRefundAmount: 300000,
    })
    await line('TK-6', 'SKU-A', '2026-03-31 23:59:59', 10000)
    await line('TK-7', 'SKU-A', '2026-02-20 10:00:00', 99999)
    await remove(
      '/tkOrder/tkOrder',
      (await line('TK-8', 'SKU-A', '2026-03-15 11:00:00', 888888)).id,
    )
    await s.db
      .insertInto('dmrTkOrder')
      .values({
        id: '990000000000000021',
        tenantId: OTHER_TENANT,
        orderId: 'TK-X',
        skuId: 'SKU-A',
        orderCreateTime: '2026-03-15 10:00:00',
        orderYearMonth: '2026-03',
        orderAmount: 999,
        returnType: 'Return/Refund',
        isDeleted: 0,
        status: 1,
        version: 1,
      } as never)
      .execute()
  }

  async function seedGifts() {
    const gift = (sendGiftTime: string, giftPrice: number, giftQuantity: number) =>
      post('/giftdetail/giftDetail/submit', {
        sendGiftTime,
        giftPrice,
        giftQuantity,
        liveId: 'L-1',
        userId: 'U1',
        giftName: `G-${sendGiftTime}`,
        anchorId: 'A1',
        anchorName: 'Lan',
      })
    // Hundredths of a coin: today 10 × 3 + 2 999 = 3 029; 1st 44 950 × 2; 16th 100; 20 Feb 1 000.
    await gift('2026-03-15 00:00:00', 0.1, 3)
    await gift('2026-03-15 23:59:59', 29.99, 1)
    await gift('2026-03-01 00:00:00', 449.5, 2)
    await gift('2026-03-16 00:00:00', 1, 1)
    await gift('2026-02-20 10:00:00', 10, 1)
    await remove('/giftdetail/giftDetail', (await gift('2026-03-15 12:00:00', 1000, 9)).id)
    await s.db
      .insertInto('dmrGiftDetail')
      .values({
        id: '990000000000000031',
        tenantId: OTHER_TENANT,
        sendGiftTime: '2026-03-15 10:00:00',
        userId: 'U1',
        liveId: 'L-9',
        giftName: 'Rose',
        giftPrice: 1000,
        giftQuantity: 9,
        isDeleted: 0,
        status: 1,
        version: 1,
      } as never)
      .execute()
  }

  async function seedField() {
    const kol = (
      id: string,
      responseDeadline: string | null,
      extra: Record<string, unknown> = {},
    ) =>
      s.db
        .insertInto('dmrKolFile')
        .values({
          id,
          tenantId: '000000',
          tkUserName: `kol-${id}`,
          contactStatus: 'contacted',
          responseDeadline,
          isDeleted: 0,
          status: 1,
          version: 1,
          ...extra,
        } as never)
        .execute()
    await kol('980000000000000001', '2026-03-14 18:00:00') // overdue
    await kol('980000000000000002', '2026-03-15 23:59:59') // due today
    await kol('980000000000000003', '2026-03-15') // due today, stored as a bare day
    await kol('980000000000000004', '2026-03-16 00:00:00') // not yet
    await kol('980000000000000005', null)
    await kol('980000000000000006', '2026-01-01 00:00:00', { isDeleted: 1 })
    await kol('980000000000000007', '2026-03-01 00:00:00', { tenantId: OTHER_TENANT })
    const count = (
      id: string,
      countStatus: number,
      stockTotal: number,
      extra: Record<string, unknown> = {},
    ) =>
      s.db
        .insertInto('dmrStockTaking')
        .values({
          id,
          tenantId: '000000',
          checkDate: '2026-03-10',
          brandId: 'dmr',
          stockTotal,
          countStatus,
          isDeleted: 0,
          status: 1,
          version: 1,
          ...extra,
        } as never)
        .execute()
    await count('970000000000000001', 0, 10)
    await count('970000000000000002', 1, 5)
    await count('970000000000000003', 0, 100, { isDeleted: 1 })
    await count('970000000000000004', 0, 1000, { tenantId: OTHER_TENANT })
  }

  describe('figures', () => {
    it("our orders: today's and this month's orders and refunds (status refunded), amounts floored once", async () => {
      expect(await figures('order')).toEqual({
        todayOrders: 2,
        todayAmount: 1180000, // 1 180 000.99
        monthOrders: 5,
        monthAmount: 1570001, // 1 570 001.98
        todayRefunds: 1,
        todayRefundAmount: 880000,
        monthRefunds: 2,
        monthRefundAmount: 979999, // 979 999.99
      })
    })

    it('TK orders: one per orderId; refunds are returnType Return/Refund, not cancellations or failed deliveries', async () => {
      expect(await figures('tk-order')).toEqual({
        todayOrders: 4,
        todayAmount: 470000, // 200 000.5 + 150 000 + 50 000 + 70 000
        monthOrders: 6,
        monthAmount: 780000, // + 300 000 + 10 000
        todayRefunds: 1,
        todayRefundAmount: 149999, // 149 999.99
        monthRefunds: 2,
        monthRefundAmount: 449999, // + 300 000
      })
    })

    it("gift value: the gift totals' formula at 257.5 ₫ a coin, floored once", async () => {
      // Today 3 029 hundredths × 2.575 = 7 799.675; the month 93 029 × 2.575 = 239 549.675.
      expect(await figures('gift')).toEqual({ monthValue: 239549, todayValue: 7799, monthCount: 4 })
      // The same as the gift totals screen's totals row of the month and of today.
      const totals = async (from: string, to: string) => {
        const r = await call(s.baseUrl, 'GET', '/api/giftdetail/giftDetail/total', {
          token: admin,
          query: { sendGiftTime_ge: `${from} 00:00:00`, sendGiftTime_le: `${to} 23:59:59` },
        })
        return r.body.data.summary as { totalValue: number; totalCount: number }
      }
      expect(await totals('2026-03-01', '2026-03-31')).toMatchObject({
        totalValue: 239549,
        totalCount: 4,
      })
      expect((await totals(TODAY, TODAY)).totalValue).toBe(7799)
    })

    it('KOL follow-ups due today or earlier, overdue before today', async () => {
      expect(await figures('kol-due')).toEqual({
        due: before.kolDue.due + 3,
        overdue: before.kolDue.overdue + 1,
      })
    })

    it("salary cost: this month's and last month's salary rows (every source) and CS/MCN salaries, by salary month", async () => {
      expect(await figures('salary')).toEqual({ monthCost: 0, lastMonthCost: 0 })
      const staff = csvOf(
        ['Citizen ID', 'Vietnamese Name', 'Status', 'Basic Salary', 'Internship Salary', 'Benefit'],
        [
          ['079203009001', 'Nguyễn Văn An', 0, 10000000, 0, 1000000],
          ['079203009002', 'Trần Thị Bích', 0, 7800000, 0, 0],
        ],
      )
      expect(
        (await uploadFile(s.baseUrl, '/dmr/employee/import', admin, staff, 'staff.csv')).status,
      ).toBe(200)
      const [an, bich] = (
        await s.db
          .selectFrom('dmrEmployee')
          .select(['id', 'dmrEmpIdcard'])
          .where('dmrEmpIdcard', 'in', ['079203009001', '079203009002'])
          .orderBy('dmrEmpIdcard')
          .execute()
      ).map((e) => e.id)
      const row = (dmrEmpId: string | undefined, labourDays: number, benefitAmount: number) => ({
        dmrEmpId,
        standardDays: 26,
        intershipDays: 0,
        labourDays,
        benefitAmount,
      })
      // March, office: 10,000,000 + 1,000,000; March, warehouse: ⌊7,800,000 × 25 / 26⌋ = 7,500,000. February: 5,000,000 + 1,000,000.
      await post('/dmr/salary/submit', {
        detailDate: '2026-03',
        salarySource: 'office',
        detail: [row(an, 26, 1000000)],
      })
      await post('/dmr/salary/submit', {
        detailDate: '2026-03',
        salarySource: 'warehouse',
        detail: [row(bich, 25, 0)],
      })
      await post('/dmr/salary/submit', {
        detailDate: '2026-02',
        salarySource: 'office',
        detail: [row(an, 13, 1000000)],
      })
      // Another month's salary counts in neither.
      await post('/dmr/salary/submit', {
        detailDate: '2026-04',
        salarySource: 'office',
        detail: [row(an, 26, 1000000)],
      })
      expect(await figures('salary')).toEqual({ monthCost: 18500000, lastMonthCost: 6000000 })
      // A March customer-service salary adds 100 × 1,000 + 2,000,000.
      await post('/dmr/salaryCs/submit', {
        detailDate: '2026-03',
        dmrEmpId: bich,
        orderCount: 100,
        commissionPerOrder: 1000,
        baseAmount: 2000000,
        bonusAmount: 0,
        deductionAmount: 0,
      })
      expect(await figures('salary')).toEqual({ monthCost: 20600000, lastMonthCost: 6000000 })
      expect(await figures('salary', tokens.finance)).toEqual({
        monthCost: 20600000,
        lastMonthCost: 6000000,
      })
      // January's "last month" is the December before.
      expect((await card('salary', admin, { today: '2026-01-10' })).body.data).toEqual({
        monthCost: 0,
        lastMonthCost: 0,
      })
    })

    it('open stock counts and the quantity counted in them', async () => {
      expect(await figures('stock-open')).toEqual({
        open: before.stockOpen.open + 1,
        counted: before.stockOpen.counted + 10,
      })
    })

    it('30 days of orders, TK orders and gift value per day, today last, empty days zero', async () => {
      expect(await figures('order-days')).toEqual(
        days('orders', { '2026-02-28': 1, '2026-03-01': 1, '2026-03-10': 1, '2026-03-15': 2 }),
      )
      expect(await figures('tk-order-days')).toEqual(
        days('orders', { '2026-02-20': 1, '2026-03-02': 1, '2026-03-15': 4 }),
      )
      expect(await figures('gift-days')).toEqual(
        days('value', { '2026-02-20': 2575, '2026-03-01': 231492, '2026-03-15': 7799 }),
      )
    })

    it("follows the client's today, not the server's clock", async () => {
      const r = await card('order', admin, { today: '2026-03-10' })
      expect(r.body.data).toMatchObject({
        todayOrders: 1,
        todayAmount: 99999,
        todayRefunds: 1,
        monthOrders: 5,
      })
      const feb = await card('gift', admin, { today: '2026-02-20' })
      expect(feb.body.data).toEqual({ monthValue: 2575, todayValue: 2575, monthCount: 1 })
    })
  })

  describe('access', () => {
    const status = async (code: string, token: string) => (await card(code, token)).status
    it('finance gets the gift cards, not the stock, KOL or order cards', async () => {
      expect(await status('gift', tokens.finance!)).toBe(200)
      expect(await status('gift-days', tokens.finance!)).toBe(200)
      for (const code of [
        'stock-open',
        'kol-due',
        'order',
        'tk-order',
        'order-days',
        'tk-order-days',
      ])
        expect(await status(code, tokens.finance!), code).toBe(403)
    })

    it('outreach gets the KOL card, not the gift cards; the warehouse the stock card; the office the order cards', async () => {
      expect(await figures('kol-due', tokens.outreach)).toEqual({
        due: before.kolDue.due + 3,
        overdue: before.kolDue.overdue + 1,
      })
      for (const code of ['gift', 'gift-days', 'stock-open', 'order', 'salary'])
        expect(await status(code, tokens.outreach!), code).toBe(403)
      for (const code of ['salary']) expect(await status(code, tokens.office!), code).toBe(403)
      expect(await status('stock-open', tokens.warehouse!)).toBe(200)
      expect(await status('gift', tokens.warehouse!)).toBe(403)
      for (const code of ['order', 'tk-order', 'order-days', 'tk-order-days'])
        expect(await status(code, tokens.office!), code).toBe(200)
    })

    it("another tenant's administrator sees its own empty tenant, whatever tenant it names", async () => {
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '看板租户', linkman: 'x' },
      })
      expect(t.status).toBe(200)
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      const r = await call(s.baseUrl, 'GET', '/api/blade-desk/dashboard/order', {
        token: other,
        query: { today: TODAY, tenantId: '000000' },
      })
      expect(r.body.data).toEqual({
        todayOrders: 0,
        todayAmount: 0,
        monthOrders: 0,
        monthAmount: 0,
        todayRefunds: 0,
        todayRefundAmount: 0,
        monthRefunds: 0,
        monthRefundAmount: 0,
      })
      expect((await card('stock-open', other)).body.data).toEqual({ open: 0, counted: 0 })
      expect((await card('gift', other)).body.data).toEqual({
        monthValue: 0,
        todayValue: 0,
        monthCount: 0,
      })
    })

    it('refuses a missing or bad today with 400 and a message', async () => {
      for (const today of [
        undefined,
        '',
        '2026-02-30',
        '2026-3-5',
        '15/03/2026',
        '2026-03-15 10:00:00',
        'x'.repeat(100),
      ]) {
        const r = await card('tk-order', admin, today === undefined ? {} : { today })
        expect(r.status, String(today)).toBe(400)
        expect(r.body).toMatchObject({ code: 400, success: false })
        expect(r.body.msg).toContain('today')
      }
    })
  })
})
