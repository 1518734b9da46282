// Progress of file imports: the importing request writes it per chunk, and the client's
// polls may reach another server process, so it lives in the database. Rows expire (import/progress.ts
// deletes those older than a day when an import starts); the row errors are kept for their download.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dmr_import_progress')
    .addColumn('import_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('phase', 'varchar(16)', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('errors', 'text')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ix_import_progress_create_time')
    .on('dmr_import_progress')
    .column('create_time')
    .execute()
}
