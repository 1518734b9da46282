// Employees: one row per person of a tenant, keyed for the import by the citizen ID,
// unique per tenant among live rows. The declared filters' indexes come from the declaration.
import { sql, type Kysely } from 'kysely'
import { base, id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  let t = tenant(id(s.createTable('dmr_employee')))
    .addColumn('dmr_emp_cn_name', 'varchar(100)')
    .addColumn('dmr_emp_vn_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dmr_emp_sex', 'integer')
    .addColumn('dmr_emp_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dmr_emp_hire_date', 'varchar(10)')
    .addColumn('dmr_emp_regular_date', 'varchar(10)')
  for (const money of [
    'dmr_emp_internship_salary',
    'dmr_emp_basic_salary',
    'dmr_emp_benefit',
    'salary_internship_total',
    'salary_basic_total',
  ])
    t = t.addColumn(money, 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
  t = t
    .addColumn('dmr_emp_bank', 'varchar(64)')
    .addColumn('dmr_emp_bank_account', 'varchar(20)')
    .addColumn('dmr_emp_address', 'varchar(500)')
    .addColumn('dmr_emp_birthday', 'varchar(10)')
    .addColumn('dmr_emp_idcard', 'varchar(12)', (c) => c.notNull())
    .addColumn('dmr_emp_email', 'varchar(100)')
  await base(t)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_employee_tenant_idcard_live')
    .on('dmr_employee')
    .columns(['tenant_id', 'dmr_emp_idcard'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
}
