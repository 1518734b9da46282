// A stock count's state on the server (compatible extension): count_status 0 counting, 1 finished
// (every existing count is counting), and finish_time, stamped by the server when it is finished.
// Blade's own `status` column is left alone: it means "enabled" and defaults to 1.
// SQLite adds one column per ALTER TABLE, so each column is its own statement.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dmr_stock_taking')
    .addColumn('count_status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('dmr_stock_taking').addColumn('finish_time', 'varchar(19)').execute()
}
