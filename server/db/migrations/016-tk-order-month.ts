// The TK order monthly summary kept per tenant and month (dmr_tk_order_month), so a year of it is
// 12 rows to read instead of a scan of a million lines; and the returnType of each line in its own
// column (the list's returnType filter, an index equality). Both are filled from existing lines,
// with the SQL of modules/tk-order/month-sql.ts as it was when this was written (copied, so that a
// later change there leaves what this migration does alone).
import { sql, type Kysely } from 'kysely'
import { tenant } from './columns.ts'

/** The kept counters, as columns of dmr_tk_order_month (totals, then amounts). */
const MONTH_COUNTERS = [
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

/** The backfill of returnType from the columns it is kept from. */
const RETURN_TYPE_SQL = sql`case when lower(trim(order_substatus)) = 'delivery failed' then 'deliveredFailure'
  when lower(trim(cancel_refund_type)) = 'cancel' then 'Cancel'
  when lower(trim(cancel_refund_type)) = 'return/refund' then 'Return/Refund' else null end`

const flag = (column: string, value: string) =>
  sql`max(case when lower(trim(${sql.ref(column)})) = ${value} then 1 else 0 end)`

/**
 * One row per (tenant, month) of live TK order lines, with every counter. An order is (tenant,
 * month, orderId): flags are true when any of its live lines has them, its amount is the largest
 * orderAmount of its lines.
 */
const monthsFromScratch = () => sql`select tenant_id, order_year_month, count(*) as order_total,
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
      from dmr_tk_order where is_deleted = 0
      group by tenant_id, order_year_month, order_id) orders
    group by tenant_id, order_year_month`

/** Builds the kept table from the lines of every tenant. */
async function rebuildMonths(db: Kysely<unknown>): Promise<void> {
  await sql`delete from dmr_tk_order_month`.execute(db)
  const columns = sql.join(
    ['tenant_id', 'order_year_month', ...MONTH_COUNTERS].map((c) => sql.ref(c)),
  )
  await sql`insert into dmr_tk_order_month (${columns}) select ${columns} from (${monthsFromScratch()}) scratch`.execute(
    db,
  )
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s.alterTable('dmr_tk_order').addColumn('return_type', 'varchar(16)').execute()
  await sql`update dmr_tk_order set return_type = ${RETURN_TYPE_SQL}`.execute(db)

  let month = tenant(s.createTable('dmr_tk_order_month')).addColumn(
    'order_year_month',
    'varchar(7)',
    (c) => c.notNull(),
  )
  for (const c of MONTH_COUNTERS)
    month = month.addColumn(c, c.endsWith('_total') ? 'integer' : 'numeric(18, 2)', (col) =>
      col.notNull().defaultTo(0),
    )
  await month.execute()
  await s
    .createIndex('ux_tk_order_month_tenant_month')
    .on('dmr_tk_order_month')
    .columns(['tenant_id', 'order_year_month'])
    .unique()
    .execute()
  await rebuildMonths(db)
}
