// Sync support (docs/offline.md): an integer `version` on every record, raised by every write, and the
// idempotency records of write requests.
import type { Kysely } from 'kysely'

export const VERSIONED_TABLES = [
  'blade_tenant',
  'blade_client',
  'blade_user',
  'blade_role',
  'blade_dept',
  'blade_post',
  'blade_menu',
  'blade_top_menu',
  'blade_dict',
  'blade_dict_biz',
  'blade_param',
  'blade_notice',
  'blade_tenant_package',
  'blade_tenant_datasource',
  'blade_data_scope',
  'blade_api_scope',
  'blade_attach',
  'blade_oss',
  'blade_sms',
  'blade_datasource',
  'blade_report_file',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
  await db.schema
    .createTable('blade_idempotency')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_blade_idempotency', ['tenant_id', 'user_id', 'idem_key'])
    .execute()
  await db.schema
    .createIndex('ix_idempotency_created')
    .on('blade_idempotency')
    .column('created_at')
    .execute()
}
