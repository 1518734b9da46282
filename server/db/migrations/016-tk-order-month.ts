// The TK order monthly summary kept per tenant and month (dmr_tk_order_month), so a year of it is
// 12 rows to read instead of a scan of a million lines; and the returnType of each line in its own
// column (the list's returnType filter, an index equality). Both are filled from existing lines.
import { sql, type Kysely } from 'kysely'
import { MONTH_COUNTERS, rebuildMonths, RETURN_TYPE_SQL } from '../../modules/tk-order/month-sql.ts'
import { tenant } from './columns.ts'

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
