// Gift totals group a month of live gift details, ~100,000 of a million rows, by day,
// anchor, user or gift: one covering index over the send-time range holds every column they read,
// so the grouping never visits the table (SQLite: all in the key; PostgreSQL: the rest INCLUDEd,
// an index-only scan once vacuumed).
import { PostgresAdapter, sql, type Kysely } from 'kysely'

const NAME = 'ix_gift_detail_totals'
const READ = [
  'gift_price',
  'gift_quantity',
  'anchor_id',
  'anchor_name',
  'user_id',
  'user_nick_name',
  'plartform_account',
  'gift_name',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index ${sql.id(NAME)} on dmr_gift_detail (tenant_id, is_deleted, send_gift_time) include (${sql.join(READ.map((c) => sql.id(c)))})`.execute(
      db,
    )
  } else {
    await db.schema
      .createIndex(NAME)
      .on('dmr_gift_detail')
      .columns(['tenant_id', 'is_deleted', 'send_gift_time', ...READ])
      .execute()
  }
}
