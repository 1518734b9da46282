// Customer-service and MCN salaries over real HTTP on SQLite and PostgreSQL: every computed part
// against hand-computed, floored figures (MCN's giftValue from the anchor's gift details of the
// month at the tenant's coin value), recomputed on edits, the refusals (400, nothing written), one
// row per month and employee (and anchor), the pages' filters and the exports' figures, access per
// menu code, tenant isolation, and the dashboard's extraSalaryCostOfMonth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { extraSalaryCostOfMonth } from './cost.ts'

const CS = '/api/dmr/salaryCs'
const MCN = '/api/dmr/salaryMcn'
const GIFTS = '/api/giftdetail/giftDetail'
type Json = Record<string, unknown>

/** Anchor A-LAN's March gifts: 30 + 70 + 2,999 + 89,900 = 92,999 hundredths of a coin. */
const MARCH_GIFTS: [string, number, number][] = [
  ['2026-03-01 00:00:00', 0.1, 3],
  ['2026-03-10 20:00:00', 0.1, 7],
  ['2026-03-15 21:30:00', 29.99, 1],
  ['2026-03-31 23:59:59', 449.5, 2],
]
// 92,999 × 257.5 / 100 = 239,472.425 ₫
const GIFT_VALUE = 239472
// ⌊239,472 × 7.77%⌋ = ⌊18,606.9744⌋; ⌊123,456,789 × 2.5%⌋ = ⌊3,086,419.725⌋
const GIFT_COMMISSION = 18606
const SALES_COMMISSION = 3086419
const MCN_TOTAL = 8000000 + GIFT_COMMISSION + SALES_COMMISSION
// 321 × 1,500 + 6,000,000 + 250,000 − 100,000
const CS_TOTAL = 6631500

forEachDatabase('customer-service and MCN salaries', (dialect) => {
  let s: TestServer
  let admin: string
  let finance: string
  let warehouse: string
  let an: string
  let binh: string
  let csId: string
  let mcnId: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
    const staff = csvOf(
      ['Citizen ID', 'Vietnamese Name', 'Basic Salary'],
      [
        ['079203009001', 'Nguyễn Văn An', 9000000],
        ['079203009002', 'Phạm Thị Bình', 8000000],
      ],
    )
    expect(
      (await uploadFile(s.baseUrl, '/dmr/employee/import', finance, staff, 'staff.csv')).status,
    ).toBe(200)
    const ids = await s.db
      .selectFrom('dmrEmployee')
      .select(['id', 'dmrEmpIdcard'])
      .orderBy('dmrEmpIdcard')
      .execute()
    an = ids[0]!.id
    binh = ids[1]!.id
    await s.db
      .updateTable('bladeParam')
      .set({ paramValue: '257.5' })
      .where('paramKey', '=', 'gift.coinValueVnd')
      .where('tenantId', '=', '000000')
      .execute()
    const gift = async (time: string, price: number, quantity: number, anchorId = 'A-LAN') => {
      const r = await call(s.baseUrl, 'POST', `${GIFTS}/submit`, {
        token: admin,
        json: {
          sendGiftTime: time,
          userId: `u-${time}`,
          liveId: 'L-1',
          anchorId,
          anchorName: anchorId === 'A-LAN' ? 'Lan Live' : 'Other',
          giftName: 'Rose',
          giftPrice: price,
          giftQuantity: quantity,
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data.id as string
    }
    for (const g of MARCH_GIFTS) await gift(...g)
    // Outside the month, another anchor's, and a removed one: none counts.
    await gift('2026-02-28 23:59:59', 1000, 1)
    await gift('2026-04-01 00:00:00', 1000, 1)
    await gift('2026-03-05 10:00:00', 1000, 1, 'A-OTHER')
    const removed = await gift('2026-03-06 10:00:00', 1000, 1)
    await call(s.baseUrl, 'POST', `${GIFTS}/remove`, { token: admin, query: { ids: removed } })
  })
  afterAll(() => s?.close())

  const post = (api: string, json: Json, token = finance) =>
    call(s.baseUrl, 'POST', `${api}/submit`, { token, json })
  const detail = async (api: string, id: string) => {
    const r = await call(s.baseUrl, 'GET', `${api}/detail`, { token: finance, query: { id } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Json
  }
  const count = async (table: 'dmrSalaryCs' | 'dmrSalaryMcn') =>
    Number(
      (
        await s.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const figures = (row: Json, names: string[]) =>
    Object.fromEntries(names.map((n) => [n, Number(row[n])]))

  describe('customer-service salary', () => {
    const csBody = (over: Json = {}): Json => ({
      detailDate: '2026-03',
      dmrEmpId: an,
      orderCount: 321,
      commissionPerOrder: 1500,
      baseAmount: 6000000,
      bonusAmount: 250000,
      deductionAmount: 100000,
      ...over,
    })

    it('computes the commission and the total by hand; computed figures sent by the client are ignored', async () => {
      const r = await post(CS, csBody({ commissionAmount: 1, totalAmount: 999999999 }))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      csId = r.body.data.id
      const row = await detail(CS, csId)
      expect(
        figures(row, ['orderCount', 'commissionPerOrder', 'commissionAmount', 'totalAmount']),
      ).toEqual({
        orderCount: 321,
        commissionPerOrder: 1500,
        commissionAmount: 481500,
        totalAmount: CS_TOTAL,
      })
      expect(row.dmrEmpVnName).toBe('Nguyễn Văn An')
    })

    it('computes again on an edit of one figure', async () => {
      expect((await post(CS, { id: csId, orderCount: 400 })).status).toBe(200)
      expect(figures(await detail(CS, csId), ['commissionAmount', 'totalAmount'])).toEqual({
        commissionAmount: 600000,
        totalAmount: 6750000,
      })
      expect((await post(CS, { id: csId, orderCount: 321 })).status).toBe(200)
    })

    it('refuses bad salaries with a clear 400 and writes nothing', async () => {
      const before = await count('dmrSalaryCs')
      const cases: [Json, string][] = [
        [csBody(), '已存在'],
        [csBody({ dmrEmpId: '1234567890123', detailDate: '2026-04' }), '员工不存在'],
        [csBody({ detailDate: '2026-04', deductionAmount: 7000000 }), '实发工资不能为负数'],
        [csBody({ detailDate: '2026-04', baseAmount: 1000.5 }), '整数'],
        [csBody({ detailDate: '2026-04', orderCount: -1 }), '订单数'],
        [csBody({ detailDate: '2026-13' }), '工资月份'],
        [csBody({ detailDate: '2026-04', dmrEmpId: undefined }), '请选择员工'],
        [csBody({ detailDate: '2026-04', commissionPerOrder: undefined }), '请输入每单提成'],
      ]
      for (const [json, message] of cases) {
        const r = await post(CS, json)
        expect(r.status, JSON.stringify(json)).toBe(400)
        expect(r.body.msg, JSON.stringify(json)).toContain(message)
      }
      // Moving the row onto another's key is refused too.
      const other = await post(
        CS,
        csBody({
          dmrEmpId: binh,
          detailDate: '2026-03',
          orderCount: 0,
          commissionPerOrder: 0,
          bonusAmount: 0,
          deductionAmount: 0,
        }),
      )
      expect(other.status).toBe(200)
      expect((await post(CS, { id: other.body.data.id, dmrEmpId: an })).body.msg).toContain(
        '已存在',
      )
      expect(await count('dmrSalaryCs')).toBe(before + 1)
    })
  })

  describe('MCN salary', () => {
    const mcnBody = (over: Json = {}): Json => ({
      detailDate: '2026-03',
      dmrEmpId: binh,
      anchorId: 'A-LAN',
      liveHours: 86.5,
      giftRate: 7.77,
      salesAmount: 123456789,
      salesRate: 2.5,
      baseAmount: 8000000,
      ...over,
    })

    it("takes giftValue from the anchor's gift details of the month and computes every part by hand", async () => {
      const r = await post(MCN, mcnBody({ giftValue: 1, giftCommission: 1, totalAmount: 1 }))
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      mcnId = r.body.data.id
      const row = await detail(MCN, mcnId)
      expect(
        figures(row, [
          'giftValue',
          'giftCommission',
          'salesCommission',
          'totalAmount',
          'liveHours',
        ]),
      ).toEqual({
        giftValue: GIFT_VALUE,
        giftCommission: GIFT_COMMISSION,
        salesCommission: SALES_COMMISSION,
        totalAmount: MCN_TOTAL,
        liveHours: 86.5,
      })
      expect(row).toMatchObject({ anchorName: 'Lan Live', dmrEmpVnName: 'Phạm Thị Bình' })
    })

    it('reads the gift details again on an edit: a new gift of the month changes giftValue', async () => {
      expect(
        (
          await call(s.baseUrl, 'POST', `${GIFTS}/submit`, {
            token: admin,
            json: {
              sendGiftTime: '2026-03-20 20:00:00',
              userId: 'u-late',
              liveId: 'L-2',
              anchorId: 'A-LAN',
              giftName: 'Universe',
              giftPrice: 449.5,
              giftQuantity: 1,
            },
          })
        ).status,
      ).toBe(200)
      expect((await post(MCN, { id: mcnId, remark: '补录礼物后重算' })).status).toBe(200)
      // 137,949 hundredths × 257.5 / 100 = 355,218.675; ⌊355,218 × 7.77%⌋ = 27,600
      expect(
        figures(await detail(MCN, mcnId), ['giftValue', 'giftCommission', 'totalAmount']),
      ).toEqual({
        giftValue: 355218,
        giftCommission: 27600,
        totalAmount: 8000000 + 27600 + SALES_COMMISSION,
      })
    })

    it('gives an anchor without gifts in the month a zero gift value', async () => {
      const r = await post(
        MCN,
        mcnBody({ anchorId: 'A-NONE', giftRate: 50, salesAmount: 0, baseAmount: 5000000 }),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(
        figures(await detail(MCN, r.body.data.id), ['giftValue', 'giftCommission', 'totalAmount']),
      ).toEqual({ giftValue: 0, giftCommission: 0, totalAmount: 5000000 })
      expect(
        (
          await call(s.baseUrl, 'POST', `${MCN}/remove`, {
            token: finance,
            query: { ids: r.body.data.id },
          })
        ).status,
      ).toBe(200)
    })

    it('refuses bad salaries with a clear 400 and writes nothing', async () => {
      const before = await count('dmrSalaryMcn')
      const cases: [Json, string][] = [
        [mcnBody(), '已存在'],
        [mcnBody({ anchorId: 'A-2', giftRate: 100.01 }), '比例应在0到100之间'],
        [mcnBody({ anchorId: 'A-2', salesRate: -1 }), '比例应在0到100之间'],
        [mcnBody({ anchorId: 'A-2', giftRate: 1.234 }), '2位小数'],
        [mcnBody({ anchorId: 'A-2', salesAmount: 10.5 }), '整数'],
        [mcnBody({ anchorId: undefined }), '请输入主播ID'],
        [mcnBody({ anchorId: 'A-2', dmrEmpId: '1234567890123' }), '员工不存在'],
      ]
      for (const [json, message] of cases) {
        const r = await post(MCN, json)
        expect(r.status, JSON.stringify(json)).toBe(400)
        expect(r.body.msg, JSON.stringify(json)).toContain(message)
      }
      expect(await count('dmrSalaryMcn')).toBe(before)
    })
  })

  // April rows next to March's, so the filters have something to leave out (the dashboard below reads March and May).
  describe('pages and exports', () => {
    const page = async (api: string, query: Record<string, string>) => {
      const r = await call(s.baseUrl, 'GET', `${api}/page`, { token: finance, query })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.data as { total: number; records: Json[] }
    }
    const sheet = async (api: string, query: Record<string, string> = {}) => {
      const file = await fetch(
        `${s.baseUrl}${api}/export?${new URLSearchParams(query).toString()}`,
        { headers: { 'Blade-Auth': `bearer ${finance}` } },
      )
      expect(file.status).toBe(200)
      return readSheetText(new Uint8Array(await file.arrayBuffer()))
    }
    const CS_FIGURES = [
      'orderCount',
      'commissionPerOrder',
      'commissionAmount',
      'baseAmount',
      'bonusAmount',
      'deductionAmount',
      'totalAmount',
    ]
    const MCN_FIGURES = [
      'liveHours',
      'giftValue',
      'giftRate',
      'giftCommission',
      'salesAmount',
      'salesRate',
      'salesCommission',
      'baseAmount',
      'totalAmount',
    ]
    // An, April: 10 × 1 234 = 12 340; 5 000 000 + 12 340 − 12 345 = 4 999 995.
    const AN_APRIL = {
      orderCount: 10,
      commissionPerOrder: 1234,
      commissionAmount: 12340,
      baseAmount: 5000000,
      bonusAmount: 0,
      deductionAmount: 12345,
      totalAmount: 4999995,
    }
    // Bình × A-LAN, April: the one April gift, 1 000 coins × 257.5 = 257 500 ₫; ⌊257 500 × 10%⌋ = 25 750;
    // ⌊1 000 001 × 0.33%⌋ = ⌊3 300.0033⌋ = 3 300; 7 000 000 + 25 750 + 3 300 = 7 029 050.
    const BINH_APRIL = {
      liveHours: 12.25,
      giftValue: 257500,
      giftRate: 10,
      giftCommission: 25750,
      salesAmount: 1000001,
      salesRate: 0.33,
      salesCommission: 3300,
      baseAmount: 7000000,
      totalAmount: 7029050,
    }
    // Bình × A-LAN, March, as recomputed after the late gift above.
    const BINH_MARCH = {
      liveHours: 86.5,
      giftValue: 355218,
      giftRate: 7.77,
      giftCommission: 27600,
      salesAmount: 123456789,
      salesRate: 2.5,
      salesCommission: SALES_COMMISSION,
      baseAmount: 8000000,
      totalAmount: 8000000 + 27600 + SALES_COMMISSION,
    }

    beforeAll(async () => {
      const cs = await post(CS, {
        detailDate: '2026-04',
        dmrEmpId: an,
        orderCount: 10,
        commissionPerOrder: 1234,
        baseAmount: 5000000,
        deductionAmount: 12345,
      })
      expect(cs.status, JSON.stringify(cs.body)).toBe(200)
      const mcn = await post(MCN, {
        detailDate: '2026-04',
        dmrEmpId: binh,
        anchorId: 'A-LAN',
        liveHours: 12.25,
        giftRate: 10,
        salesAmount: 1000001,
        salesRate: 0.33,
        baseAmount: 7000000,
      })
      expect(mcn.status, JSON.stringify(mcn.body)).toBe(200)
    })

    it('customer-service page answers the computed figures, filtered by month and employee', async () => {
      const march = await page(CS, { detailDate_ge: '2026-03', detailDate_le: '2026-03' })
      expect(march.total).toBe(2)
      // Bình's March row: no orders, the base only.
      expect(march.records.map((r) => [r.dmrEmpVnName, figures(r, CS_FIGURES)]).sort()).toEqual([
        [
          'Nguyễn Văn An',
          {
            orderCount: 321,
            commissionPerOrder: 1500,
            commissionAmount: 481500,
            baseAmount: 6000000,
            bonusAmount: 250000,
            deductionAmount: 100000,
            totalAmount: CS_TOTAL,
          },
        ],
        [
          'Phạm Thị Bình',
          {
            orderCount: 0,
            commissionPerOrder: 0,
            commissionAmount: 0,
            baseAmount: 6000000,
            bonusAmount: 0,
            deductionAmount: 0,
            totalAmount: 6000000,
          },
        ],
      ])
      const anRows = await page(CS, { dmrEmpId: an })
      expect(anRows.records.map((r) => [r.detailDate, Number(r.totalAmount)])).toEqual([
        ['2026-04', AN_APRIL.totalAmount],
        ['2026-03', CS_TOTAL],
      ])
      const both = await page(CS, {
        dmrEmpId: an,
        detailDate_ge: '2026-04',
        detailDate_le: '2026-04',
      })
      expect(both.total).toBe(1)
      expect(figures(both.records[0]!, CS_FIGURES)).toEqual(AN_APRIL)
      expect((await page(CS, { dmrEmpId: binh, detailDate_ge: '2026-04' })).total).toBe(0)
    })

    it('MCN page answers the computed figures, filtered by month, employee and anchor', async () => {
      const binhRows = await page(MCN, { dmrEmpId: binh, anchorId: 'A-LAN' })
      expect(
        binhRows.records.map((r) => [r.detailDate, r.anchorName, figures(r, MCN_FIGURES)]),
      ).toEqual([
        ['2026-04', 'Lan Live', BINH_APRIL],
        ['2026-03', 'Lan Live', BINH_MARCH],
      ])
      const april = await page(MCN, { detailDate_ge: '2026-04', detailDate_le: '2026-04' })
      expect(april.records.map((r) => [r.dmrEmpVnName, figures(r, MCN_FIGURES)])).toEqual([
        ['Phạm Thị Bình', BINH_APRIL],
      ])
      // The removed A-NONE row and another employee's key find nothing.
      expect((await page(MCN, { anchorId: 'A-NONE' })).total).toBe(0)
      expect((await page(MCN, { dmrEmpId: an })).total).toBe(0)
    })

    it('customer-service export carries the rows and their computed figures', async () => {
      const rows = await sheet(CS)
      expect(rows[0]).toEqual([
        '工资月份',
        '员工姓名',
        '订单数',
        '每单提成',
        '提成金额',
        '底薪',
        '奖金',
        '扣款',
        '实发工资',
      ])
      // Newest month first.
      expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-04', '2026-03', '2026-03'])
      expect(rows.slice(1).sort()).toEqual([
        [
          '2026-03',
          'Nguyễn Văn An',
          '321',
          '1500',
          '481500',
          '6000000',
          '250000',
          '100000',
          String(CS_TOTAL),
        ],
        ['2026-03', 'Phạm Thị Bình', '0', '0', '0', '6000000', '0', '0', '6000000'],
        ['2026-04', 'Nguyễn Văn An', '10', '1234', '12340', '5000000', '0', '12345', '4999995'],
      ])
      // The export takes the list's filters.
      expect((await sheet(CS, { dmrEmpId: binh })).slice(1)).toEqual([
        ['2026-03', 'Phạm Thị Bình', '0', '0', '0', '6000000', '0', '0', '6000000'],
      ])
    })

    it('MCN export carries the rows and their computed figures', async () => {
      const rows = await sheet(MCN)
      expect(rows[0]).toEqual([
        '工资月份',
        '员工姓名',
        '主播ID',
        '主播名称',
        '直播时长(小时)',
        '礼物价值',
        '礼物提成比例',
        '礼物提成',
        '带货销售额',
        '销售提成比例',
        '销售提成',
        '底薪',
        '实发工资',
      ])
      const line = (month: string, f: Record<string, number>) => [
        month,
        'Phạm Thị Bình',
        'A-LAN',
        'Lan Live',
        ...MCN_FIGURES.map((n) => String(f[n])),
      ]
      expect(rows.slice(1)).toEqual([line('2026-04', BINH_APRIL), line('2026-03', BINH_MARCH)])
      expect(
        (await sheet(MCN, { detailDate_ge: '2026-03', detailDate_le: '2026-03' })).slice(1),
      ).toEqual([line('2026-03', BINH_MARCH)])
    })
  })

  it("sums the month's customer-service and MCN totals for the dashboard", async () => {
    // Bình's row: no orders, the base of 6,000,000 only.
    const binhCs = 6000000
    const mcn = 8000000 + 27600 + SALES_COMMISSION
    expect(await extraSalaryCostOfMonth(s.db, '000000', '2026-03')).toBe(CS_TOTAL + binhCs + mcn)
    expect(await extraSalaryCostOfMonth(s.db, '000000', '2026-05')).toBe(0)
    expect(await extraSalaryCostOfMonth(s.db, '777777', '2026-03')).toBe(0)
    await expect(extraSalaryCostOfMonth(s.db, '000000', '2026-3')).rejects.toThrow('yyyy-MM')
    // A removed row leaves the month.
    await call(s.baseUrl, 'POST', `${CS}/remove`, { token: finance, query: { ids: csId } })
    expect(await extraSalaryCostOfMonth(s.db, '000000', '2026-03')).toBe(binhCs + mcn)
  })

  describe('access and tenants', () => {
    it('lets the finance role in by its menu codes and keeps warehouse out with 403', async () => {
      for (const api of [CS, MCN]) {
        expect((await call(s.baseUrl, 'GET', `${api}/list`, { token: finance })).status).toBe(200)
        expect((await call(s.baseUrl, 'GET', `${api}/export`, { token: finance })).status).toBe(200)
        expect((await call(s.baseUrl, 'GET', `${api}/list`, { token: warehouse })).status).toBe(403)
        expect(
          (await call(s.baseUrl, 'POST', `${api}/submit`, { token: warehouse, json: {} })).status,
        ).toBe(403)
      }
      expect(
        (await call(s.baseUrl, 'GET', '/api/dmr/employee/select', { token: finance })).status,
      ).toBe(200)
    })

    it("keeps another tenant's salaries apart: they cannot pay our employees nor see our rows", async () => {
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '工资租户', linkman: 'x' },
      })
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      const r = await post(
        MCN,
        { detailDate: '2026-03', dmrEmpId: binh, anchorId: 'A-LAN', baseAmount: 1 },
        other,
      )
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain('员工不存在')
      const list = await call(s.baseUrl, 'GET', `${MCN}/list`, { token: other })
      expect(list.body.data.records.map((x: Json) => x.id)).not.toContain(mcnId)
      expect(
        (await call(s.baseUrl, 'GET', `${MCN}/detail`, { token: other, query: { id: mcnId } }))
          .status,
      ).toBe(404)
    })
  })
})
