// A stock count's stockTotal is the sum of its live lines' quantities, kept by the server inside
// the transaction of every line write and remove: a write adds the change of quantity to the counts
// it touches (a sum over the count's lines per write made a replay of n queued lines cost O(n²) on
// the server, bench/replay.ts); a remove recomputes the sum.
import type { AnyDb, Row } from '../../crud/table.ts'
import type { Dialect } from '../../db/database.ts'
import { badRequest } from '../../core/envelope.ts'

/**
 * Locks these counts until the transaction ends. On PostgreSQL (read committed) two devices adding
 * lines to one count at once would each sum without the other's line and the later total would
 * lose one; holding the count's row lock before the line is written and summed serialises them.
 * SQLite has a single writer already. Every path locks counts before touching lines, in id order.
 */
export async function lockCounts(
  trx: AnyDb,
  dialect: Dialect,
  stockIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(stockIds)].sort()
  if (dialect !== 'postgres' || ids.length === 0) return
  await trx
    .selectFrom('dmr_stock_taking')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute()
}

/** The live stock count a line points at, in the line's tenant (locked), or 400. */
export async function requireStockCount(
  trx: AnyDb,
  dialect: Dialect,
  tenantId: string,
  stockId: unknown,
): Promise<string> {
  const id = stockId === null || stockId === undefined ? '' : String(stockId)
  if (id) await lockCounts(trx, dialect, [id])
  const row = id
    ? await trx
        .selectFrom('dmr_stock_taking')
        .select('id')
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined
  if (!row) throw badRequest('盘点批次不存在或已被删除')
  return id
}

/** Recomputes stockTotal of these counts from their live lines (the caller holds their locks). The
 * count's version is not raised: stockTotal is server-kept, so an edit of the count made before it
 * changed is not stale. */
export async function recount(trx: AnyDb, stockIds: Iterable<string>): Promise<void> {
  for (const id of new Set(stockIds)) {
    const sum = (await trx
      .selectFrom('dmr_stock_detail')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('product_quantity'), eb.lit(0)).as('total'))
      .where('dmr_stock_id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst()) as Row | undefined
    await trx
      .updateTable('dmr_stock_taking')
      .set({ stock_total: Number(sum?.total ?? 0) })
      .where('id', '=', id)
      .execute()
  }
}

/** Adds each count's change of quantity to its stockTotal (the caller holds their locks; the
 * version is not raised, as in recount). */
export async function addToTotals(trx: AnyDb, deltas: ReadonlyMap<string, number>): Promise<void> {
  for (const [id, delta] of deltas) {
    if (delta === 0) continue
    await trx
      .updateTable('dmr_stock_taking')
      .set((eb) => ({ stock_total: eb(eb.fn.coalesce('stock_total', eb.lit(0)), '+', delta) }))
      .where('id', '=', id)
      .execute()
  }
}

/** The counts the given lines belong to (removed or not). */
export async function countsOfLines(trx: AnyDb, lineIds: string[]): Promise<string[]> {
  if (lineIds.length === 0) return []
  const rows = (await trx
    .selectFrom('dmr_stock_detail')
    .select('dmr_stock_id')
    .where('id', 'in', lineIds)
    .execute()) as Row[]
  return rows.map((r) => String(r.dmrStockId))
}

/** The counts the given live (not removed) lines belong to. */
export async function liveCountsOfLines(trx: AnyDb, lineIds: string[]): Promise<string[]> {
  if (lineIds.length === 0) return []
  const rows = (await trx
    .selectFrom('dmr_stock_detail')
    .select('dmr_stock_id')
    .where('id', 'in', lineIds)
    .where('is_deleted', '=', 0)
    .execute()) as Row[]
  return rows.map((r) => String(r.dmrStockId))
}
