// TK order import over real HTTP on SQLite and PostgreSQL: a TikTok Seller Center export as xlsx
// and csv (odd header case and spaces, dd/MM/yyyy text and Excel date cells) becomes the expected
// rows; the same file twice changes nothing; a newer file updates what it carries; bad files are
// refused with row errors and write nothing; preview writes nothing; other tenants are untouched.
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Zip, ZipDeflate } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { zipEntries } from '../../crud/import/zip-guard.ts'
import { call } from '../../../tests/support/http.ts'
import {
  csvOf,
  TK_HEADERS,
  tkLine,
  uploadFile,
  xlsxOf,
} from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const API = '/tkOrder/tkOrder'
const LINES = 40
/** Text dates for even lines (the Vietnamese export), Excel date cells for odd ones. */
const created = (i: number) =>
  i % 2
    ? new Date(Date.UTC(2026, 0, 1 + (i % 28), 9, 30, i % 60))
    : `${String(1 + (i % 28)).padStart(2, '0')}/02/2026 21:05:${String(i % 60).padStart(2, '0')}`
const lines = (n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => tkLine(from + k, created(from + k)))

// Made once for both databases: deflating 200 MB takes a couple of seconds of CPU.
let bomb: Promise<Uint8Array> | undefined
const zipBomb = () => (bomb ??= makeZipBomb())

function makeZipBomb(): Promise<Uint8Array> {
  // A workbook part that inflates to 200 MB of zeros (about 200 KB compressed), streamed so the test stays small.
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    const zip = new Zip((err, data, final) => {
      if (err) return reject(err)
      chunks.push(data)
      if (final) resolve(Buffer.concat(chunks))
    })
    const wb = new ZipDeflate('xl/workbook.xml', { level: 1 })
    zip.add(wb)
    wb.push(new TextEncoder().encode('<workbook/>'), true)
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 })
    zip.add(sheet)
    const zeros = new Uint8Array(1024 * 1024)
    for (let i = 0; i < 200; i++) sheet.push(zeros, i === 199)
    zip.end()
  })
}

forEachDatabase('TK order import', (dialect) => {
  let s: TestServer
  let office: string
  let finance: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
  })
  afterAll(() => s?.close())

  const rows = () =>
    s.db
      .selectFrom('dmrTkOrder')
      .selectAll()
      .where('tenantId', '=', '000000')
      .orderBy('orderId')
      .orderBy('skuId')
      .execute()
  const count = async () => (await rows()).length
  const upload = (
    bytes: Uint8Array,
    name: string,
    query: Record<string, string> = {},
    fields: Record<string, string> = {},
    token = office,
  ) => uploadFile(s.baseUrl, `${API}/import`, token, bytes, name, query, fields)

  it('answers the template with the TikTok headers', async () => {
    const res = await fetch(`${s.baseUrl}/api${API}/import-template`, {
      headers: { 'Blade-Auth': `bearer ${office}` },
    })
    expect(res.status).toBe(200)
    const [header] = await readSheetText(new Uint8Array(await res.arrayBuffer()))
    expect(header).toEqual([
      'Order ID',
      'Order Status',
      'Order Substatus',
      'Cancelation/Return Type',
      'Cancel By',
      'SKU ID',
      'Product Name',
      'Quantity',
      'SKU Unit Original Price',
      'SKU Subtotal Before Discount',
      'SKU Platform Discount',
      'SKU Seller Discount',
      'SKU Subtotal After Discount',
      'Shipping Fee After Discount',
      'Original Shipping Fee',
      'Shipping Fee Platform Discount',
      'Order Amount',
      'Order Refund Amount',
      'Created Time',
      'Buyer Username',
      'Province',
      'Payment Method',
    ])
  })

  it('previews the mapping and the first rows without writing', async () => {
    const res = await upload(
      await xlsxOf(
        [...TK_HEADERS, 'Warehouse Name'],
        lines(30).map((l) => [...l, 'WH1']),
      ),
      'tk.xlsx',
      { preview: '1' },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.missing).toEqual([])
    expect(
      res.body.data.columns.find((c: { header: string }) => c.header === 'CREATED TIME'),
    ).toMatchObject({ field: 'orderCreateTime' })
    expect(
      res.body.data.columns.find((c: { header: string }) => c.header === 'SKU ID'),
    ).toMatchObject({ field: 'skuId' })
    expect(res.body.data.columns.at(-1)).toMatchObject({ header: 'Warehouse Name', field: null })
    expect(res.body.data.rows).toHaveLength(10)
    expect(res.body.data.rows[1]).toMatchObject({
      row: 3,
      errors: [],
      values: {
        orderCreateTime: '2026-01-02 09:30:01',
        originalPrice: 160000,
        shippingFeeAfterDiscount: 16500,
      },
    })
    expect(await count()).toBe(0)
  })

  it('imports an xlsx (first sheet in workbook order): rows as expected, orderYearMonth and the import stamp', async () => {
    const file = await xlsxOf(TK_HEADERS, lines(LINES), { otherSheet: true })
    const res = await upload(file, 'tk.xlsx', {}, { importId: 'tk-first-import-01' })
    expect(res.body.data).toEqual({
      importId: 'tk-first-import-01',
      total: LINES,
      inserted: LINES,
      updated: 0,
      unchanged: 0,
    })
    const stored = await rows()
    expect(stored).toHaveLength(LINES)
    const line3 = stored.find(
      (r) => r.orderId === '576000000000000001' && r.skuId === '1729000000000000001',
    )!
    expect(line3).toMatchObject({
      orderCreateTime: '2026-01-04 09:30:03',
      orderYearMonth: '2026-01',
      quantity: 1,
      originalPrice: 180000,
      sellerDiscount: 10000,
      shippingFeeAfterDiscount: 16500,
      orderStatus: 'Completed',
      province: 'Hồ Chí Minh',
      version: 1,
      isDeleted: 0,
    })
    const line10 = stored.find(
      (r) => r.orderId === '576000000000000005' && r.skuId === '1729000000000000000',
    )!
    expect(line10).toMatchObject({
      orderCreateTime: '2026-02-11 21:05:10',
      orderYearMonth: '2026-02',
      orderStatus: 'Canceled',
      cancelBy: 'User',
      cancelRefundType: 'Cancel',
      quantity: 2,
    })
    expect(
      stored.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(r.orderImportDate))),
    ).toBe(true)
    const progress = await call(s.baseUrl, 'GET', `/api${API}/import-progress`, {
      token: office,
      query: { importId: 'tk-first-import-01' },
    })
    expect(progress.body.data).toMatchObject({
      phase: 'done',
      processed: LINES,
      total: LINES,
      result: { inserted: LINES },
    })
  })

  it('the same file twice, as xlsx or as a semicolon csv with BOM, leaves the same rows', async () => {
    const before = await rows()
    const again = await upload(await xlsxOf(TK_HEADERS, lines(LINES)), 'tk.xlsx')
    expect(again.body.data).toMatchObject({
      total: LINES,
      inserted: 0,
      updated: 0,
      unchanged: LINES,
    })
    // The csv carries the same values: dates as text in both accepted shapes.
    const csvLines = lines(LINES).map((l) =>
      l.map((c) => (c instanceof Date ? c.toISOString().slice(0, 19).replace('T', ' ') : c)),
    )
    const csv = await upload(csvOf(TK_HEADERS, csvLines, { delimiter: ';', bom: true }), 'tk.csv')
    expect(csv.body.data).toMatchObject({ total: LINES, inserted: 0, updated: 0, unchanged: LINES })
    expect(await rows()).toEqual(before)
  })

  it('a newer file updates the rows it carries and adds new ones', async () => {
    const before = await rows()
    const newer = lines(4).map((l, i) =>
      i === 0
        ? tkLine(0, created(0), { 'order status': 'Completed', 'Order Refund Amount': 0 })
        : l,
    )
    newer.push(tkLine(100, '2026-03-05 10:00:00'), tkLine(101, '2026/03/06 11:12'))
    const res = await upload(csvOf(TK_HEADERS, newer), 'newer.csv')
    expect(res.body.data).toMatchObject({ total: 6, inserted: 2, updated: 1, unchanged: 3 })
    const after = await rows()
    expect(after).toHaveLength(LINES + 2)
    const changed = after.find(
      (r) => r.orderId === '576000000000000000' && r.skuId === '1729000000000000000',
    )!
    const was = before.find((r) => r.id === changed.id)!
    expect(changed).toMatchObject({
      ...was,
      orderStatus: 'Completed',
      orderRefundAmount: 0,
      version: 2,
      orderImportDate: changed.orderImportDate,
      updateTime: changed.updateTime,
    })
    expect(
      after.find((r) => r.orderId === '576000000000000050' && r.skuId === '1729000000000000001'),
    ).toMatchObject({ orderCreateTime: '2026-03-06 11:12:00', orderYearMonth: '2026-03' })
    // Untouched rows are exactly as they were.
    expect(after.filter((r) => r.id !== changed.id && before.some((b) => b.id === r.id))).toEqual(
      before.filter((b) => b.id !== changed.id),
    )
  })

  it('an import and submits of the same new lines at once leave one line per key, never a 500', async () => {
    // The import locks its chunk's orders once instead of per row: a submit of a key the file brings
    // either lands first (the import then updates it) or after (refused as taken).
    const file = Array.from({ length: 30 }, (_, k) => tkLine(400 + k, '2026-04-02 08:00:00'))
    const orderId = (k: number) => String(576000000000000000n + BigInt(Math.floor((400 + k) / 2)))
    const skuId = (k: number) => String(1729000000000000000n + BigInt((400 + k) % 2))
    const raced = await Promise.all([
      upload(csvOf(TK_HEADERS, file), 'race.csv'),
      ...[0, 7, 29].map((k) =>
        call(s.baseUrl, 'POST', `/api${API}/submit`, {
          token: office,
          json: { orderId: orderId(k), skuId: skuId(k), orderCreateTime: '2026-04-02 09:00:00' },
        }),
      ),
    ])
    expect(raced[0]!.status, JSON.stringify(raced[0]!.body)).toBe(200)
    for (const r of raced.slice(1)) expect([200, 400], JSON.stringify(r.body)).toContain(r.status)
    const mine = (await rows()).filter((r) => r.orderCreateTime?.startsWith('2026-04-02'))
    expect(mine).toHaveLength(30)
    expect(new Set(mine.map((r) => `${r.orderId}+${r.skuId}`)).size).toBe(30)
  })

  describe('refused files write nothing', () => {
    const refused = async (bytes: Uint8Array, name: string, message: RegExp) => {
      const n = await count()
      const res = await upload(bytes, name)
      expect(res.status).toBe(400)
      expect(res.body.msg).toMatch(message)
      expect(await count()).toBe(n)
      return res.body.data
    }
    it('a missing required column', async () => {
      const header = TK_HEADERS.filter((h) => h !== 'CREATED TIME')
      await refused(
        await xlsxOf(
          header,
          lines(3, 200).map((l) => l.filter((_, i) => TK_HEADERS[i] !== 'CREATED TIME')),
        ),
        'tk.xlsx',
        /缺少必需的列: Created Time/,
      )
    })
    it('a bad number and a bad date, with row, column and message; the errors download as xlsx', async () => {
      const bad = lines(5, 300)
      bad[1] = tkLine(301, created(301), { Quantity: 'two' })
      bad[3] = tkLine(303, '31/02/2026 10:00:00')
      const data = await refused(csvOf(TK_HEADERS, bad), 'bad.csv', /共 2 处错误/)
      expect(data.errors).toEqual([
        { row: 3, column: 'Quantity', message: '不是有效的数字: two' },
        {
          row: 5,
          column: 'CREATED TIME',
          message:
            '不是有效的日期时间（如 2026-01-15 09:30:00 或 15/01/2026 09:30:00）: 31/02/2026 10:00:00',
        },
      ])
      const file = await fetch(`${s.baseUrl}/api${API}/import-errors?importId=${data.importId}`, {
        headers: { 'Blade-Auth': `bearer ${office}` },
      })
      expect(await readSheetText(new Uint8Array(await file.arrayBuffer()))).toEqual([
        ['行号', '列', '错误信息'],
        ['3', 'Quantity', '不是有效的数字: two'],
        ['5', 'CREATED TIME', data.errors[1].message],
      ])
    })
    it('a failing validation and a key twice in the file', async () => {
      const bad = lines(3, 400)
      bad.push(tkLine(400, created(400)))
      bad[1] = tkLine(401, created(401), { Quantity: -2 })
      const data = await refused(csvOf(TK_HEADERS, bad), 'bad.csv', /共 2 处错误/)
      expect(data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [3, 'Quantity'],
        [5, 'Order ID'],
      ])
      expect(data.errors[1].message).toContain('与第 2 行重复')
    })
    it('a damaged xlsx (bytes overwritten inside its workbook part), also for a preview', async () => {
      const bytes = await xlsxOf(TK_HEADERS, lines(20))
      const path = join(tmpdir(), `tk-damaged-${process.pid}.xlsx`)
      await writeFile(path, bytes)
      const book = (await zipEntries(path, bytes.length)).find((e) => e.name === 'xl/workbook.xml')!
      await rm(path)
      const damaged = new Uint8Array(bytes)
      const middle =
        book.localOffset + 30 + 'xl/workbook.xml'.length + Math.floor(book.compressed / 2)
      damaged.fill(0xa5, middle, middle + 6)
      await refused(damaged, 'damaged.xlsx', /xlsx 文件已损坏/)
      const preview = await upload(damaged, 'damaged.xlsx', { preview: '1' })
      expect([preview.status, preview.body.msg]).toEqual([
        400,
        expect.stringMatching(/xlsx 文件已损坏/),
      ])
    })
    // The size limits are met while the file is read, before any row reaches a database: checked on
    // one (the 200,001 rows and the zip bomb were a minute of the suite for each database).
    it.runIf(dialect === 'sqlite')(
      'an empty file, a header without rows, 20 MB of junk, a zip bomb, 41 MB and 200,001 rows',
      async () => {
        await refused(new Uint8Array(), 'empty.csv', /没有数据/)
        await refused(csvOf(TK_HEADERS, []), 'header.csv', /没有数据/)
        const junk = new Uint8Array(20 * 1024 * 1024)
        for (let i = 0; i < junk.length; i += 4096) junk.set([0xff, 0x00, 0xfe, 0x81], i)
        await refused(junk, 'junk.xlsx', /请上传 .xlsx 或 .csv/)
        await refused(await zipBomb(), 'bomb.xlsx', /解压后过大/)
        await refused(
          new Uint8Array(41 * 1024 * 1024).fill(0x41),
          'big.csv',
          /上传文件不能超过 40MB/,
        )
        const many = [
          TK_HEADERS.join(','),
          ...Array.from({ length: 200_001 }, (_, i) => tkLine(i, '2026-01-01 00:00:00').join(',')),
        ].join('\n')
        await refused(new TextEncoder().encode(many), 'many.csv', /单次最多导入 200000 行/)
      },
      120_000,
    )
  })

  it('leaves other tenants rows untouched and answers 403 without the import button', async () => {
    const t = '2026-01-01 00:00:00'
    await s.db
      .insertInto('dmrTkOrder')
      .values({
        id: '9900000000000000001',
        tenantId: '222222',
        orderCreateTime: t,
        orderYearMonth: '2026-01',
        orderId: '576000000000000000',
        skuId: '1729000000000000000',
        orderStatus: 'Foreign',
        createUser: '1',
        createDept: '1',
        createTime: t,
        updateUser: '1',
        updateTime: t,
        status: 1,
        isDeleted: 0,
      })
      .execute()
    const before = await rows()
    const res = await upload(
      csvOf(TK_HEADERS, [tkLine(0, created(0), { 'order status': 'Shipped' })]),
      'one.csv',
    )
    expect(res.body.data).toMatchObject({ updated: 1 })
    const foreign = await s.db
      .selectFrom('dmrTkOrder')
      .selectAll()
      .where('tenantId', '=', '222222')
      .execute()
    expect(foreign).toMatchObject([
      { id: '9900000000000000001', orderStatus: 'Foreign', version: 1 },
    ])
    expect((await rows()).length).toBe(before.length)
    const denied = await upload(
      csvOf(TK_HEADERS, [tkLine(0, created(0))]),
      'one.csv',
      {},
      {},
      finance,
    )
    expect(denied.status).toBe(403)
    expect(
      (await call(s.baseUrl, 'GET', `/api${API}/import-template`, { token: finance })).status,
    ).toBe(403)
  })
})
