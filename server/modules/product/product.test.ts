// Products over real HTTP on SQLite and PostgreSQL: skuNo is unique per tenant among live rows
// (also under concurrent creates), a combo is 1 to 3 distinct live single products of its tenant,
// a single that a combo uses keeps its SKU and stays, the brand label follows the key, and the
// list caps its size at 100.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_RESTORE_TAKEN } from '../../crud/restore.ts'
import {
  MSG_COMBO_DUPLICATE,
  MSG_COMBO_EMPTY,
  MSG_COMBO_UNKNOWN,
  MSG_SKU_TAKEN,
  MSG_USED_BY_COMBO,
} from './product-rules.ts'

interface Product {
  id: string
  skuNo: string
  productIsMix: number
  productComboSku: { skuNo: string; productQuantity: number }[]
  productBrandKey: string
  productBrandValue: string
}

forEachDatabase('products', (dialect) => {
  let s: TestServer
  let admin: string
  let office: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const submit = (json: Record<string, unknown>, token = office) =>
    call(s.baseUrl, 'POST', '/api/product/product/submit', { token, json })
  const remove = (ids: string[], token = office) =>
    call(s.baseUrl, 'POST', '/api/product/product/remove', { token, query: { ids: ids.join(',') } })
  const get = (op: string, query: Record<string, string>, token = office) =>
    call(s.baseUrl, 'GET', `/api/product/product/${op}`, { token, query })
  const single = (skuNo: string, extra: Record<string, unknown> = {}) => ({
    skuNo,
    productIsMix: 0,
    productQuantity: 5,
    productPrice: 100000,
    ...extra,
  })
  const combo = (skuNo: string, parts: [string, number][], extra: Record<string, unknown> = {}) =>
    single(skuNo, {
      productIsMix: 1,
      productComboSku: parts.map(([sku, productQuantity]) => ({ skuNo: sku, productQuantity })),
      ...extra,
    })
  const created = async (json: Record<string, unknown>) => {
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Product
  }
  const refused = async (json: Record<string, unknown>, message: string) => {
    const before = await s.db.selectFrom('dmrProduct').select(['id', 'version']).execute()
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    expect(r.body.msg).toContain(message)
    expect(await s.db.selectFrom('dmrProduct').select(['id', 'version']).execute()).toEqual(before)
  }

  it('a SKU is unique per tenant among live products; a removed one frees it', async () => {
    const first = await created(single('U-SKU-1'))
    await refused(single('U-SKU-1'), MSG_SKU_TAKEN)
    // Spaces around a scanned code are not another SKU.
    await refused(single('  U-SKU-1 '), MSG_SKU_TAKEN)
    const other = await created(single('U-SKU-2'))
    await refused({ id: other.id, skuNo: 'U-SKU-1' }, MSG_SKU_TAKEN)
    // Saving a product under its own SKU is no clash.
    expect((await submit({ id: first.id, skuNo: 'U-SKU-1', productName: '改名' })).status).toBe(200)
    // Another tenant (an administrator's choice) has its own SKUs.
    const foreign = await submit(single('U-SKU-1', { tenantId: '888888' }), admin)
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(200)
    expect(foreign.body.data.tenantId).toBe('888888')
    expect((await remove([first.id])).status).toBe(200)
    const again = await created(single('U-SKU-1'))
    expect(again.id).not.toBe(first.id)
  })

  it('concurrent creates of one SKU: exactly one lands, the others answer 400', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => submit(single('RACE-SKU', { productName: `race ${i}` }))),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400])
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.msg).toContain(MSG_SKU_TAKEN)
    expect(
      await s.db
        .selectFrom('dmrProduct')
        .select('id')
        .where('skuNo', '=', 'RACE-SKU')
        .where('isDeleted', '=', 0)
        .execute(),
    ).toHaveLength(1)
  })

  it('a combo is made of 1 to 3 distinct live single products of its tenant', async () => {
    for (const sku of ['C-A', 'C-B', 'C-C', 'C-D']) await created(single(sku))
    const set = await created(
      combo('C-SET', [
        ['C-A', 1],
        ['C-B', 2],
      ]),
    )
    expect(set.productComboSku).toEqual([
      { skuNo: 'C-A', productQuantity: 1 },
      { skuNo: 'C-B', productQuantity: 2 },
    ])
    expect((await get('detail', { id: set.id })).body.data.productComboSku).toEqual(
      set.productComboSku,
    )

    await refused(
      combo('C-4', [
        ['C-A', 1],
        ['C-B', 1],
        ['C-C', 1],
        ['C-D', 1],
      ]),
      '组合SKU最多3行',
    )
    await refused(
      combo('C-DUP', [
        ['C-A', 1],
        ['C-A', 2],
      ]),
      MSG_COMBO_DUPLICATE,
    )
    await refused(
      combo('C-NONE', [
        ['C-A', 1],
        ['NO-SUCH-SKU', 1],
      ]),
      `${MSG_COMBO_UNKNOWN}: NO-SUCH-SKU`,
    )
    // A combo is no part of another combo.
    await refused(combo('C-NEST', [['C-SET', 1]]), `${MSG_COMBO_UNKNOWN}: C-SET`)
    await refused(combo('C-EMPTY', []), MSG_COMBO_EMPTY)
    await refused(combo('C-QTY', [['C-A', 0]]), '数量不能小于1')
    // A single of another tenant is no part of this tenant's combo.
    expect((await submit(single('C-FOREIGN', { tenantId: '888888' }), admin)).status).toBe(200)
    await refused(combo('C-X', [['C-FOREIGN', 1]]), `${MSG_COMBO_UNKNOWN}: C-FOREIGN`)
    // A removed single is gone for combos too.
    const gone = await created(single('C-GONE'))
    await remove([gone.id])
    await refused(combo('C-Y', [['C-GONE', 1]]), `${MSG_COMBO_UNKNOWN}: C-GONE`)
    // Made a combo by an update, without parts: refused; with itself as a part: refused.
    const d = (await get('list', { skuNo: 'C-D' })).body.data.records[0] as Product
    await refused({ id: d.id, productIsMix: 1 }, MSG_COMBO_EMPTY)
    await refused(
      { id: d.id, productIsMix: 1, productComboSku: [{ skuNo: 'C-D', productQuantity: 1 }] },
      `${MSG_COMBO_UNKNOWN}: C-D`,
    )
    // Up to 3 parts, and a combo edited back to a single keeps no parts.
    const three = await created(
      combo('C-3', [
        ['C-A', 1],
        ['C-C', 1],
        ['C-D', 3],
      ]),
    )
    expect(three.productComboSku).toHaveLength(3)
    const back = await submit({ id: three.id, productIsMix: 0 })
    expect(back.body.data).toMatchObject({ productIsMix: 0, productComboSku: [] })
  })

  it('a single product keeps no combo parts, whatever the hidden field carried', async () => {
    const p = await created(
      single('S-HIDDEN', { productComboSku: [{ skuNo: 'C-A', productQuantity: 1 }] }),
    )
    expect(p.productComboSku).toEqual([])
    expect(
      (
        await s.db
          .selectFrom('dmrProduct')
          .select('productComboSku')
          .where('id', '=', p.id)
          .executeTakeFirstOrThrow()
      ).productComboSku,
    ).toBeNull()
  })

  it('a single a live combo uses keeps its SKU, stays single and stays; the combo removed with it frees it', async () => {
    const part = await created(single('P-PART'))
    const kit = await created(combo('P-KIT', [['P-PART', 2]]))
    await refused({ id: part.id, skuNo: 'P-PART-NEW' }, `${MSG_USED_BY_COMBO}: P-KIT`)
    await refused(
      { id: part.id, productIsMix: 1, productComboSku: [{ skuNo: 'C-A', productQuantity: 1 }] },
      `${MSG_USED_BY_COMBO}: P-KIT`,
    )
    const r = await remove([part.id])
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain(`${MSG_USED_BY_COMBO}: P-KIT`)
    expect((await get('detail', { id: part.id })).status).toBe(200)
    // Other edits of the part are fine.
    expect((await submit({ id: part.id, productName: '配件' })).status).toBe(200)
    expect((await remove([part.id, kit.id])).status).toBe(200)
    expect((await get('detail', { id: part.id })).status).toBe(404)
  })

  it('undoing a remove brings a product back while its SKU is free, and a combo only while its parts are live singles', async () => {
    const post = (op: string, ids: string[]) =>
      call(s.baseUrl, 'POST', `/api/product/product/${op}`, {
        token: office,
        query: { ids: ids.join(',') },
      })
    const part = await created(single('R-PART'))
    const kit = await created(combo('R-KIT', [['R-PART', 2]]))
    expect((await remove([kit.id, part.id])).status).toBe(200)
    // The combo alone: its part is gone, so it stays removed.
    const alone = await post('restore', [kit.id])
    expect([alone.status, alone.body.msg]).toEqual([400, `${MSG_COMBO_UNKNOWN}: R-PART`])
    expect((await get('detail', { id: kit.id })).status).toBe(404)
    // Both at once: they come back as they were.
    expect((await post('restore', [kit.id, part.id])).status).toBe(200)
    expect((await get('detail', { id: kit.id })).body.data).toMatchObject({
      skuNo: 'R-KIT',
      productIsMix: 1,
      productComboSku: [{ skuNo: 'R-PART', productQuantity: 2 }],
    })
    // A SKU taken since keeps the removed product removed.
    expect((await remove([kit.id])).status).toBe(200)
    await created(single('R-KIT'))
    const taken = await post('restore', [kit.id])
    expect([taken.status, taken.body.msg]).toEqual([400, `${MSG_RESTORE_TAKEN}: R-KIT`])
  })

  it('the brand label is the dictionary entry of the brand key', async () => {
    const p = await created(
      single('B-1', { productBrandKey: 'lumi', productBrandValue: 'not this' }),
    )
    expect(p).toMatchObject({ productBrandKey: 'lumi', productBrandValue: 'Lumi' })
    const moved = await submit({ id: p.id, productBrandKey: 'hanoi_silk' })
    expect(moved.body.data).toMatchObject({
      productBrandKey: 'hanoi_silk',
      productBrandValue: 'Hà Nội Silk',
    })
    expect((await get('detail', { id: p.id })).body.data.productBrandKeyName).toBe('Hà Nội Silk')
    await refused(single('B-2', { productBrandKey: 'no_such_brand' }), '品牌不存在')
  })

  it('list: size is capped at 100 (also -1), filters by productIsMix_equal; other bad paging is 400', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      ...single(`L-${String(i).padStart(3, '0')}`),
      productName: 'bulk',
    }))
    for (const r of rows) await created(r)
    for (const size of ['500', '-1', '100']) {
      const page = await get('list', { productName: 'bulk', current: '1', size })
      expect(page.status).toBe(200)
      expect(page.body.data).toMatchObject({ total: 105, size: 100, current: 1, pages: 2 })
      expect(page.body.data.records).toHaveLength(100)
    }
    const second = await get('list', { productName: 'bulk', current: '2', size: '500' })
    expect(second.body.data.records.map((r: Product) => r.skuNo)).toEqual([
      'L-100',
      'L-101',
      'L-102',
      'L-103',
      'L-104',
    ])
    expect((await get('list', { productName: 'bulk', size: '30' })).body.data.records).toHaveLength(
      30,
    )
    expect((await get('list', { size: 'abc' })).status).toBe(400)
    expect((await get('list', { size: '0' })).status).toBe(400)
    const singles = (await get('list', { productIsMix_equal: '0', size: '100' })).body.data
      .records as Product[]
    const combos = (await get('list', { productIsMix_equal: '1', size: '100' })).body.data
      .records as Product[]
    expect(singles.length).toBeGreaterThan(0)
    expect(singles.every((p) => p.productIsMix === 0)).toBe(true)
    expect(combos.map((p) => p.skuNo)).toContain('DMR-SET-AO-DAI-S-NON-LA')
    expect(combos.every((p) => p.productIsMix === 1)).toBe(true)
    // The screen pages through `page`, under the engine's own cap.
    expect(
      (await get('page', { productName: 'bulk', size: '200' })).body.data.records,
    ).toHaveLength(105)
  })

  it('the combo picker lists single products only, by SKU, at most 100, with their names', async () => {
    const r = await get('select', {})
    expect(r.status).toBe(200)
    const options = r.body.data as { skuNo: string; label: string }[]
    expect(options.length).toBeLessThanOrEqual(100)
    expect(options.map((o) => o.skuNo)).not.toContain('DMR-SET-AO-DAI-S-NON-LA')
    expect(options.find((o) => o.skuNo === 'DMR-NON-LA-01')).toMatchObject({
      label: 'DMR-NON-LA-01 传统斗笠',
      itemNumber: 'NL100',
    })
    expect(options.map((o) => o.skuNo)).toEqual([...options.map((o) => o.skuNo)].sort())
  })

  it('the seed has the stock count SKUs and a combo of them; re-seeding adds nothing', async () => {
    const seeded = (await get('list', { skuNo: 'DMR-', size: '100' }, warehouse)).body.data
      .records as (Product & { itemNumber: string })[]
    const bySku = new Map(seeded.map((p) => [p.skuNo, p]))
    for (const [sku, item] of [
      ['DMR-AO-DAI-S-RED', 'AD2026'],
      ['DMR-AO-DAI-M-RED', 'AD2026'],
      ['DMR-NON-LA-01', 'NL100'],
    ]) {
      expect(bySku.get(sku!)).toMatchObject({
        itemNumber: item,
        productIsMix: 0,
        productBrandKey: 'dmr',
        productBrandValue: 'DMR',
      })
    }
    expect(bySku.get('DMR-SET-AO-DAI-S-NON-LA')).toMatchObject({
      productIsMix: 1,
      productComboSku: [
        { skuNo: 'DMR-AO-DAI-S-RED', productQuantity: 1 },
        { skuNo: 'DMR-NON-LA-01', productQuantity: 1 },
      ],
    })
    const before = await s.db.selectFrom('dmrProduct').select('id').execute()
    const { seedProducts } = await import('../../seed/product.ts')
    await seedProducts(s.db)
    expect(await s.db.selectFrom('dmrProduct').select('id').execute()).toHaveLength(before.length)
  })

  it('the warehouse reads products (the count screen) but writes none', async () => {
    expect((await get('list', { size: '10' }, warehouse)).status).toBe(200)
    expect((await submit(single('W-1'), warehouse)).status).toBe(403)
    const outreach = (await loginAs(s.baseUrl, 'outreach', '123456')).access_token
    expect((await get('list', {}, outreach)).status).toBe(403)
    expect((await get('select', {}, outreach)).status).toBe(403)
  })
})
