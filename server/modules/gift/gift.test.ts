// Gift details and totals over real HTTP on SQLite and PostgreSQL: a detail's key is unique among
// live rows; each grouping equals the hand-computed (and the SQL) sums of a small month, with
// fractional prices and coin value floored, both range ends inclusive, removed rows left out;
// paging, sorting, the totals row, bad ranges and sorts (400), tenant isolation, access per menu
// code, and the xlsx export (numbers as numbers, the totals row last).
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../../../tests/support/test-server.ts'

const API = '/api/giftdetail/giftDetail'
const MARCH = { sendGiftTime_ge: '2025-03-01 00:00:00', sendGiftTime_le: '2025-03-31 23:59:59' }

const detail = (sendGiftTime: string, anchor: [string, string], user: [string, string, string], gift: [string, number], giftQuantity: number, liveId = 'L-1') => ({
  sendGiftTime,
  liveId,
  anchorId: anchor[0],
  anchorName: anchor[1],
  userId: user[0],
  userNickName: user[1],
  plartformAccount: user[2],
  giftName: gift[0],
  giftPrice: gift[1],
  giftQuantity,
})
const LAN: [string, string] = ['A1', 'Lan']
const MAI: [string, string] = ['A2', 'Mai']
const U1: [string, string, string] = ['U1', 'nick1', 'acct1']
const U2: [string, string, string] = ['U2', 'nick2', 'acct2']
const U3: [string, string, string] = ['U3', 'nick3', 'acct3']
const ROSE: [string, number] = ['Rose', 0.1]
const LION: [string, number] = ['Lion', 29.99]
const UNIVERSE: [string, number] = ['Universe', 449.5]

// Coin value 257.5 đồng. Hundredths of a coin per group, then floored coins and đồng by hand.
const DAYS = [
  { giftDate: '2025-03-01', totalCount: 2, totalQuantity: 10, giftPriceTotal: 1, totalValue: 257 },
  { giftDate: '2025-03-02', totalCount: 1, totalQuantity: 1, giftPriceTotal: 29, totalValue: 7722 },
  { giftDate: '2025-03-31', totalCount: 1, totalQuantity: 2, giftPriceTotal: 899, totalValue: 231492 },
]
const ANCHORS = [
  { anchorId: 'A2', anchorName: 'Mai', totalCount: 2, totalQuantity: 3, giftPriceTotal: 928, totalValue: 239214 },
  { anchorId: 'A1', anchorName: 'Lan', totalCount: 2, totalQuantity: 10, giftPriceTotal: 1, totalValue: 257 },
]
const USERS = [
  { userId: 'U3', userNickName: 'nick3', plartformAccount: 'acct3', totalCount: 1, totalQuantity: 2, giftPriceTotal: 899, totalValue: 231492 },
  { userId: 'U1', userNickName: 'nick1', plartformAccount: 'acct1', totalCount: 2, totalQuantity: 4, giftPriceTotal: 30, totalValue: 7799 },
  { userId: 'U2', userNickName: 'nick2', plartformAccount: 'acct2', totalCount: 1, totalQuantity: 7, giftPriceTotal: 0, totalValue: 180 },
]
const GIFTS = [
  { giftName: 'Universe', giftPrice: 449.5, totalCount: 1, totalQuantity: 2, giftPriceTotal: 899, totalValue: 231492 },
  { giftName: 'Lion', giftPrice: 29.99, totalCount: 1, totalQuantity: 1, giftPriceTotal: 29, totalValue: 7722 },
  { giftName: 'Rose', giftPrice: 0.1, totalCount: 2, totalQuantity: 10, giftPriceTotal: 1, totalValue: 257 },
]
// The whole month, floored once (not the sum of the floored rows: 239,471).
const SUMMARY = { totalCount: 4, totalQuantity: 13, giftPriceTotal: 929, totalValue: 239472 }

forEachDatabase('gift details and totals', (dialect) => {
  let s: TestServer
  let admin: string
  let finance: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
    await s.db.updateTable('bladeParam').set({ paramValue: '257.5' }).where('paramKey', '=', 'gift.coinValueVnd').where('tenantId', '=', '000000').execute()
    const rows = [
      detail('2025-03-01 00:00:00', LAN, U1, ROSE, 3),
      detail('2025-03-01 12:30:00', LAN, U2, ROSE, 7),
      detail('2025-03-02 08:00:00', MAI, U1, LION, 1),
      detail('2025-03-31 23:59:59', MAI, U3, UNIVERSE, 2),
      // Just outside either end.
      detail('2025-02-28 23:59:59', LAN, U1, ROSE, 100),
      detail('2025-04-01 00:00:00', LAN, U1, ROSE, 100),
    ]
    for (const json of rows) expect((await submit(json)).status).toBe(200)
    // A removed detail counts nowhere.
    const gone = await submit(detail('2025-03-15 10:00:00', MAI, U2, UNIVERSE, 50))
    expect((await call(s.baseUrl, 'POST', `${API}/remove`, { token: admin, query: { ids: gone.body.data.id } })).status).toBe(200)
    // Another tenant's gifts in the same month.
    await s.db.insertInto('dmrGiftDetail').values({ id: '990000000000000001', tenantId: '777777', sendGiftTime: '2025-03-05 10:00:00', userId: 'U1', liveId: 'L-9', anchorId: 'A1', anchorName: 'Lan', giftName: 'Rose', giftPrice: 1000, giftQuantity: 9, isDeleted: 0, status: 1, version: 1 } as never).execute()
  })
  afterAll(() => s?.close())

  function submit(json: Record<string, unknown>) {
    return call(s.baseUrl, 'POST', `${API}/submit`, { token: admin, json })
  }
  const totals = (grouping: string, query: Record<string, string> = {}, token = admin) => call(s.baseUrl, 'GET', `${API}/${grouping}`, { token, query: { ...MARCH, size: '50', ...query } })
  const page = async (grouping: string, query: Record<string, string> = {}) => {
    const r = await totals(grouping, query)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { records: Record<string, unknown>[]; total: number; pages: number; current: number; summary: typeof SUMMARY }
  }

  it('refuses a second live detail with the same live, user, send time and gift; a removed one frees the key', async () => {
    const json = detail('2025-05-01 10:00:00', LAN, U1, ROSE, 1, 'L-dup')
    const first = await submit(json)
    expect(first.status).toBe(200)
    const again = await submit({ ...json, giftQuantity: 5 })
    expect(again.status).toBe(400)
    expect(again.body.msg).toContain('已存在')
    // Editing the row itself is no clash; moving another row onto the key is.
    expect((await submit({ id: first.body.data.id, giftQuantity: 2 })).status).toBe(200)
    const other = await submit({ ...json, giftName: 'Lion' })
    expect(other.status).toBe(200)
    expect((await submit({ id: other.body.data.id, giftName: 'Rose' })).status).toBe(400)
    await call(s.baseUrl, 'POST', `${API}/remove`, { token: admin, query: { ids: `${first.body.data.id},${other.body.data.id}` } })
    expect((await submit(json)).status).toBe(200)
  })

  it('lets one of several concurrent creates of a key through and refuses the others with 400', async () => {
    const json = detail('2025-05-02 10:00:00', MAI, U2, LION, 1, 'L-race')
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(json)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400])
  })

  it('groups by day, anchor, user and gift with the hand-computed, floored sums and the totals row', async () => {
    for (const [grouping, expected] of [['total', DAYS], ['anchor-total', ANCHORS], ['user-total', USERS], ['gift-total', GIFTS]] as const) {
      const data = await page(grouping)
      expect(data.records, grouping).toEqual(expected)
      expect(data.total).toBe(expected.length)
      expect(data.summary).toEqual(SUMMARY)
    }
  })

  it('equals the SQL sums of the live details of the range', async () => {
    const rows = await s.db
      .selectFrom('dmrGiftDetail')
      .select(['anchorId', 'giftPrice', 'giftQuantity'])
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .where('sendGiftTime', '>=', MARCH.sendGiftTime_ge)
      .where('sendGiftTime', '<=', MARCH.sendGiftTime_le)
      .execute()
    const byAnchor = new Map<string, { count: number; quantity: number; cents: number }>()
    for (const r of rows) {
      const g = byAnchor.get(String(r.anchorId)) ?? { count: 0, quantity: 0, cents: 0 }
      g.count += 1
      g.quantity += Number(r.giftQuantity)
      g.cents += Math.round(Number(r.giftPrice) * 100) * Number(r.giftQuantity)
      byAnchor.set(String(r.anchorId), g)
    }
    const data = await page('anchor-total')
    for (const rec of data.records) {
      const g = byAnchor.get(String(rec.anchorId))!
      expect(rec).toMatchObject({ totalCount: g.count, totalQuantity: g.quantity, giftPriceTotal: Math.floor(g.cents / 100), totalValue: Math.floor((g.cents * 2575) / 1000) })
    }
    expect(data.records).toHaveLength(byAnchor.size)
  })

  it('follows creates, updates and removes at once (nothing is kept between calls)', async () => {
    const june = { sendGiftTime_ge: '2025-06-01 00:00:00', sendGiftTime_le: '2025-06-30 23:59:59' }
    const sums = async () => (await page('gift-total', june)).summary
    const a = await submit(detail('2025-06-10 09:00:00', LAN, U1, LION, 2, 'L-june'))
    expect(await sums()).toEqual({ totalCount: 1, totalQuantity: 2, giftPriceTotal: 59, totalValue: 15444 })
    await submit({ id: a.body.data.id, giftQuantity: 4 })
    expect(await sums()).toEqual({ totalCount: 1, totalQuantity: 4, giftPriceTotal: 119, totalValue: 30889 })
    await call(s.baseUrl, 'POST', `${API}/remove`, { token: admin, query: { ids: a.body.data.id } })
    expect(await sums()).toEqual({ totalCount: 0, totalQuantity: 0, giftPriceTotal: 0, totalValue: 0 })
  })

  it('reads both ends of the range inclusively and defaults a missing end to this month', async () => {
    const edges = await page('total', { sendGiftTime_ge: '2025-02-28 23:59:59', sendGiftTime_le: '2025-04-01 00:00:00' })
    expect(edges.summary.totalCount).toBe(6)
    expect(edges.records.map((r) => r.giftDate)).toEqual(['2025-02-28', '2025-03-01', '2025-03-02', '2025-03-31', '2025-04-01'])
    // Bare days cover the whole day.
    expect((await page('total', { sendGiftTime_ge: '2025-03-31', sendGiftTime_le: '2025-03-31' })).summary.totalCount).toBe(1)
    const month = await call(s.baseUrl, 'GET', `${API}/total`, { token: admin })
    expect(month.status).toBe(200)
    expect(month.body.data.range.sendGiftTime_ge).toMatch(/^\d{4}-\d{2}-01 00:00:00$/)
  })

  it('pages and sorts by any group field or figure; unknown sorts and bad ranges are a clear 400', async () => {
    const second = await page('user-total', { size: '1', current: '2', ascs: 'totalQuantity' })
    expect(second.records.map((r) => r.userId)).toEqual(['U1'])
    expect(second).toMatchObject({ total: 3, pages: 3, current: 2, summary: SUMMARY })
    expect((await page('gift-total', { ascs: 'giftPrice' })).records.map((r) => r.giftName)).toEqual(['Rose', 'Lion', 'Universe'])
    expect((await page('anchor-total', { descs: 'anchor_name' })).records.map((r) => r.anchorName)).toEqual(['Mai', 'Lan'])
    expect((await page('total', { descs: 'giftDate' })).records.map((r) => r.giftDate)).toEqual(['2025-03-31', '2025-03-02', '2025-03-01'])
    // A page past the last group still carries the totals row.
    expect(await page('anchor-total', { current: '5', size: '10' })).toMatchObject({ records: [], total: 2, summary: SUMMARY })
    const bad: [Record<string, string>, string][] = [
      [{ ascs: 'password' }, '不支持的排序字段'],
      [{ sendGiftTime_ge: 'yesterday' }, '格式错误'],
      [{ sendGiftTime_le: '2025-02-30 10:00:00' }, '格式错误'],
      [{ sendGiftTime_ge: '2025-04-01 00:00:00', sendGiftTime_le: '2025-03-01 00:00:00' }, '不能晚于'],
      [{ sendGiftTime_ge: '2024-01-01 00:00:00', sendGiftTime_le: '2025-03-01 00:00:00' }, '366'],
      [{ size: 'x' }, 'size'],
    ]
    for (const [query, message] of bad) {
      const r = await totals('anchor-total', query)
      expect(r.status, JSON.stringify(query)).toBe(400)
      expect(r.body.msg).toContain(message)
    }
  })

  it("keeps tenants apart: another tenant's gifts are not in ours, and the administrator may read theirs", async () => {
    expect((await page('anchor-total')).summary).toEqual(SUMMARY)
    const theirs = await page('anchor-total', { tenantId: '777777' })
    expect(theirs.records).toEqual([{ anchorId: 'A1', anchorName: 'Lan', totalCount: 1, totalQuantity: 9, giftPriceTotal: 9000, totalValue: 2317500 }])
  })

  describe('access', () => {
    it('finance reads and exports every totals screen; warehouse gets 403', async () => {
      for (const grouping of ['total', 'anchor-total', 'user-total', 'gift-total']) {
        expect((await totals(grouping, {}, finance)).status, grouping).toBe(200)
        expect((await call(s.baseUrl, 'GET', `${API}/${grouping}/export`, { token: finance, query: MARCH })).status, grouping).toBe(200)
        expect((await totals(grouping, {}, warehouse)).status, grouping).toBe(403)
        expect((await call(s.baseUrl, 'GET', `${API}/${grouping}/export`, { token: warehouse, query: MARCH })).status, grouping).toBe(403)
      }
    })
  })

  it('exports the groups and the totals row as xlsx, numbers as numbers', async () => {
    const res = await fetch(`${s.baseUrl}${API}/anchor-total/export?${new URLSearchParams(MARCH).toString()}`, { headers: { 'Blade-Auth': `bearer ${admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const values = book.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1))
    expect(values).toEqual([
      ['主播ID', '主播名称', '送礼次数', '礼物总数', '礼物总价(金币)', '总价值'],
      ['A2', 'Mai', 2, 3, 928, 239214],
      ['A1', 'Lan', 2, 10, 1, 257],
      ['合计', undefined, 4, 13, 929, 239472],
    ])
  })
})
