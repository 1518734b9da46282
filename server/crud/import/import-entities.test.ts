// Gift detail and product imports over real HTTP on SQLite and PostgreSQL: idempotent by their
// keys (liveId + userId + sendGiftTime + giftName; skuNo per tenant), products through the
// product rules (combo parts by "SKU*quantity", options by label), and the export of products;
// product files without the SKU column or with a bad number are refused and write nothing.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { csvOf, uploadFile, xlsxOf } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { readSheetText } from './read-sheet.ts'

const GIFT_HEADERS = [
  'Send Time',
  'User ID',
  'Nickname',
  'Account',
  'LIVE ID',
  'Creator ID',
  'Creator Name',
  'Gift Name',
  'gift price',
  'Gift Quantity',
]
const gift = (i: number) => [
  new Date(Date.UTC(2026, 2, 1 + (i % 3), 20, i % 60)),
  `u${i % 4}`,
  `Người xem ${i % 4}`,
  `acc${i % 4}`,
  'L1',
  'A1',
  'Anchor',
  i % 2 ? 'Rose' : 'Lion',
  i % 2 ? 1 : 29999,
  (i % 3) + 1,
]

forEachDatabase('gift and product imports', (dialect) => {
  let s: TestServer
  let admin: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  it('imports gift details idempotently by their key', async () => {
    const file = await xlsxOf(
      GIFT_HEADERS,
      Array.from({ length: 12 }, (_, i) => gift(i)),
    )
    const first = await uploadFile(
      s.baseUrl,
      '/giftdetail/giftDetail/import',
      admin,
      file,
      'gifts.xlsx',
    )
    expect(first.body.data).toMatchObject({ total: 12, inserted: 12, updated: 0, unchanged: 0 })
    const rows = () =>
      s.db
        .selectFrom('dmrGiftDetail')
        .selectAll()
        .orderBy('sendGiftTime')
        .orderBy('userId')
        .execute()
    const before = await rows()
    expect(before[0]).toMatchObject({
      sendGiftTime: '2026-03-01 20:00:00',
      userId: 'u0',
      liveId: 'L1',
      giftName: 'Lion',
      giftPrice: 29999,
      giftQuantity: 1,
      anchorName: 'Anchor',
    })
    const again = await uploadFile(
      s.baseUrl,
      '/giftdetail/giftDetail/import',
      admin,
      file,
      'gifts.xlsx',
    )
    expect(again.body.data).toMatchObject({ total: 12, inserted: 0, updated: 0, unchanged: 12 })
    expect(await rows()).toEqual(before)
  })

  it('imports products by SKU through the product rules, idempotently, and exports them', async () => {
    const header = ['SKU编号', 'Product Name', '单品/组合', '组合SKU', '数量', 'Price']
    const file = csvOf(header, [
      ['IMP-A', 'Áo A', '单品', '', 5, '120,000'],
      ['IMP-B', 'Áo B', '0', '', 3, 99000],
      ['IMP-AB', 'Combo AB', '组合', 'IMP-A*2, IMP-B*1', 1, 200000],
    ])
    const first = await uploadFile(
      s.baseUrl,
      '/product/product/import',
      admin,
      file,
      'products.csv',
    )
    expect(first.body.data).toMatchObject({ total: 3, inserted: 3, updated: 0, unchanged: 0 })
    const rows = () =>
      s.db
        .selectFrom('dmrProduct')
        .selectAll()
        .where('skuNo', 'like', 'IMP-%')
        .orderBy('skuNo')
        .execute()
    const before = await rows()
    expect(before.map((r) => [r.skuNo, r.productIsMix, r.productPrice, r.productQuantity])).toEqual(
      [
        ['IMP-A', 0, 120000, 5],
        ['IMP-AB', 1, 200000, 1],
        ['IMP-B', 0, 99000, 3],
      ],
    )
    expect(JSON.parse(String(before[1]!.productComboSku))).toEqual([
      { skuNo: 'IMP-A', productQuantity: 2 },
      { skuNo: 'IMP-B', productQuantity: 1 },
    ])
    const again = await uploadFile(
      s.baseUrl,
      '/product/product/import',
      admin,
      file,
      'products.csv',
    )
    expect(again.body.data).toMatchObject({ total: 3, inserted: 0, updated: 0, unchanged: 3 })
    expect(await rows()).toEqual(before)
    // A combo naming an unknown single is refused by the product rules, with its row.
    const bad = await uploadFile(
      s.baseUrl,
      '/product/product/import',
      admin,
      csvOf(header, [['IMP-C', 'C', '组合', 'NOPE*1', 1, 1]]),
      'bad.csv',
    )
    expect(bad.status).toBe(400)
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: '', message: '组合SKU必须是已有的单品: NOPE' },
    ])
    expect(await rows()).toHaveLength(3)
    // A refusal after the first chunk of 2,000 rows: the import is one transaction, nothing stays.
    const many = [
      ...Array.from({ length: 2100 }, (_, i) => [`BULK-${i}`, `Áo ${i}`, '单品', '', 1, 1000]),
      ['BULK-X', 'X', '组合', 'NOPE*1', 1, 1],
    ]
    const late = await uploadFile(
      s.baseUrl,
      '/product/product/import',
      admin,
      csvOf(header, many),
      'late.csv',
    )
    expect(late.status).toBe(400)
    expect(late.body.msg).toContain('导入未写入任何数据')
    expect(late.body.data.errors).toEqual([
      { row: 2102, column: '', message: '组合SKU必须是已有的单品: NOPE' },
    ])
    expect(
      await s.db.selectFrom('dmrProduct').select('id').where('skuNo', 'like', 'BULK-%').execute(),
    ).toEqual([])
    const exported = await fetch(`${s.baseUrl}/api/product/product/export?skuNo_like=IMP-`, {
      headers: { 'Blade-Auth': `bearer ${admin}` },
    })
    const sheet = await readSheetText(new Uint8Array(await exported.arrayBuffer()))
    expect(sheet.slice(1).map((r) => r[0])).toEqual(['IMP-A', 'IMP-AB', 'IMP-B'])
  })

  it('refuses a product file without the SKU column, or with a bad number, and writes nothing', async () => {
    // Every column of every product row (all tenants), so any write shows.
    const snapshot = async () => {
      const all = await s.db.selectFrom('dmrProduct').selectAll().orderBy('id').execute()
      return {
        count: all.length,
        checksum: createHash('sha256').update(JSON.stringify(all)).digest('hex'),
      }
    }
    const refused = async (file: Uint8Array, message: RegExp) => {
      const before = await snapshot()
      const res = await uploadFile(
        s.baseUrl,
        '/product/product/import',
        admin,
        file,
        'products.csv',
      )
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.msg).toMatch(message)
      expect(await snapshot()).toEqual(before)
      return res.body.data as { errors: { row: number; column: string; message: string }[] }
    }
    // New SKUs (and one the earlier test wrote, IMP-A, with a new price): a file written even in part would show.
    await refused(
      csvOf(['Product Name', '单品/组合', '数量', 'Price'], [['Áo thiếu SKU', '单品', 1, 1000]]),
      /缺少必需的列: SKU编号/,
    )
    const header = ['SKU No', 'Product Name', '单品/组合', 'Quantity', 'Price']
    const bad = await refused(
      csvOf(header, [
        ['BAD-1', 'Áo 1', '单品', 1, '120,000'],
        ['IMP-A', 'Áo A', '单品', 5, 'một trăm'],
        ['BAD-2', 'Áo 2', '单品', '2.5', 1000],
        ['BAD-3', 'Áo 3', '单品', 3, 3000],
      ]),
      /共 2 处错误/,
    )
    expect(bad.errors).toEqual([
      { row: 3, column: 'Price', message: '不是有效的数字: một trăm' },
      { row: 4, column: 'Quantity', message: '不是有效的整数: 2.5' },
    ])
  })
})
