// Single-use download tickets: a link the browser opens by URL (an export) carries one instead of
// the access token. Kept in the database, since several server processes may share it; only the
// SHA-256 of a ticket is stored.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_download_ticket')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('claims', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ix_download_ticket_expires')
    .on('blade_download_ticket')
    .column('expires_at')
    .execute()
}
