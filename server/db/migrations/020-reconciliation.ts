// Reconciliation statements and their details. A statement's totals are kept by the
// server from its live details; a tenant has one live statement per date; a bank line is imported
// into a statement once (its fingerprint, import_ref, is unique there among live details).
import { sql, type Kysely } from 'kysely'
import { id, tenant } from './columns.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await tenant(id(s.createTable('dmr_reconciliation_statement')))
    .addColumn('statement_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('total_income_vnd', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_expense_vnd', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_vnd', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(19)')
    .addColumn('updated_at', 'varchar(19)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await s
    .createIndex('ux_reconciliation_statement_date_live')
    .on('dmr_reconciliation_statement')
    .columns(['tenant_id', 'statement_date'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()

  await tenant(id(s.createTable('dmr_reconciliation_detail')))
    .addColumn('statement_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('transaction_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('record_date', 'varchar(10)')
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('amount', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('exchange_rate', 'numeric(12, 4)', (c) => c.notNull())
    .addColumn('amount_vnd', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('import_ref', 'varchar(64)')
    .addColumn('created_at', 'varchar(19)')
    .addColumn('update_at', 'varchar(19)')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  // The totals of a statement sum its live details by category.
  await s
    .createIndex('ix_reconciliation_detail_totals')
    .on('dmr_reconciliation_detail')
    .columns(['statement_id', 'is_deleted', 'category', 'amount_vnd'])
    .execute()
  await s
    .createIndex('ux_reconciliation_detail_import_live')
    .on('dmr_reconciliation_detail')
    .columns(['tenant_id', 'statement_id', 'import_ref'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute()
}
