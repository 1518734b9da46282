// The order cards: our own orders (dmr_order) and TK orders (dmr_tk_order), today and this month,
// and orders per day of the last 30 days. Every read is a range of the list's own index, led by
// tenant_id, is_deleted and the order time (declared-indexes.ts), and money is summed exactly in
// hundredths of a đồng and floored once.
//
// Our orders: one row is one order; a refund is an order whose status is 'refunded' (business
// dictionary order_status). TK orders: the lines of one orderId are one order and its amount is the
// largest orderAmount of its lines (the export repeats it per SKU line), as in the monthly summary;
// a refund is an order with a line of returnType 'Return/Refund' (the buyer's return or refund:
// cancellations and failed deliveries are not refunds), counted on the order's creation day, its
// amount the order's orderRefundAmount.
import { sql, type RawBuilder } from 'kysely'
import { REFUND_TYPE } from '../../../src/domain/order/tk-order.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import type { AppContext } from '../../core/routes.ts'
import { countOf, flooredDong, perDay, type DashboardDay, type TextRange } from './today.ts'

/** order_status of a refunded order (business dictionary order_status). */
const REFUNDED_ORDER_STATUS = 'refunded'

const cents = (column: string) => sql`cast(round(coalesce(${sql.ref(column)}, 0) * 100) as bigint)`
const first = async (db: AnyDb, q: RawBuilder<Row>): Promise<Row> =>
  (await q.execute(db)).rows[0] ?? {}

export async function orderFigures(
  ctx: AppContext,
  tenantId: string,
  day: DashboardDay,
): Promise<Record<string, number>> {
  const { from, to } = day.thisMonth
  const isToday = sql`t >= ${day.today.from} and t <= ${day.today.to}`
  const r = await first(
    ctx.db,
    sql<Row>`select count(*) as month_orders, sum(c) as month_cents, sum(r) as month_refunds, sum(r * c) as month_refund_cents,
        sum(case when ${isToday} then 1 else 0 end) as today_orders, sum(case when ${isToday} then c else 0 end) as today_cents,
        sum(case when ${isToday} then r else 0 end) as today_refunds, sum(case when ${isToday} then r * c else 0 end) as today_refund_cents
      from (select order_time as t, ${cents('order_amount')} as c, case when order_status = ${REFUNDED_ORDER_STATUS} then 1 else 0 end as r
        from dmr_order where tenant_id = ${tenantId} and is_deleted = 0 and order_time >= ${from} and order_time <= ${to}) o`,
  )
  return {
    todayOrders: countOf(r.todayOrders),
    todayAmount: flooredDong(r.todayCents),
    monthOrders: countOf(r.monthOrders),
    monthAmount: flooredDong(r.monthCents),
    todayRefunds: countOf(r.todayRefunds),
    todayRefundAmount: flooredDong(r.todayRefundCents),
    monthRefunds: countOf(r.monthRefunds),
    monthRefundAmount: flooredDong(r.monthRefundCents),
  }
}

export async function orderDays(ctx: AppContext, tenantId: string, day: DashboardDay) {
  const { from, to } = day.lastDays
  const rows = (
    await sql<Row>`select substr(order_time, 1, 10) as day, count(*) as n from dmr_order
      where tenant_id = ${tenantId} and is_deleted = 0 and order_time >= ${from} and order_time <= ${to} group by substr(order_time, 1, 10)`.execute(
      ctx.db,
    )
  ).rows
  return perDay(
    day.days,
    rows.map((r) => ({ date: String(r.day), value: countOf(r.n) })),
    'orders',
  )
}

/** TK orders of a range, one per orderId, with their amount; only refunded ones when asked. */
function tkOrders(tenantId: string, range: TextRange, refundsOnly: boolean): RawBuilder<Row> {
  const refunds = refundsOnly ? sql`and return_type = ${REFUND_TYPE}` : sql``
  return sql<Row>`select order_id, max(${cents('order_amount')}) as c, max(${cents('order_refund_amount')}) as rc,
      max(case when return_type = ${REFUND_TYPE} then 1 else 0 end) as r
    from dmr_tk_order where tenant_id = ${tenantId} and is_deleted = 0 and order_create_time >= ${range.from} and order_create_time <= ${range.to} ${refunds}
    group by order_id`
}

export async function tkOrderFigures(
  ctx: AppContext,
  tenantId: string,
  day: DashboardDay,
): Promise<Record<string, number>> {
  const db = ctx.db
  const today = await first(
    db,
    sql<Row>`select count(*) as orders, sum(c) as cents, sum(r) as refunds, sum(r * rc) as refund_cents from (${tkOrders(tenantId, day.today, false)}) o`,
  )
  // This month's orders and amount are the kept monthly summary's (server/modules/tk-order): one row.
  const month = await first(
    db,
    sql<Row>`select order_total as orders, ${cents('order_amount')} as cents from dmr_tk_order_month where tenant_id = ${tenantId} and order_year_month = ${day.month}`,
  )
  const monthRefunds = await first(
    db,
    sql<Row>`select count(*) as refunds, sum(rc) as refund_cents from (${tkOrders(tenantId, day.thisMonth, true)}) o`,
  )
  return {
    todayOrders: countOf(today.orders),
    todayAmount: flooredDong(today.cents),
    monthOrders: countOf(month.orders),
    monthAmount: flooredDong(month.cents),
    todayRefunds: countOf(today.refunds),
    todayRefundAmount: flooredDong(today.refundCents),
    monthRefunds: countOf(monthRefunds.refunds),
    monthRefundAmount: flooredDong(monthRefunds.refundCents),
  }
}

export async function tkOrderDays(ctx: AppContext, tenantId: string, day: DashboardDay) {
  const { from, to } = day.lastDays
  const rows = (
    await sql<Row>`select substr(order_create_time, 1, 10) as day, count(distinct order_id) as n from dmr_tk_order
      where tenant_id = ${tenantId} and is_deleted = 0 and order_create_time >= ${from} and order_create_time <= ${to} group by substr(order_create_time, 1, 10)`.execute(
      ctx.db,
    )
  ).rows
  return perDay(
    day.days,
    rows.map((r) => ({ date: String(r.day), value: countOf(r.n) })),
    'orders',
  )
}
