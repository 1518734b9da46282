// Stock counts: the generic endpoints of stockTaking / stockDetail with the server-kept
// stockTotal and the count's state (hooks: lines only while the count is counting), the per-SKU
// totals, and the count picker; one open count per brand and date, unknown SKUs marked (count-guards.ts).
import { stockDetail } from '../../../src/domain/stock/stock-detail.ts'
import { stockDetailTotal } from '../../../src/domain/stock/stock-detail-total.ts'
import { stockTaking } from '../../../src/domain/stock/stock-taking.ts'
import { button, type Access } from '../../core/access.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import { pickerRoute } from '../../crud/picker.ts'
import { ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { markUnknownSku, refuseSecondOpenCount } from './count-guards.ts'
import { countWrite, requireCounting } from './count-status.ts'
import {
  addToTotals,
  countsOfLines,
  liveCountsOfLines,
  lockCounts,
  recount,
  requireStockCount,
} from './stock-total.ts'
import { exportStockTotals, stockTotals } from './stock-detail-total.ts'

/** The count screen reads its lines; the detail and totals screens read counts by name. */
const readStock: Access = {
  kind: 'anyButton',
  codes: [stockTaking.permission, stockDetail.permission, stockDetailTotal.permission],
}

export const stockCrud: Record<string, CrudOptions> = {
  [stockTaking.name]: {
    beforeWrite: async (w) => {
      await countWrite(w)
      await refuseSecondOpenCount(w)
    },
  },
  [stockDetail.name]: {
    readAccess: { kind: 'anyButton', codes: [stockDetail.permission, stockTaking.permission] },
    beforeWrite: async ({ ctx, trx, user, values, existing, input, state }) => {
      const tenantId = existing
        ? String(existing.tenantId)
        : tenantOf(user, {
            tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined,
          })
      const stockId = 'dmr_stock_id' in values ? values.dmr_stock_id : existing?.dmrStockId
      // A line moved to another count: its old count is locked (and recounted) too.
      if (existing)
        await lockCounts(trx, ctx.dialect, [String(existing.dmrStockId), String(stockId)])
      const target = await requireStockCount(trx, ctx.dialect, tenantId, stockId)
      // Checked under the counts' locks: a finish of either count cannot slip in before the write.
      await requireCounting(trx, [target, ...(existing ? [String(existing.dmrStockId)] : [])])
      await markUnknownSku({ ctx, trx, user, values, existing, input, state }, tenantId)
    },
    afterWrite: async ({ trx, existing, row }) => {
      // The line's quantity moves from what it was (in its old count, when it was moved) to what it is.
      const deltas = new Map<string, number>([
        [String(row.dmrStockId), Number(row.productQuantity ?? 0)],
      ])
      if (existing)
        deltas.set(
          String(existing.dmrStockId),
          (deltas.get(String(existing.dmrStockId)) ?? 0) - Number(existing.productQuantity ?? 0),
        )
      await addToTotals(trx, deltas)
    },
    beforeRemove: async ({ ctx, trx, ids }) => {
      await lockCounts(trx, ctx.dialect, await countsOfLines(trx, ids))
      // Removing a line already gone changes nothing, so only live lines need a counting count.
      await requireCounting(trx, await liveCountsOfLines(trx, ids))
    },
    afterRemove: async ({ trx, ids }) => recount(trx, await countsOfLines(trx, ids)),
    // Lines come back only into a live count that is still counting, whose total then follows.
    beforeRestore: async ({ ctx, trx, user, ids }) => {
      const counts = [...new Set(await countsOfLines(trx, ids))]
      await lockCounts(trx, ctx.dialect, counts)
      for (const count of counts) await requireStockCount(trx, ctx.dialect, user.tenantId, count)
      await requireCounting(trx, counts)
    },
    afterRestore: async ({ trx, ids }) => recount(trx, await countsOfLines(trx, ids)),
  },
}

export const stockModule: Module = (ctx) => [
  ...['list', 'page'].map((verb) => ({
    method: 'GET' as const,
    url: `${stockDetailTotal.api}/${verb}`,
    access: button(stockDetailTotal.permission),
    handler: async (req: Parameters<typeof caller>[0]) =>
      ok(await stockTotals(ctx, caller(req), params(req))),
  })),
  {
    method: 'GET',
    url: `${stockDetailTotal.api}/export`,
    access: button(`${stockDetailTotal.permission}_export`),
    download: true,
    handler: async (req, reply) => exportStockTotals(ctx, caller(req), params(req), reply),
  },
  // The counts of the caller's tenant, newest first, for pickers, with their state and version for
  // the counting screen (which finishes through the outbox).
  pickerRoute(ctx, {
    url: `${stockTaking.api}/select`,
    access: readStock,
    table: stockTaking.table,
    columns: [
      'id',
      'check_date',
      'brand_id',
      'stock_total',
      'count_status',
      'finish_time',
      'version',
    ],
    orderBy: [
      ['check_date', 'desc'],
      ['id', 'desc'],
    ],
    map: (r) => ({ ...r, finishTime: r.finishTime ?? '' }),
  }),
]
