// The rules of order writes a declaration cannot say: orderNo unique per tenant among live rows,
// every SKU a live product of the tenant (its name filled when the line has none), each line's
// amount = quantity × unitPrice and orderAmount = Σ amounts + shippingFee − discount computed here
// (whatever the request says), a negative total refused, and the lines kept as rows of
// dmr_order_item in the order's transaction. An order left without a number gets the next of its
// day (order-no.ts); an update left without one keeps its own. The order writes of a tenant take
// its order lock first, so two concurrent writes cannot both pass the orderNo check or take the
// same generated number (PostgreSQL).
import { sql } from 'kysely'
import { nextOrderNo, orderNoDay } from '../../../src/domain/order/order-no.ts'
import { order } from '../../../src/domain/order/order.ts'
import { rowsOf } from '../../../src/domain/validate.ts'
import { parkLines, unparkLines } from '../../crud/parked-lines.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import { writeSlot } from '../../crud/write-state.ts'
import { badRequest } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { lockNames } from '../../db/advisory-locks.ts'

export const ITEM_TABLE = 'dmr_order_item'
/** The largest order total (and line amount) taken: well inside numeric(16, 2). */
const MAX_ORDER_AMOUNT = 1_000_000_000_000

export const MSG_ORDER_NO_TAKEN = (no: string) => `订单号 ${no} 已存在`
export const MSG_SKU_UNKNOWN = (skus: string[]) => `商品SKU不存在: ${skus.join(', ')}`
export const MSG_NEGATIVE_TOTAL = '订单金额不能为负数：优惠大于商品金额与运费之和'
const MSG_TOO_LARGE = '订单金额过大'
const MSG_DAY_FULL = (day: string) => `${day} 开头的订单号已用完，请填写订单号`

export interface OrderLine {
  skuNo: string
  name: string | null
  quantity: number
  unitPrice: number
  amount: number
}

/** Money in whole cents, so sums of prices like 0.1 + 0.2 come out exact. */
const cents = (v: unknown): number => Math.round(Number(v ?? 0) * 100)
const fromCents = (c: number) => c / 100

/** The lines of a request body's items (already validated by the declaration), amounts computed. */
export function linesOf(items: unknown): OrderLine[] {
  return (rowsOf(items) ?? []).map((r) => {
    const quantity = Number(r.quantity)
    const unitPrice = fromCents(cents(r.unitPrice))
    const name = typeof r.name === 'string' && r.name.trim() ? r.name.trim() : null
    return {
      skuNo: String(r.skuNo ?? '').trim(),
      name,
      quantity,
      unitPrice,
      amount: fromCents(quantity * cents(unitPrice)),
    }
  })
}

/** orderAmount = Σ line amounts + shippingFee − discount. */
export function orderTotal(
  lines: Pick<OrderLine, 'amount'>[],
  shippingFee: unknown,
  discount: unknown,
): number {
  return fromCents(
    lines.reduce((sum, l) => sum + cents(l.amount), 0) + cents(shippingFee) - cents(discount),
  )
}

/**
 * The next generated number of the order time's day among the tenant's orders, removed ones too
 * (a number is never given twice). Generated numbers all have one length, so the highest is among
 * the last of that length in text order.
 */
export async function nextFreeOrderNo(
  trx: AnyDb,
  tenantId: string,
  orderTime: string,
): Promise<string | null> {
  const day = orderNoDay(orderTime)
  const rows = (await trx
    .selectFrom(order.table)
    .select('order_no')
    .where('tenant_id', '=', tenantId)
    .where('order_no', 'like', `${day}%`)
    .where(sql`length(order_no)`, '=', day.length + 4)
    .orderBy('order_no', 'desc')
    .limit(50)
    .execute()) as Row[]
  return nextOrderNo(
    day,
    rows.map((r) => String(r.orderNo)),
  )
}

async function lockOrders(w: WriteContext, tenantId: string): Promise<void> {
  await lockNames(w.trx, w.ctx.dialect, [`${order.table}:${tenantId}`])
}

/** Names of the tenant's live products by SKU; an unknown SKU refuses the order. */
async function productNames(
  trx: AnyDb,
  tenantId: string,
  skus: string[],
): Promise<Map<string, string | null>> {
  const wanted = [...new Set(skus)]
  const rows = (await trx
    .selectFrom('dmr_product')
    .select(['sku_no', 'product_name'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('sku_no', 'in', wanted)
    .execute()) as Row[]
  const names = new Map(
    rows.map((r) => [String(r.skuNo), (r.productName as string | null) ?? null]),
  )
  const unknown = wanted.filter((s) => !names.has(s))
  if (unknown.length) throw badRequest(MSG_SKU_UNKNOWN(unknown))
  return names
}

/**
 * The request's lines, checked and computed, waiting for the order's row (afterWrite). Kept by these
 * hooks rather than as declared `lines` (crud/sub-lines.ts): each stored line also carries its number
 * and copies of the order's number and time, and a removed order's lines are parked for its undo.
 */
const PENDING_LINES = writeSlot<OrderLine[]>('order lines')

async function beforeOrderWrite(w: WriteContext): Promise<void> {
  const { trx, values, existing, input, user } = w
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  await lockOrders(w, tenantId)
  let orderNo = String(values.order_no ?? '').trim() || String(existing?.orderNo ?? '')
  if (!orderNo) {
    const orderTime = String(values.order_time ?? '')
    orderNo = (await nextFreeOrderNo(trx, tenantId, orderTime)) ?? ''
    if (!orderNo) throw badRequest(MSG_DAY_FULL(orderNoDay(orderTime)))
  }
  values.order_no = orderNo
  let taken = trx
    .selectFrom(order.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('order_no', '=', orderNo)
    .where('is_deleted', '=', 0)
  if (existing) taken = taken.where('id', '<>', String(existing.id))
  if (await taken.executeTakeFirst()) throw badRequest(MSG_ORDER_NO_TAKEN(orderNo))

  let lines: OrderLine[]
  if ('items' in input) {
    lines = linesOf(input.items)
    const names = await productNames(
      trx,
      tenantId,
      lines.map((l) => l.skuNo),
    )
    for (const l of lines) l.name ??= names.get(l.skuNo) ?? null
    w.state.set(PENDING_LINES, lines)
  } else {
    // An update without items keeps the stored lines; the total still follows a new fee or discount.
    lines = existing
      ? ((await trx
          .selectFrom(ITEM_TABLE)
          .select('amount')
          .where('order_id', '=', String(existing.id))
          .execute()) as OrderLine[])
      : []
  }
  for (const key of ['shipping_fee', 'discount'] as const)
    if (key in values && (values[key] === null || values[key] === undefined)) values[key] = 0
  const shippingFee = 'shipping_fee' in values ? values.shipping_fee : existing?.shippingFee
  const discount = 'discount' in values ? values.discount : existing?.discount
  if (lines.some((l) => Math.abs(l.amount) > MAX_ORDER_AMOUNT)) throw badRequest(MSG_TOO_LARGE)
  const total = orderTotal(lines, shippingFee, discount)
  if (total < 0) throw badRequest(MSG_NEGATIVE_TOTAL)
  if (total > MAX_ORDER_AMOUNT) throw badRequest(MSG_TOO_LARGE)
  values.order_amount = total
}

/** Writes the order's lines (when the request carried them); else keeps their copy of number and time. */
async function afterOrderWrite(w: WriteContext & { row: Row }): Promise<void> {
  const { trx, row } = w
  const orderId = String(row.id)
  const lines = w.state.get(PENDING_LINES)
  const copied = {
    tenant_id: String(row.tenantId),
    order_no: String(row.orderNo),
    order_time: String(row.orderTime),
  }
  if (!lines) {
    await trx
      .updateTable(ITEM_TABLE)
      .set({ order_no: copied.order_no, order_time: copied.order_time })
      .where('order_id', '=', orderId)
      .execute()
    return
  }
  await trx.deleteFrom(ITEM_TABLE).where('order_id', '=', orderId).execute()
  const rows = lines.map((l, i) => ({
    id: nextId(),
    order_id: orderId,
    ...copied,
    line_no: i + 1,
    sku_no: l.skuNo,
    name: l.name,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    amount: l.amount,
  }))
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto(ITEM_TABLE)
      .values(rows.slice(i, i + 100))
      .execute()
}

/**
 * A removed order's lines go with it (the order itself is soft-deleted; only the caller's tenant's):
 * parked, so that undoing the delete brings them back.
 */
async function afterOrderRemove({
  trx,
  user,
  ids,
}: Parameters<NonNullable<CrudOptions['afterRemove']>>[0]): Promise<void> {
  const removed = (await trx
    .selectFrom(order.table)
    .select('id')
    .where('id', 'in', ids)
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 1)
    .execute()) as Row[]
  await parkLines(
    trx,
    ITEM_TABLE,
    'order_id',
    removed.map((r) => String(r.id)),
  )
}

export const orderRules: Pick<
  CrudOptions,
  'beforeWrite' | 'afterWrite' | 'afterRemove' | 'afterRestore'
> = {
  beforeWrite: beforeOrderWrite,
  afterWrite: afterOrderWrite,
  afterRemove: afterOrderRemove,
  afterRestore: ({ trx, ids }) => unparkLines(trx, ITEM_TABLE, 'order_id', ids),
}
