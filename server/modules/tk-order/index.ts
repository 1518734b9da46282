// TK orders (/api/tkOrder/tkOrder): the generic endpoints with orderYearMonth and returnType kept
// from the line's columns, one live line per orderId + skuId, and the monthly summary
// (month-summary/list|page|export) kept per tenant and month in the same transaction as every write:
// submit (afterWrite), remove (before/afterRemove), restore (before/afterRestore) and each chunk of
// an import (afterImport).
import { returnTypeOf, tkOrder } from '../../../src/domain/order/tk-order.ts'
import { tkOrderMonth } from '../../../src/domain/order/tk-order-month.ts'
import { button } from '../../core/access.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { Row } from '../../crud/table.ts'
import { writeSlot } from '../../crud/write-state.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { caller } from '../../auth/context.ts'
import { params, type Module } from '../../core/routes.ts'
import { exportMonthSummary, monthSummary } from './month-summary.ts'
import { applyLineChanges, lockOrders } from './month-totals.ts'

/** The column's value after this write: the new one when the write sets it, else the stored one. */
const after = ({ values, existing }: WriteContext, column: string, field: string): unknown =>
  column in values ? values[column] : existing?.[field]

export const MSG_LINE_TAKEN = (orderId: string, skuId: string) =>
  `订单 ${orderId} 已有 SKU ${skuId} 的订单行`

/**
 * orderYearMonth and returnType follow the line's columns; a second live line with the same
 * orderId + skuId in the tenant is refused (an import passes the line its key matched as `existing`).
 */
async function beforeTkOrderWrite(w: WriteContext): Promise<void> {
  const { ctx, trx, user, values, existing, input } = w
  const time = after(w, 'order_create_time', 'orderCreateTime')
  if (typeof time === 'string') values.order_year_month = time.slice(0, 7)
  values.return_type = returnTypeOf({
    cancelRefundType: after(w, 'cancel_refund_type', 'cancelRefundType'),
    orderSubstatus: after(w, 'order_substatus', 'orderSubstatus'),
  })
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  const orderId = String(after(w, 'order_id', 'orderId') ?? '')
  const skuId = String(after(w, 'sku_id', 'skuId') ?? '')
  // An import locked its chunk's orders and matched the line by this very key (lockImportKeys).
  if (w.importKeyChecked) return
  await lockOrders(trx, ctx.dialect, [
    { tenantId, orderId },
    ...(existing ? [{ tenantId, orderId: String(existing.orderId) }] : []),
  ])
  let clash = trx
    .selectFrom(tkOrder.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('sku_id', '=', skuId)
    .where('is_deleted', '=', 0)
  if (existing) clash = clash.where('id', '<>', String(existing.id))
  if (await clash.executeTakeFirst()) throw badRequest(MSG_LINE_TAKEN(orderId, skuId))
}

/** The live lines a remove is about to remove (read before, applied after it). */
const REMOVING = writeSlot<Row[]>('live lines of the remove')

export const tkOrderCrud: Record<string, CrudOptions> = {
  [tkOrder.name]: {
    beforeWrite: beforeTkOrderWrite,
    lockImportKeys: async ({ ctx, trx, tenantId, inputs }) =>
      lockOrders(
        trx,
        ctx.dialect,
        inputs.map((i) => ({ tenantId, orderId: String(i.orderId ?? '') })),
      ),
    afterWrite: async ({ ctx, trx, existing, row }) =>
      applyLineChanges(trx, ctx.dialect, existing ? [existing] : [], [row]),
    beforeRemove: async ({ trx, user, ids, state }) => {
      const live = (await trx
        .selectFrom(tkOrder.table)
        .selectAll()
        .where('id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .execute()) as Row[]
      state.set(REMOVING, live)
    },
    afterRemove: async ({ ctx, trx, state }) => {
      const live = state.get(REMOVING) ?? []
      if (live.length === 0) return
      // Only the lines the remove did remove (its data scope may have kept some).
      const gone = new Set(
        (
          (await trx
            .selectFrom(tkOrder.table)
            .select('id')
            .where(
              'id',
              'in',
              live.map((r) => String(r.id)),
            )
            .where('is_deleted', '=', 1)
            .execute()) as Row[]
        ).map((r) => String(r.id)),
      )
      await applyLineChanges(
        trx,
        ctx.dialect,
        live.filter((r) => gone.has(String(r.id))),
        [],
      )
    },
    // A restore checks the lines' keys before they come back: their orders are locked first, as a write locks them.
    beforeRestore: async ({ ctx, trx, user, ids }) => {
      const lines = (await trx
        .selectFrom(tkOrder.table)
        .select(['tenant_id', 'order_id'])
        .where('id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 1)
        .execute()) as Row[]
      await lockOrders(
        trx,
        ctx.dialect,
        lines.map((l) => ({ tenantId: String(l.tenantId), orderId: String(l.orderId) })),
      )
    },
    afterRestore: async ({ ctx, trx, ids }) =>
      applyLineChanges(
        trx,
        ctx.dialect,
        [],
        (await trx.selectFrom(tkOrder.table).selectAll().where('id', 'in', ids).execute()) as Row[],
      ),
    afterImport: async ({ ctx, trx, rows, previous }) =>
      applyLineChanges(trx, ctx.dialect, previous, rows),
  },
}

export const tkOrderModule: Module = (ctx) => [
  ...['list', 'page'].map((verb) => ({
    method: 'GET' as const,
    url: `${tkOrderMonth.api}/${verb}`,
    access: button(tkOrderMonth.permission),
    handler: async (req: Parameters<typeof caller>[0]) =>
      ok(await monthSummary(ctx, caller(req), params(req))),
  })),
  {
    method: 'GET',
    url: `${tkOrderMonth.api}/export`,
    access: button(`${tkOrderMonth.permission}_export`),
    download: true,
    handler: async (req, reply) => exportMonthSummary(ctx, caller(req), params(req), reply),
  },
]
