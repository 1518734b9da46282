// What a remove takes along, kept so that undoing the remove brings it back (see migration
// 062-parked-lines): lines moved to their table's twin (`<table>_parked`, the same columns), and the
// ids of rows soft-deleted along with their owner.
import { sql } from 'kysely'
import type { AnyDb, Row } from './table.ts'

const twin = (table: string) => `${table}_parked`

/** Moves the lines of the owners into the twin table (removed from their own). */
export async function parkLines(
  trx: AnyDb,
  table: string,
  ownerColumn: string,
  ownerIds: string[],
): Promise<void> {
  if (!ownerIds.length) return
  await trx
    .insertInto(twin(table))
    .expression(trx.selectFrom(table).selectAll().where(ownerColumn, 'in', ownerIds))
    .execute()
  await trx.deleteFrom(table).where(ownerColumn, 'in', ownerIds).execute()
}

/** Puts the parked lines of the owners back, as they were. */
export async function unparkLines(
  trx: AnyDb,
  table: string,
  ownerColumn: string,
  ownerIds: string[],
): Promise<void> {
  if (!ownerIds.length) return
  await trx
    .insertInto(table)
    .expression(trx.selectFrom(twin(table)).selectAll().where(ownerColumn, 'in', ownerIds))
    .execute()
  await trx.deleteFrom(twin(table)).where(ownerColumn, 'in', ownerIds).execute()
}

/** Soft-deletes the live rows of `table` matching `where`, noting them as gone along with their owner. */
export async function removeAlong(
  trx: AnyDb,
  owner: { table: string; column: string; ids: string[] },
  table: string,
  set: Row,
): Promise<void> {
  if (!owner.ids.length) return
  const live = trx
    .selectFrom(table)
    .where(owner.column, 'in', owner.ids)
    .where('is_deleted', '=', 0)
  await trx
    .insertInto('blade_removed_along')
    .columns(['owner_table', 'owner_id', 'row_id'])
    .expression(
      live.select([
        sql.lit(owner.table).as('owner_table'),
        sql.ref(owner.column).as('owner_id'),
        'id',
      ]),
    )
    .execute()
  await trx
    .updateTable(table)
    .set((eb) => ({ ...set, is_deleted: 1, version: eb('version', '+', 1) }))
    .where(owner.column, 'in', owner.ids)
    .where('is_deleted', '=', 0)
    .execute()
}

/** Brings back the rows removed along with the owners (those still deleted), and forgets the note. */
export async function restoreAlong(
  trx: AnyDb,
  owner: { table: string; ids: string[] },
  table: string,
  set: Row,
): Promise<void> {
  if (!owner.ids.length) return
  const noted = trx
    .selectFrom('blade_removed_along')
    .select('row_id')
    .where('owner_table', '=', owner.table)
    .where('owner_id', 'in', owner.ids)
  await trx
    .updateTable(table)
    .set((eb) => ({ ...set, is_deleted: 0, version: eb('version', '+', 1) }))
    .where('id', 'in', noted)
    .where('is_deleted', '=', 1)
    .execute()
  await trx
    .deleteFrom('blade_removed_along')
    .where('owner_table', '=', owner.table)
    .where('owner_id', 'in', owner.ids)
    .execute()
}
