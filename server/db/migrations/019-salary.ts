// Salaries: one live salary per tenant, month and salary source, and its detail rows in
// a table of their own. A row copies its salary's month and source and the employee's names (set
// on every write of the salary), so the salary detail list and the monthly summary read one table.
// The declared filters' indexes come from the declarations (declared-indexes.ts).
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

const MONEY = [
  'salary_amount',
  'intership_amount',
  'benefit_amount',
  'bonus_amount',
  'insurance_amount',
  'insurance_emp_amount',
  'emp_tax',
  'total_amount',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await base(
    tenant(id(s.createTable('dmr_salary')))
      .addColumn('detail_date', 'varchar(7)', (c) => c.notNull())
      .addColumn('salary_source', 'varchar(64)', (c) => c.notNull())
      .addColumn('employee_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_amount', 'numeric(16, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(500)'),
  )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_salary_tenant_month_source_live')
    .on('dmr_salary')
    .columns(['tenant_id', 'detail_date', 'salary_source'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()

  let detail = tenant(id(s.createTable('dmr_salary_detail')))
    .addColumn('salary_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail_date', 'varchar(7)', (c) => c.notNull())
    .addColumn('salary_source', 'varchar(64)', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('dmr_emp_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('dmr_emp_vn_name', 'varchar(100)')
    .addColumn('dmr_emp_cn_name', 'varchar(100)')
    .addColumn('standard_days', 'numeric(5, 2)')
    .addColumn('labour_days', 'numeric(5, 2)')
    .addColumn('intership_days', 'numeric(5, 2)')
    .addColumn('salary_amount_manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('intership_amount_manual', 'integer', (c) => c.notNull().defaultTo(0))
  for (const money of MONEY)
    detail = detail.addColumn(money, 'numeric(16, 2)', (c) => c.notNull().defaultTo(0))
  // When the salary last wrote the row (lists may sort by createTime/updateTime, docs/contract.md §4).
  await detail
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_time', 'varchar(19)')
    .execute()
  await s
    .createIndex('ix_salary_detail_salary')
    .on('dmr_salary_detail')
    .columns(['salary_id', 'line_no'])
    .execute()
  await s
    .createIndex('ix_salary_detail_tenant_month')
    .on('dmr_salary_detail')
    .columns(['tenant_id', 'detail_date', 'salary_id'])
    .execute()
}
