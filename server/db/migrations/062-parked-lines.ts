// Undo of a delete for entities whose remove takes rows along. An order's item lines and a salary's
// rows leave their tables with the removed order or salary (every reader of those tables counts what
// is there), so they are parked in a twin table of the same columns, from which a restore puts them
// back as they were. A statement's details are soft-deleted with it; which ones went along is kept
// in blade_removed_along, so a restore brings back those and not the ones deleted before.
// A column added to dmr_order_item or dmr_salary_detail later must be added to its twin too.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, owner] of [
    ['dmr_order_item', 'order_id'],
    ['dmr_salary_detail', 'salary_id'],
  ] as const) {
    await sql`create table ${sql.table(`${table}_parked`)} as select * from ${sql.table(table)} where 1 = 0`.execute(
      db,
    )
    await db.schema
      .createIndex(`ix_${table}_parked_owner`)
      .on(`${table}_parked`)
      .column(owner)
      .execute()
  }
  await db.schema
    .createTable('blade_removed_along')
    .addColumn('owner_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('row_id', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ix_removed_along_owner')
    .on('blade_removed_along')
    .columns(['owner_table', 'owner_id'])
    .execute()
}
