// Demo part: stock counts of the brands over the three months, each with the lines two tablets
// scanned (SKU, style number, quantity, shelf). The older counts are finished; the last two are
// still counting, half scanned. A count's stockTotal is the sum of its lines, as the stock module
// keeps it.
import type { Insertable } from 'kysely'
import { COUNT_COUNTING, COUNT_FINISHED } from '../../../src/domain/stock/stock-taking.ts'
import { formatDateTime } from '../../core/dates.ts'
import type { StockDetailTable, StockTakingTable } from '../../db/schema.ts'
import { DEPT_WAREHOUSE, USER_WAREHOUSE } from '../ids.ts'
import { draws } from './random.ts'
import { demoId, insertRows, made } from './rows.ts'
import type { DemoPart } from './types.ts'

/** Days ago and brand of each count; the last two are open. */
const COUNTS = [
  [84, 'dmr'],
  [70, 'lumi'],
  [56, 'saigon_style'],
  [42, 'hanoi_silk'],
  [28, 'lotus_home'],
  [14, 'dmr'],
  [2, 'lumi'],
  [0, 'saigon_style'],
] as const
const OPEN = 2

export const demoStock: DemoPart = {
  name: 'stock',
  run: async ({ db, tenantId, today, random }) => {
    const d = draws(random)
    const products = await db
      .selectFrom('dmrProduct')
      .select(['skuNo', 'itemNumber', 'productBrandKey', 'productQuantity'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('productIsMix', '=', 0)
      .orderBy('skuNo')
      .execute()
    const counts: Insertable<StockTakingTable>[] = []
    const lines: Insertable<StockDetailTable>[] = []
    COUNTS.forEach(([ago, brand], c) => {
      const open = c >= COUNTS.length - OPEN
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ago, 8)
      const started = new Date(Math.min(day.getTime(), today.getTime()))
      const id = demoId('stock-taking', tenantId, c)
      const ofBrand = products.filter((p) => p.productBrandKey === brand)
      const scanned = open ? ofBrand.slice(0, Math.ceil(ofBrand.length / 2)) : ofBrand
      let total = 0
      scanned.forEach((p, i) => {
        const quantity = Math.max(0, Number(p.productQuantity) + d.int(-3, 2))
        total += quantity
        const time = formatDateTime(
          new Date(Math.min(started.getTime() + (i + 1) * 40_000, today.getTime())),
        )
        lines.push({
          ...made(tenantId, USER_WAREHOUSE, DEPT_WAREHOUSE, time),
          id: demoId('stock-detail', tenantId, `${c}/${p.skuNo}`),
          dmrStockId: id,
          skuNo: p.skuNo,
          productStyleNo: p.itemNumber,
          productQuantity: quantity,
          warehousePosition: `${d.pick(['A', 'B', 'C', 'D'])}-${String(d.int(1, 12)).padStart(2, '0')}-${String(d.int(1, 5)).padStart(2, '0')}`,
          deviceId: i % 2 ? 'tablet-kho-2' : 'tablet-kho-1',
        })
      })
      const finished = formatDateTime(new Date(started.getTime() + (scanned.length + 30) * 40_000))
      counts.push({
        ...made(tenantId, USER_WAREHOUSE, DEPT_WAREHOUSE, formatDateTime(started)),
        id,
        checkDate: formatDateTime(started).slice(0, 10),
        brandId: brand,
        stockTotal: total,
        countStatus: open ? COUNT_COUNTING : COUNT_FINISHED,
        finishTime: open ? null : finished,
      })
    })
    await insertRows(db, 'dmrStockTaking', counts)
    await insertRows(db, 'dmrStockDetail', lines)
  },
}
