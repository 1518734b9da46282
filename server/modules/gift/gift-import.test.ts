// Gift detail import over real HTTP on SQLite and PostgreSQL: the same file twice (xlsx, then the
// same values as csv) leaves the same rows, key liveId + userId + sendGiftTime + giftName; a newer
// file updates the rows it carries and adds the keys it brings; malformed files (a required column
// missing, a bad number, a bad date, an empty file, 20 MB of junk) are a 400 with a clear message
// and write nothing: the table's rows, every column of them, are as they were.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { csvOf, uploadFile, xlsxOf, type TkCell } from '../../../tests/support/import-files.ts'
import { forEachDatabase, serverWithAdmin } from '../../../tests/support/test-server.ts'

const API = '/giftdetail/giftDetail'
// The template's headers, with the platform export's names for some (matched case- and space-insensitively).
const HEADERS = [
  'Send Time',
  'User ID',
  'Nickname',
  'Account',
  'LIVE ID',
  'Creator ID',
  'creator name',
  'Gift Name',
  'Gift Price',
  'Gift  Quantity',
]
const LINES = 24
const GIFTS: [string, number][] = [
  ['Rose', 0.1],
  ['Lion', 29.99],
  ['Universe', 449.5],
  ['Heart', 0.33],
]

/** Even lines carry the send time as dd/MM/yyyy text (the Vietnamese export), odd ones as an Excel date cell. */
const sendTime = (i: number): string | Date =>
  i % 2
    ? new Date(Date.UTC(2026, 3, 1 + (i % 20), 20, i % 60, 15))
    : `${String(1 + (i % 20)).padStart(2, '0')}/04/2026 21:${String(i % 60).padStart(2, '0')}:05`
/** The stored text of sendTime(i). */
const storedTime = (i: number) =>
  i % 2
    ? `2026-04-${String(1 + (i % 20)).padStart(2, '0')} 20:${String(i % 60).padStart(2, '0')}:15`
    : `2026-04-${String(1 + (i % 20)).padStart(2, '0')} 21:${String(i % 60).padStart(2, '0')}:05`

function line(i: number, over: Partial<Record<string, TkCell>> = {}): TkCell[] {
  const [giftName, giftPrice] = GIFTS[i % 4]!
  const base: Record<string, TkCell> = {
    'Send Time': sendTime(i),
    'User ID': `viewer${i % 6}`,
    Nickname: `Người xem ${i % 6}`,
    Account: `acc${i % 6}`,
    // Lines from 100 on are in lives of their own: keys no earlier file has.
    'LIVE ID': `L-${Math.floor(i / 100)}-${i % 3}`,
    'Creator ID': `A${i % 2}`,
    'creator name': i % 2 ? 'Lan' : 'Mai',
    'Gift Name': giftName,
    'Gift Price': giftPrice,
    'Gift  Quantity': (i % 5) + 1,
  }
  return HEADERS.map((h) => (h in over ? over[h]! : base[h]!))
}
const lines = (n: number, from = 0) => Array.from({ length: n }, (_, k) => line(from + k))
/** The same lines as csv text: dates as the stored text, prices as written. */
const asCsvLines = (rows: TkCell[][]) =>
  rows.map((r) =>
    r.map((c) => (c instanceof Date ? c.toISOString().slice(0, 19).replace('T', ' ') : c)),
  )

forEachDatabase('gift detail import', (dialect) => {
  const t = serverWithAdmin(dialect)
  const upload = (bytes: Uint8Array, name: string) =>
    uploadFile(t.s.baseUrl, `${API}/import`, t.admin, bytes, name)
  const rows = () => t.s.db.selectFrom('dmrGiftDetail').selectAll().orderBy('id').execute()
  /** Row count and a hash of every column of every row (all tenants): any write shows. */
  const snapshot = async () => {
    const all = await rows()
    return {
      count: all.length,
      checksum: createHash('sha256').update(JSON.stringify(all)).digest('hex'),
    }
  }
  const keyOf = (r: {
    liveId: unknown
    userId: unknown
    sendGiftTime: unknown
    giftName: unknown
  }) => [r.liveId, r.userId, r.sendGiftTime, r.giftName].join('|')

  it('imports an xlsx as the expected rows, one per key', async () => {
    const res = await upload(await xlsxOf(HEADERS, lines(LINES)), 'gifts.xlsx')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ total: LINES, inserted: LINES, updated: 0, unchanged: 0 })
    const stored = await rows()
    expect(stored).toHaveLength(LINES)
    expect(new Set(stored.map(keyOf)).size).toBe(LINES)
    const three = stored.find((r) => r.sendGiftTime === storedTime(3) && r.userId === 'viewer3')
    expect(three).toMatchObject({
      tenantId: '000000',
      liveId: 'L-0-0',
      anchorId: 'A1',
      anchorName: 'Lan',
      userNickName: 'Người xem 3',
      plartformAccount: 'acc3',
      giftName: 'Heart',
      giftQuantity: 4,
      version: 1,
      isDeleted: 0,
    })
    // numeric(14, 2) on PostgreSQL answers text: the value, not its spelling, is the point.
    expect(Number(three!.giftPrice)).toBe(0.33)
    const four = stored.find((r) => r.sendGiftTime === storedTime(4) && r.userId === 'viewer4')
    expect(four).toMatchObject({ liveId: 'L-0-1', giftName: 'Rose', giftQuantity: 5 })
    expect(Number(four!.giftPrice)).toBe(0.1)
  })

  it('the same file twice, as xlsx and as csv of the same values, leaves the same rows', async () => {
    const before = await snapshot()
    const again = await upload(await xlsxOf(HEADERS, lines(LINES)), 'gifts.xlsx')
    expect(again.body.data).toMatchObject({
      total: LINES,
      inserted: 0,
      updated: 0,
      unchanged: LINES,
    })
    const csv = await upload(
      csvOf(HEADERS, asCsvLines(lines(LINES)), { delimiter: ';', bom: true }),
      'gifts.csv',
    )
    expect(csv.body.data).toMatchObject({ total: LINES, inserted: 0, updated: 0, unchanged: LINES })
    expect(await snapshot()).toEqual(before)
  })

  it('a newer file updates the rows it carries, adds new keys and leaves the rest as they were', async () => {
    const before = await rows()
    const newer = lines(4)
    // Same key (live, user, send time, gift): new quantity and a renamed anchor.
    newer[0] = line(0, { 'Gift  Quantity': 9 })
    newer[1] = line(1, { 'creator name': 'Lan (mới)' })
    // One second later is another key, so another row; so is another live.
    newer.push(line(2, { 'Send Time': '03/04/2026 21:02:06' }), line(3, { 'LIVE ID': 'L-other' }))
    const res = await upload(csvOf(HEADERS, asCsvLines(newer)), 'newer.csv')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ total: 6, inserted: 2, updated: 2, unchanged: 2 })
    const after = await rows()
    expect(after).toHaveLength(LINES + 2)
    const find = (list: typeof after, i: number, liveId: string, time = storedTime(i)) =>
      list.find(
        (r) =>
          r.liveId === liveId &&
          r.userId === `viewer${i % 6}` &&
          r.sendGiftTime === time &&
          r.giftName === GIFTS[i % 4]![0],
      )
    const zero = find(after, 0, 'L-0-0')!
    expect(zero).toMatchObject({
      ...find(before, 0, 'L-0-0'),
      giftQuantity: 9,
      version: 2,
      updateTime: zero.updateTime,
    })
    const one = find(after, 1, 'L-0-1')!
    expect(one).toMatchObject({
      ...find(before, 1, 'L-0-1'),
      anchorName: 'Lan (mới)',
      version: 2,
      updateTime: one.updateTime,
    })
    expect(find(after, 2, 'L-0-2', '2026-04-03 21:02:06')).toMatchObject({
      giftQuantity: 3,
      version: 1,
    })
    expect(find(after, 3, 'L-other')).toMatchObject({ giftQuantity: 4, version: 1 })
    // Rows the file does not carry, and the ones it carries unchanged, are exactly as they were.
    const changed = new Set([zero.id, one.id])
    expect(after.filter((r) => !changed.has(r.id) && before.some((b) => b.id === r.id))).toEqual(
      before.filter((b) => !changed.has(b.id)),
    )
  })

  describe('malformed files are refused with a 400 and write nothing', () => {
    const refused = async (bytes: Uint8Array, name: string, message: RegExp) => {
      const before = await snapshot()
      const res = await upload(bytes, name)
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(400)
      expect(res.body.msg).toMatch(message)
      expect(await snapshot()).toEqual(before)
      return res.body.data as { errors?: { row: number; column: string; message: string }[] }
    }
    // Fresh keys (lines 100 on), so a file written even in part would show as new rows.
    const fresh = (n: number) => lines(n, 100)

    it('a required column missing (the gift name): named in the answer', async () => {
      const without = (list: TkCell[]) => list.filter((_, i) => HEADERS[i] !== 'Gift Name')
      await refused(
        await xlsxOf(
          HEADERS.filter((h) => h !== 'Gift Name'),
          fresh(3).map((l) => without(l)),
        ),
        'gifts.xlsx',
        /缺少必需的列: Gift Name/,
      )
    })

    it('a bad number: the row, the column and the value', async () => {
      const bad = fresh(5)
      bad[2] = line(102, { 'Gift Price': 'hai mươi' })
      const data = await refused(csvOf(HEADERS, asCsvLines(bad)), 'bad.csv', /共 1 处错误/)
      expect(data.errors).toEqual([
        { row: 4, column: 'Gift Price', message: '不是有效的数字: hai mươi' },
      ])
    })

    it('a bad date (the 31st of February): the row, the column and the value', async () => {
      const bad = fresh(5)
      bad[3] = line(103, { 'Send Time': '31/02/2026 10:00:00' })
      const data = await refused(await xlsxOf(HEADERS, bad), 'bad.xlsx', /共 1 处错误/)
      expect(data.errors).toEqual([
        {
          row: 5,
          column: 'Send Time',
          message:
            '不是有效的日期时间（如 2026-01-15 09:30:00 或 15/01/2026 09:30:00）: 31/02/2026 10:00:00',
        },
      ])
    })

    it('one bad row among good ones keeps the good ones out too', async () => {
      const bad = fresh(30)
      bad[29] = line(129, { 'Gift  Quantity': 'many' })
      await refused(csvOf(HEADERS, asCsvLines(bad)), 'late.csv', /未写入任何数据/)
    })

    it('an empty file and a header without rows', async () => {
      await refused(new Uint8Array(), 'empty.csv', /没有数据/)
      await refused(csvOf(HEADERS, []), 'header.csv', /没有数据/)
      await refused(await xlsxOf(HEADERS, []), 'header.xlsx', /没有数据/)
    })

    it('20 MB of binary junk, and 20 MB of text without a line break', async () => {
      const junk = new Uint8Array(20 * 1024 * 1024)
      for (let i = 0; i < junk.length; i += 4096) junk.set([0xff, 0x00, 0xfe, 0x81], i)
      await refused(junk, 'gifts.xlsx', /请上传 .xlsx 或 .csv/)
      await refused(new Uint8Array(20 * 1024 * 1024).fill(0x41), 'gifts.csv', /单行内容过长/)
    }, 120_000)
  })
})
