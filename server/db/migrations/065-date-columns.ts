// Date fields take 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' (src/domain/validate.ts) and are stored as
// given, so their columns are varchar(19) like every other date (columns.ts). These six were made
// varchar(10): on PostgreSQL a date with a time was a 500 instead of a stored value, as SQLite,
// which keeps any length in any text column, always stored it. Widening a varchar rewrites nothing.
import { PostgresAdapter, type Kysely } from 'kysely'

const DATE_COLUMNS: [table: string, column: string][] = [
  ['dmr_employee', 'dmr_emp_hire_date'],
  ['dmr_employee', 'dmr_emp_regular_date'],
  ['dmr_employee', 'dmr_emp_birthday'],
  ['dmr_reconciliation_statement', 'statement_date'],
  ['dmr_reconciliation_detail', 'transaction_date'],
  ['dmr_reconciliation_detail', 'record_date'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const [table, column] of DATE_COLUMNS)
    await db.schema
      .alterTable(table)
      .alterColumn(column, (c) => c.setDataType('varchar(19)'))
      .execute()
}
