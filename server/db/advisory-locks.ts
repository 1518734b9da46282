// PostgreSQL transaction-scoped advisory locks by name: held until the transaction ends, taken in
// one statement and in name order, so two writers that lock overlapping sets wait for each other
// instead of deadlocking. SQLite has a single writer already: nothing to lock there.
import { sql, type QueryExecutorProvider } from 'kysely'
import type { Dialect } from './database.ts'

/** `trx`: any Kysely or transaction, whatever its tables (the lock statement names none). */
export async function lockNames(
  trx: QueryExecutorProvider,
  dialect: Dialect,
  names: string[],
): Promise<void> {
  if (dialect !== 'postgres' || names.length === 0) return
  const sorted = [...new Set(names)].sort()
  await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select unnest(${sorted}::text[]) as k order by 1) locked`.execute(
    trx,
  )
}
