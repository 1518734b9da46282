// The TK order monthly summary computed from scratch in SQL: the definition the kept table
// (dmr_tk_order_month, month-totals.ts) must always equal, used to build it (the bench's fill;
// migration 016 built it with its own copy of this SQL) and as the tests' and bench's bare-SQL
// reference. An ORDER is (tenant, month,
// orderId): flags are true when any of its live lines has them, its amount is the largest orderAmount
// of its lines (the export repeats the order's amount on each SKU line: counted once).
import { sql, type Kysely, type RawBuilder } from 'kysely'

/** The kept counters, as columns of dmr_tk_order_month (totals, then amounts). */
export const MONTH_COUNTERS = [
  'order_total',
  'completed_total',
  'refund_total',
  'delivery_failed_total',
  'cancel_by_user_total',
  'cancel_by_seller_total',
  'cancel_by_system_total',
  'order_amount',
  'completed_amount',
  'refund_amount',
  'delivery_failed_amount',
  'cancel_by_user_amount',
  'cancel_by_seller_amount',
  'cancel_by_system_amount',
] as const
export type MonthCounter = (typeof MONTH_COUNTERS)[number]

const flag = (column: string, value: string) =>
  sql`max(case when lower(trim(${sql.ref(column)})) = ${value} then 1 else 0 end)`

/** One row per (tenant, month) of live TK order lines, with every counter; optionally one tenant. */
export function monthsFromScratch(tenantId?: string): RawBuilder<Record<string, unknown>> {
  const where =
    tenantId === undefined ? sql`is_deleted = 0` : sql`is_deleted = 0 and tenant_id = ${tenantId}`
  return sql`select tenant_id, order_year_month, count(*) as order_total,
      sum(completed) as completed_total, sum(refunded) as refund_total, sum(failed) as delivery_failed_total,
      sum(by_user) as cancel_by_user_total, sum(by_seller) as cancel_by_seller_total, sum(by_system) as cancel_by_system_total,
      sum(amount) as order_amount, sum(completed * amount) as completed_amount, sum(refunded * amount) as refund_amount,
      sum(failed * amount) as delivery_failed_amount, sum(by_user * amount) as cancel_by_user_amount,
      sum(by_seller * amount) as cancel_by_seller_amount, sum(by_system * amount) as cancel_by_system_amount
    from (select tenant_id, order_year_month, order_id,
        ${flag('order_status', 'completed')} as completed, ${flag('cancel_refund_type', 'return/refund')} as refunded,
        ${flag('order_substatus', 'delivery failed')} as failed, ${flag('cancel_by', 'user')} as by_user,
        ${flag('cancel_by', 'seller')} as by_seller, ${flag('cancel_by', 'system')} as by_system,
        max(coalesce(order_amount, 0)) as amount
      from dmr_tk_order where ${where}
      group by tenant_id, order_year_month, order_id) orders
    group by tenant_id, order_year_month`
}

/** Rebuilds the kept table from the lines (all tenants, or one), in the caller's transaction. */
export async function rebuildMonths(db: Kysely<unknown>, tenantId?: string): Promise<void> {
  await (
    tenantId === undefined
      ? sql`delete from dmr_tk_order_month`
      : sql`delete from dmr_tk_order_month where tenant_id = ${tenantId}`
  ).execute(db)
  const columns = sql.join(
    ['tenant_id', 'order_year_month', ...MONTH_COUNTERS].map((c) => sql.ref(c)),
  )
  await sql`insert into dmr_tk_order_month (${columns}) select ${columns} from (${monthsFromScratch(tenantId)}) scratch`.execute(
    db,
  )
}
