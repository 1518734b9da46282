// Gift details and totals over real HTTP on SQLite and PostgreSQL: a detail's key is unique among
// live rows; each grouping equals the hand-computed (and the SQL) sums of a small month, with
// fractional prices and coin value floored, both range ends inclusive, removed rows left out;
// paging, sorting, the totals row, bad ranges and sorts (400), tenant isolation, access per menu
// code, and the xlsx export (numbers as numbers, the totals row last).
import ExcelJS from 'exceljs'
import { sql, type RawBuilder } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { nextId } from '../../core/ids.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const API = '/api/giftdetail/giftDetail'
const MARCH = { sendGiftTime_ge: '2025-03-01 00:00:00', sendGiftTime_le: '2025-03-31 23:59:59' }

const detail = (
  sendGiftTime: string,
  anchor: [string, string],
  user: [string, string, string],
  gift: [string, number],
  giftQuantity: number,
  liveId = 'L-1',
) => ({
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
  {
    giftDate: '2025-03-31',
    totalCount: 1,
    totalQuantity: 2,
    giftPriceTotal: 899,
    totalValue: 231492,
  },
]
const ANCHORS = [
  {
    anchorId: 'A2',
    anchorName: 'Mai',
    totalCount: 2,
    totalQuantity: 3,
    giftPriceTotal: 928,
    totalValue: 239214,
  },
  {
    anchorId: 'A1',
    anchorName: 'Lan',
    totalCount: 2,
    totalQuantity: 10,
    giftPriceTotal: 1,
    totalValue: 257,
  },
]
const USERS = [
  {
    userId: 'U3',
    userNickName: 'nick3',
    plartformAccount: 'acct3',
    totalCount: 1,
    totalQuantity: 2,
    giftPriceTotal: 899,
    totalValue: 231492,
  },
  {
    userId: 'U1',
    userNickName: 'nick1',
    plartformAccount: 'acct1',
    totalCount: 2,
    totalQuantity: 4,
    giftPriceTotal: 30,
    totalValue: 7799,
  },
  {
    userId: 'U2',
    userNickName: 'nick2',
    plartformAccount: 'acct2',
    totalCount: 1,
    totalQuantity: 7,
    giftPriceTotal: 0,
    totalValue: 180,
  },
]
const GIFTS = [
  {
    giftName: 'Universe',
    giftPrice: 449.5,
    totalCount: 1,
    totalQuantity: 2,
    giftPriceTotal: 899,
    totalValue: 231492,
  },
  {
    giftName: 'Lion',
    giftPrice: 29.99,
    totalCount: 1,
    totalQuantity: 1,
    giftPriceTotal: 29,
    totalValue: 7722,
  },
  {
    giftName: 'Rose',
    giftPrice: 0.1,
    totalCount: 2,
    totalQuantity: 10,
    giftPriceTotal: 1,
    totalValue: 257,
  },
]
// The whole month, floored once (not the sum of the floored rows: 239,471).
const SUMMARY = { totalCount: 4, totalQuantity: 13, giftPriceTotal: 929, totalValue: 239472 }

// A searched range that starts and ends inside days (not whole days or a month), in August where no
// other test of the suite writes.
const AUGUST = { sendGiftTime_ge: '2025-08-03 10:00:00', sendGiftTime_le: '2025-08-20 18:30:00' }
const AUGUST_ANCHORS: [string, string][] = [
  ['A1', 'Lan'],
  ['A2', 'Mai'],
  ['A3', 'Hoa'],
  ['A1', 'Lan mới'],
]
const AUGUST_USERS: [string, string, string][] = [
  ['U1', 'nick1', 'acct1'],
  ['U2', 'nick2', 'acct2'],
  ['U3', 'nick3', 'acct3'],
  ['U1', 'nick1 đổi', 'acct1'],
  ['U4', 'nick4', 'acct4'],
]
// Prices with hundredths that binary floats cannot hold, and one gift name at two prices.
const AUGUST_GIFTS: [string, number][] = [
  ['Rose', 0.1],
  ['Heart', 0.33],
  ['Lion', 29.99],
  ['Cake', 12.07],
  ['Universe', 449.5],
  ['Rose', 0.15],
]
const AUGUST_INSIDE = 40

type Grouping = 'total' | 'anchor-total' | 'user-total' | 'gift-total'
/** Each grouping's fields as the server answers them, and the same groups written in SQL. */
const GROUPINGS: Record<Grouping, { fields: string[]; keys: RawBuilder<unknown>[] }> = {
  total: { fields: ['giftDate'], keys: [sql`substr(send_gift_time, 1, 10)`] },
  'anchor-total': {
    fields: ['anchorId', 'anchorName'],
    keys: [sql`coalesce(anchor_id, '')`, sql`coalesce(anchor_name, '')`],
  },
  'user-total': {
    fields: ['userId', 'userNickName', 'plartformAccount'],
    keys: [
      sql`coalesce(user_id, '')`,
      sql`coalesce(user_nick_name, '')`,
      sql`coalesce(plartform_account, '')`,
    ],
  },
  'gift-total': { fields: ['giftName', 'giftPrice'], keys: [sql`gift_name`, sql`gift_price`] },
}

interface SumRow {
  k0?: unknown
  k1?: unknown
  k2?: unknown
  n: unknown
  quantity: unknown
  cents: unknown
}

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
    await s.db
      .updateTable('bladeParam')
      .set({ paramValue: '257.5' })
      .where('paramKey', '=', 'gift.coinValueVnd')
      .where('tenantId', '=', '000000')
      .execute()
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
    expect(
      (
        await call(s.baseUrl, 'POST', `${API}/remove`, {
          token: admin,
          query: { ids: gone.body.data.id },
        })
      ).status,
    ).toBe(200)
    // Another tenant's gifts in the same month.
    await s.db
      .insertInto('dmrGiftDetail')
      .values({
        id: '990000000000000001',
        tenantId: '777777',
        sendGiftTime: '2025-03-05 10:00:00',
        userId: 'U1',
        liveId: 'L-9',
        anchorId: 'A1',
        anchorName: 'Lan',
        giftName: 'Rose',
        giftPrice: 1000,
        giftQuantity: 9,
        isDeleted: 0,
        status: 1,
        version: 1,
      } as never)
      .execute()
  })
  afterAll(() => s?.close())

  function submit(json: Record<string, unknown>) {
    return call(s.baseUrl, 'POST', `${API}/submit`, { token: admin, json })
  }
  const totals = (grouping: string, query: Record<string, string> = {}, token = admin) =>
    call(s.baseUrl, 'GET', `${API}/${grouping}`, {
      token,
      query: { ...MARCH, size: '50', ...query },
    })
  const page = async (grouping: string, query: Record<string, string> = {}) => {
    const r = await totals(grouping, query)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as {
      records: Record<string, unknown>[]
      total: number
      pages: number
      current: number
      summary: typeof SUMMARY
    }
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
    await call(s.baseUrl, 'POST', `${API}/remove`, {
      token: admin,
      query: { ids: `${first.body.data.id},${other.body.data.id}` },
    })
    expect((await submit(json)).status).toBe(200)
  })

  it('lets one of several concurrent creates of a key through and refuses the others with 400', async () => {
    const json = detail('2025-05-02 10:00:00', MAI, U2, LION, 1, 'L-race')
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(json)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400])
  })

  it('groups by day, anchor, user and gift with the hand-computed, floored sums and the totals row', async () => {
    for (const [grouping, expected] of [
      ['total', DAYS],
      ['anchor-total', ANCHORS],
      ['user-total', USERS],
      ['gift-total', GIFTS],
    ] as const) {
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
      expect(rec).toMatchObject({
        totalCount: g.count,
        totalQuantity: g.quantity,
        giftPriceTotal: Math.floor(g.cents / 100),
        totalValue: Math.floor((g.cents * 2575) / 1000),
      })
    }
    expect(data.records).toHaveLength(byAnchor.size)
  })

  it('answers, for every grouping of a searched range, the rows and totals row of a GROUP BY in SQL', async () => {
    const inside = Array.from({ length: AUGUST_INSIDE }, (_, i) => {
      // Days 3 to 20, hours 11 to 17: inside the range whatever the day.
      const time = `2025-08-${String(3 + (i % 18)).padStart(2, '0')} ${String(11 + (i % 7)).padStart(2, '0')}:${String(i).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`
      return detail(
        time,
        AUGUST_ANCHORS[i % 4]!,
        AUGUST_USERS[i % 5]!,
        AUGUST_GIFTS[i % 6]!,
        ((i * 7) % 13) + 1,
        'L-aug',
      )
    })
    const rows = [
      ...inside,
      // Both ends count, to the second.
      detail(
        AUGUST.sendGiftTime_ge,
        AUGUST_ANCHORS[1]!,
        AUGUST_USERS[2]!,
        AUGUST_GIFTS[1]!,
        3,
        'L-aug',
      ),
      detail(
        AUGUST.sendGiftTime_le,
        AUGUST_ANCHORS[2]!,
        AUGUST_USERS[0]!,
        AUGUST_GIFTS[3]!,
        5,
        'L-aug',
      ),
      // Neither anchor nor nickname nor account: a group of blanks.
      {
        ...detail('2025-08-10 12:00:00', ['', ''], ['U5', '', ''], AUGUST_GIFTS[0]!, 9, 'L-aug'),
        anchorId: undefined,
        anchorName: undefined,
        userNickName: undefined,
        plartformAccount: undefined,
      },
      // A second outside either end, with quantities that would show in every sum.
      detail(
        '2025-08-03 09:59:59',
        AUGUST_ANCHORS[0]!,
        AUGUST_USERS[0]!,
        AUGUST_GIFTS[4]!,
        1000,
        'L-aug',
      ),
      detail(
        '2025-08-20 18:30:01',
        AUGUST_ANCHORS[0]!,
        AUGUST_USERS[0]!,
        AUGUST_GIFTS[4]!,
        1000,
        'L-aug',
      ),
    ]
    for (const json of rows) expect((await submit(json)).status).toBe(200)
    const gone = await submit(
      detail(
        '2025-08-12 12:00:00',
        AUGUST_ANCHORS[0]!,
        AUGUST_USERS[1]!,
        AUGUST_GIFTS[4]!,
        500,
        'L-aug',
      ),
    )
    expect(
      (
        await call(s.baseUrl, 'POST', `${API}/remove`, {
          token: admin,
          query: { ids: gone.body.data.id },
        })
      ).status,
    ).toBe(200)
    await s.db
      .insertInto('dmrGiftDetail')
      .values({
        id: '990000000000000002',
        tenantId: '777777',
        sendGiftTime: '2025-08-10 10:00:00',
        userId: 'U1',
        liveId: 'L-aug',
        anchorId: 'A1',
        anchorName: 'Lan',
        giftName: 'Rose',
        giftPrice: 0.1,
        giftQuantity: 700,
        isDeleted: 0,
        status: 1,
        version: 1,
      } as never)
      .execute()

    // The đồng per coin as the parameter holds it (the tenant's own row, else the platform's: here
    // the platform's, set above), as an exact fraction.
    const param = await s.db
      .selectFrom('bladeParam')
      .select('paramValue')
      .where('paramKey', '=', 'gift.coinValueVnd')
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow()
    expect(param.paramValue).toBe('257.5')
    const [whole, frac = ''] = String(param.paramValue).split('.')
    const vndNum = BigInt(`${whole}${frac}`)
    const vndDen = 10n ** BigInt(frac.length)
    // Money in exact hundredths of a coin per row, summed, then floored once to coins and to đồng.
    const figures = (r: SumRow) => {
      const cents = BigInt(String(r.cents ?? 0))
      return {
        totalCount: Number(r.n),
        totalQuantity: Number(r.quantity ?? 0),
        giftPriceTotal: Number(cents / 100n),
        totalValue: Number((cents * vndNum) / (100n * vndDen)),
      }
    }
    const where = sql`tenant_id = ${'000000'} and is_deleted = 0 and send_gift_time >= ${AUGUST.sendGiftTime_ge} and send_gift_time <= ${AUGUST.sendGiftTime_le}`
    const sums = sql`count(*) as n, sum(gift_quantity) as quantity, sum(cast(round(gift_price * 100) as bigint) * gift_quantity) as cents`
    const all = (
      await sql<SumRow>`select ${sums} from dmr_gift_detail where ${where}`.execute(s.db)
    ).rows[0]!
    // The fixture itself: every row inside (the ends too) and none outside, and hundredths that flooring drops.
    expect(Number(all.n)).toBe(AUGUST_INSIDE + 3)
    expect(BigInt(String(all.cents)) % 100n).not.toBe(0n)
    const summary = figures(all)

    for (const [grouping, { fields, keys }] of Object.entries(GROUPINGS) as [
      Grouping,
      (typeof GROUPINGS)[Grouping],
    ][]) {
      const selected = sql.join(keys.map((k, i) => sql`${k} as ${sql.raw(`k${i}`)}`))
      const grouped = (
        await sql<SumRow>`select ${selected}, ${sums} from dmr_gift_detail where ${where} group by ${sql.join(keys)}`.execute(
          s.db,
        )
      ).rows
      const expected = grouped.map((r) => {
        const out: Record<string, unknown> = {}
        fields.forEach((f, i) => {
          const v = [r.k0, r.k1, r.k2][i]
          out[f] = f === 'giftPrice' ? Number(v) : String(v)
        })
        return { ...out, ...figures(r) }
      })
      // Every page of the answer, small pages so groups span several.
      const answered: Record<string, unknown>[] = []
      let pages = 1
      for (let current = 1; current <= pages; current++) {
        const data = await page(grouping, { ...AUGUST, size: '4', current: String(current) })
        expect(data.total, grouping).toBe(grouped.length)
        expect(data.summary, grouping).toEqual(summary)
        pages = data.pages
        answered.push(...data.records)
      }
      const byKey = (r: Record<string, unknown>) => JSON.stringify(fields.map((f) => r[f]))
      const sorted = (list: Record<string, unknown>[]) =>
        [...list].sort((a, b) => (byKey(a) < byKey(b) ? -1 : byKey(a) > byKey(b) ? 1 : 0))
      expect(sorted(answered), grouping).toEqual(sorted(expected))
    }
  })

  it('follows creates, updates and removes at once (nothing is kept between calls)', async () => {
    const june = { sendGiftTime_ge: '2025-06-01 00:00:00', sendGiftTime_le: '2025-06-30 23:59:59' }
    const sums = async () => (await page('gift-total', june)).summary
    const a = await submit(detail('2025-06-10 09:00:00', LAN, U1, LION, 2, 'L-june'))
    expect(await sums()).toEqual({
      totalCount: 1,
      totalQuantity: 2,
      giftPriceTotal: 59,
      totalValue: 15444,
    })
    await submit({ id: a.body.data.id, giftQuantity: 4 })
    expect(await sums()).toEqual({
      totalCount: 1,
      totalQuantity: 4,
      giftPriceTotal: 119,
      totalValue: 30889,
    })
    await call(s.baseUrl, 'POST', `${API}/remove`, { token: admin, query: { ids: a.body.data.id } })
    expect(await sums()).toEqual({
      totalCount: 0,
      totalQuantity: 0,
      giftPriceTotal: 0,
      totalValue: 0,
    })
  })

  it('reads both ends of the range inclusively and defaults a missing end to this month', async () => {
    const edges = await page('total', {
      sendGiftTime_ge: '2025-02-28 23:59:59',
      sendGiftTime_le: '2025-04-01 00:00:00',
    })
    expect(edges.summary.totalCount).toBe(6)
    expect(edges.records.map((r) => r.giftDate)).toEqual([
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
      '2025-03-31',
      '2025-04-01',
    ])
    // Bare days cover the whole day.
    expect(
      (await page('total', { sendGiftTime_ge: '2025-03-31', sendGiftTime_le: '2025-03-31' }))
        .summary.totalCount,
    ).toBe(1)
    const month = await call(s.baseUrl, 'GET', `${API}/total`, { token: admin })
    expect(month.status).toBe(200)
    expect(month.body.data.range.sendGiftTime_ge).toMatch(/^\d{4}-\d{2}-01 00:00:00$/)
  })

  it('pages and sorts by any group field or figure; unknown sorts and bad ranges are a clear 400', async () => {
    const second = await page('user-total', { size: '1', current: '2', ascs: 'totalQuantity' })
    expect(second.records.map((r) => r.userId)).toEqual(['U1'])
    expect(second).toMatchObject({ total: 3, pages: 3, current: 2, summary: SUMMARY })
    expect(
      (await page('gift-total', { ascs: 'giftPrice' })).records.map((r) => r.giftName),
    ).toEqual(['Rose', 'Lion', 'Universe'])
    expect(
      (await page('anchor-total', { descs: 'anchor_name' })).records.map((r) => r.anchorName),
    ).toEqual(['Mai', 'Lan'])
    expect((await page('total', { descs: 'giftDate' })).records.map((r) => r.giftDate)).toEqual([
      '2025-03-31',
      '2025-03-02',
      '2025-03-01',
    ])
    // A page past the last group still carries the totals row.
    expect(await page('anchor-total', { current: '5', size: '10' })).toMatchObject({
      records: [],
      total: 2,
      summary: SUMMARY,
    })
    const bad: [Record<string, string>, string][] = [
      [{ ascs: 'password' }, '不支持的排序字段'],
      [{ sendGiftTime_ge: 'yesterday' }, '格式错误'],
      [{ sendGiftTime_le: '2025-02-30 10:00:00' }, '格式错误'],
      [
        { sendGiftTime_ge: '2025-04-01 00:00:00', sendGiftTime_le: '2025-03-01 00:00:00' },
        '不能晚于',
      ],
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
    expect(theirs.records).toEqual([
      {
        anchorId: 'A1',
        anchorName: 'Lan',
        totalCount: 1,
        totalQuantity: 9,
        giftPriceTotal: 9000,
        totalValue: 2317500,
      },
    ])
  })

  describe('access', () => {
    it('finance reads and exports every totals screen; warehouse gets 403', async () => {
      for (const grouping of ['total', 'anchor-total', 'user-total', 'gift-total']) {
        expect((await totals(grouping, {}, finance)).status, grouping).toBe(200)
        expect(
          (
            await call(s.baseUrl, 'GET', `${API}/${grouping}/export`, {
              token: finance,
              query: MARCH,
            })
          ).status,
          grouping,
        ).toBe(200)
        expect((await totals(grouping, {}, warehouse)).status, grouping).toBe(403)
        expect(
          (
            await call(s.baseUrl, 'GET', `${API}/${grouping}/export`, {
              token: warehouse,
              query: MARCH,
            })
          ).status,
          grouping,
        ).toBe(403)
      }
    })
  })

  it("narrows the totals by the caller's data scope on the gift details", async () => {
    // Finance limited to the details it created itself: every detail here was created by admin.
    const role = await s.db
      .selectFrom('bladeRole')
      .select('id')
      .where('roleAlias', '=', 'finance')
      .executeTakeFirstOrThrow()
    const scopeId = nextId()
    await s.db
      .insertInto('bladeDataScope' as never)
      .values({
        id: scopeId,
        menu_id: '0',
        resource_code: 'gift_detail',
        scope_name: '本人',
        scope_column: 'create_user',
        scope_type: 2,
        status: 1,
        is_deleted: 0,
      } as never)
      .execute()
    await s.db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId: role.id })
      .execute()
    try {
      for (const grouping of ['total', 'anchor-total', 'user-total', 'gift-total']) {
        const r = await totals(grouping, {}, finance)
        expect(r.status, grouping).toBe(200)
        expect(r.body.data.records, grouping).toEqual([])
        expect(r.body.data.summary, grouping).toEqual({
          totalCount: 0,
          totalQuantity: 0,
          giftPriceTotal: 0,
          totalValue: 0,
        })
      }
      // Admin has no data scope: the month as before.
      expect((await page('anchor-total')).summary).toEqual(SUMMARY)
    } finally {
      await s.db.deleteFrom('bladeRoleScope').where('scopeId', '=', scopeId).execute()
      await s.db
        .deleteFrom('bladeDataScope' as never)
        .where('id' as never, '=', scopeId as never)
        .execute()
    }
    expect((await totals('anchor-total', {}, finance)).body.data.summary).toEqual(SUMMARY)
  })

  it('exports the groups and the totals row as xlsx, numbers as numbers', async () => {
    const res = await fetch(
      `${s.baseUrl}${API}/anchor-total/export?${new URLSearchParams(MARCH).toString()}`,
      { headers: { 'Blade-Auth': `bearer ${admin}` } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const values = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1))
    expect(values).toEqual([
      ['主播ID', '主播名称', '送礼次数', '礼物总数', '礼物总价(金币)', '总价值'],
      ['A2', 'Mai', 2, 3, 928, 239214],
      ['A1', 'Lan', 2, 10, 1, 257],
      ['合计', undefined, 4, 13, 929, 239472],
    ])
  })
})
