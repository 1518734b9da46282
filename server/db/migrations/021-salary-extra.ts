// Customer-service and MCN salaries: one live row per tenant, month and employee (MCN:
// and anchor account). Amounts in whole đồng, computed by the server; the declared filters'
// indexes come from the declarations (declared-indexes.ts).
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

const money = (t: ReturnType<typeof tenant>, names: string[]) =>
  names.reduce((acc, n) => acc.addColumn(n, 'numeric(16, 2)', (c) => c.notNull().defaultTo(0)), t)

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  const cs = tenant(id(s.createTable('dmr_salary_cs')))
    .addColumn('detail_date', 'varchar(7)', (c) => c.notNull())
    .addColumn('dmr_emp_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('dmr_emp_vn_name', 'varchar(100)')
    .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
  await base(
    money(cs, [
      'commission_per_order',
      'commission_amount',
      'base_amount',
      'bonus_amount',
      'deduction_amount',
      'total_amount',
    ]).addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_salary_cs_month_emp_live')
    .on('dmr_salary_cs')
    .columns(['tenant_id', 'detail_date', 'dmr_emp_id'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()

  const mcn = tenant(id(s.createTable('dmr_salary_mcn')))
    .addColumn('detail_date', 'varchar(7)', (c) => c.notNull())
    .addColumn('dmr_emp_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('dmr_emp_vn_name', 'varchar(100)')
    .addColumn('anchor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('anchor_name', 'varchar(200)')
    .addColumn('live_hours', 'numeric(6, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('gift_rate', 'numeric(5, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_rate', 'numeric(5, 2)', (c) => c.notNull().defaultTo(0))
  await base(
    money(mcn, [
      'gift_value',
      'gift_commission',
      'sales_amount',
      'sales_commission',
      'base_amount',
      'total_amount',
    ]).addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_salary_mcn_month_emp_anchor_live')
    .on('dmr_salary_mcn')
    .columns(['tenant_id', 'detail_date', 'dmr_emp_id', 'anchor_id'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
}
