// A master's lines in a table of their own (FieldDef.lines), on SQLite and PostgreSQL: saved with
// the master in its transaction, answered in order with numbers as numbers, replaced by a save that
// carries them and kept by one that does not, deleted only with masters that are deleted for good.
import { msg } from '@lingui/core/macro'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { defineEntity } from '../../src/domain/entity.ts'
import { PURCHASE_LINE_TABLE, PURCHASE_TABLE } from '../../tests/support/codegen-fixtures.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { removeLines, withLines, writeLines } from './sub-lines.ts'
import { dynamic, type Row } from './table.ts'

const purchase = defineEntity({
  name: 'shopPurchase',
  title: msg`门店采购`,
  api: '/dmr-field/shop-purchase',
  table: 'dmr_shop_purchase',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'shop_purchase',
  fields: [
    { name: 'purchaseNo', label: msg`采购单号`, type: 'string', required: true },
    {
      name: 'purchaseLines',
      label: msg`采购明细`,
      type: 'rows',
      external: true,
      lines: { table: 'dmr_shop_purchase_line', owner: 'purchase_id', tenant: true },
      rows: [
        { name: 'skuNo', label: msg`SKU`, type: 'string', required: true },
        { name: 'quantity', label: msg`数量`, type: 'integer' },
        { name: 'price', label: msg`单价`, type: 'number' },
      ],
    },
  ],
})

forEachDatabase('lines of a master in their own table', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
    await PURCHASE_TABLE.execute(s.db)
    await PURCHASE_LINE_TABLE.execute(s.db)
  })
  afterAll(() => s?.close())

  const db = () => dynamic(s.db)
  const master = async (id: string, tenantId = '000000') => {
    await db()
      .insertInto('dmr_shop_purchase')
      .values({ id, tenantId, purchaseNo: `PO-${id}` })
      .execute()
    return { id, tenantId } as Row
  }
  const linesOf = async (id: string) => (await withLines(db(), purchase, {}, id)).purchaseLines

  it('saves the lines with their master, in order, numbers as numbers and the master’s tenant', async () => {
    const po = await master('101', '123456')
    await db()
      .transaction()
      .execute((trx) =>
        writeLines(trx, purchase, po, {
          purchaseLines: [{ skuNo: 'A', quantity: '2', price: 1500.5, extra: 'x' }, { skuNo: 'B' }],
        }),
      )
    expect(await linesOf('101')).toEqual([
      { skuNo: 'A', quantity: 2, price: 1500.5 },
      { skuNo: 'B', quantity: null, price: null },
    ])
    const stored = await db()
      .selectFrom('dmr_shop_purchase_line')
      .select(['tenantId', 'purchaseId'])
      .where('purchase_id', '=', '101')
      .execute()
    expect(stored).toEqual([
      { tenantId: '123456', purchaseId: '101' },
      { tenantId: '123456', purchaseId: '101' },
    ])
  })

  it('replaces them on a save that carries them, keeps them on one that does not, and writes nothing when the save fails', async () => {
    const po = await master('102')
    await db()
      .transaction()
      .execute((trx) =>
        writeLines(trx, purchase, po, { purchaseLines: [{ skuNo: 'A' }, { skuNo: 'B' }] }),
      )
    await db()
      .transaction()
      .execute((trx) => writeLines(trx, purchase, po, { purchaseNo: 'PO-9' }))
    expect(await linesOf('102')).toHaveLength(2)
    await db()
      .transaction()
      .execute((trx) =>
        writeLines(trx, purchase, po, {
          purchaseLines: JSON.stringify([{ skuNo: 'C', quantity: 1 }]),
        }),
      )
    expect(await linesOf('102')).toEqual([{ skuNo: 'C', quantity: 1, price: null }])
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await writeLines(trx, purchase, po, { purchaseLines: [] })
          throw new Error('the master’s save failed')
        }),
    ).rejects.toThrow('failed')
    expect(await linesOf('102')).toEqual([{ skuNo: 'C', quantity: 1, price: null }])
    await db()
      .transaction()
      .execute((trx) => writeLines(trx, purchase, po, { purchaseLines: [] }))
    expect(await linesOf('102')).toEqual([])
  })

  it('deletes the lines only of masters that are gone', async () => {
    for (const id of ['103', '104']) {
      const po = await master(id)
      await db()
        .transaction()
        .execute((trx) => writeLines(trx, purchase, po, { purchaseLines: [{ skuNo: id }] }))
    }
    await db().deleteFrom('dmr_shop_purchase').where('id', '=', '103').execute()
    await db()
      .transaction()
      .execute((trx) => removeLines(trx, purchase, ['103', '104']))
    expect(await linesOf('103')).toEqual([])
    expect(await linesOf('104')).toEqual([{ skuNo: '104', quantity: null, price: null }])
  })
})
