// The "what sold" list (/api/dmrOrder/orderList): the order lines with their order's number and
// time, filtered by a time range (orderTime_ge / orderTime_le, or orderTime_between "a,b"; a bare
// date covers its whole day) and a SKU (skuNo exact, skuNo_like containing), newest first, paged,
// with the quantity and amount of every matching line summed; and the same lines as xlsx (export).
import { sql, type SqlBool } from 'kysely'
import { isRealDate } from '../../../src/domain/validate.ts'
import { order } from '../../../src/domain/order/order.ts'
import type { AuthUser } from '../../auth/context.ts'
import { parsePage } from '../../crud/filters.ts'
import { scopeOf } from '../../crud/read.ts'
import { scoped } from '../../crud/scope.ts'
import { dynamic, type AnyDb, type Row } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import { EXPORT_LIMIT } from '../../crud/export.ts'
import type { Cell } from '../../core/xlsx.ts'
import { ITEM_TABLE } from './order-rules.ts'

/** A bound of the time range as a full 'yyyy-MM-dd HH:mm:ss' (a date alone: the day's first or last second). */
function timeBound(raw: string | undefined, end: boolean): string | null {
  const v = (raw ?? '').trim()
  if (!v) return null
  if (!isRealDate(v) || v.length < 10) throw badRequest(`请求参数格式错误: orderTime (${v})`)
  return v.length === 10 ? `${v} ${end ? '23:59:59' : '00:00:00'}` : v
}

export async function orderLines(ctx: AppContext, user: AuthUser, query: Record<string, string>) {
  const { current, size } = parsePage(query)
  const [between0, between1] = (query.orderTime_between ?? '').split(',')
  const from = timeBound(query.orderTime_ge ?? between0, false)
  const to = timeBound(query.orderTime_le ?? between1, true)
  const sku = (query.skuNo ?? query.skuNo_equal ?? '').trim()
  const skuLike = (query.skuNo_like ?? '').trim()
  const db: AnyDb = dynamic(ctx.db)
  let q = db.selectFrom(ITEM_TABLE).where('tenant_id', '=', user.tenantId)
  if (from) q = q.where('order_time', '>=', from)
  if (to) q = q.where('order_time', '<=', to)
  if (sku) q = q.where('sku_no', '=', sku)
  if (skuLike)
    q = q.where(
      sql<SqlBool>`lower(sku_no) like lower(${`%${skuLike.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) escape '\\'`,
    )
  // A caller limited to some orders (data scope) sees only their lines.
  const dataScope = await scopeOf(ctx, order, user)
  if (dataScope)
    q = q.where(
      'order_id',
      'in',
      scoped(db.selectFrom(order.table).select('id'), order, user, { dataScope }),
    )
  const sums = (await q
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('quantity').as('sumQuantity'),
      eb.fn.sum<number>('amount').as('sumAmount'),
    ])
    .executeTakeFirst()) as Row
  const total = Number(sums.total ?? 0)
  const rows = (await q
    .select([
      'id',
      'order_id',
      'order_no',
      'order_time',
      'line_no',
      'sku_no',
      'name',
      'quantity',
      'unit_price',
      'amount',
    ])
    .orderBy('order_time', 'desc')
    .orderBy('order_id', 'desc')
    .orderBy('line_no', 'asc')
    .limit(size)
    .offset((current - 1) * size)
    .execute()) as Row[]
  const records = rows.map((r) => ({
    ...r,
    orderNo: String(r.orderNo),
    orderTime: String(r.orderTime),
    skuNo: String(r.skuNo),
    name: String(r.name ?? ''),
    quantity: Number(r.quantity),
    unitPrice: Number(r.unitPrice),
    amount: Number(r.amount),
  }))
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    sumQuantity: Number(sums.sumQuantity ?? 0),
    sumAmount: Number(sums.sumAmount ?? 0),
  }
}

/** The label of the totals row, in the first column of the export. */
const SUMMARY_LABEL = '合计'
const EXPORT_HEADER = ['订单号', '下单时间', 'SKU编号', '商品名称', '数量', '单价', '金额']

/** The matching lines (at most EXPORT_LIMIT) as xlsx rows, the sums of every matching line last. */
export async function orderLinesSheet(
  ctx: AppContext,
  user: AuthUser,
  query: Record<string, string>,
): Promise<{ header: string[]; rows: Cell[][] }> {
  const rows: Cell[][] = []
  let sums = { sumQuantity: 0, sumAmount: 0 }
  for (let current = 1; rows.length < EXPORT_LIMIT; current++) {
    const page = await orderLines(ctx, user, { ...query, current: String(current), size: '500' })
    sums = page
    for (const r of page.records)
      rows.push([r.orderNo, r.orderTime, r.skuNo, r.name, r.quantity, r.unitPrice, r.amount])
    if (current >= page.pages) break
  }
  return {
    header: EXPORT_HEADER,
    rows: [
      ...rows.slice(0, EXPORT_LIMIT),
      [SUMMARY_LABEL, '', '', '', sums.sumQuantity, '', sums.sumAmount],
    ],
  }
}
