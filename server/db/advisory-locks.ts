// PostgreSQL transaction-scoped advisory locks by name: held until the transaction ends, taken in
// one statement and in name order, so two writers that lock overlapping sets wait for each other
// instead of deadlocking. SQLite has a single writer already: nothing to lock there.
import { sql } from 'kysely'
import type { AnyDb } from '../crud/table.ts'
import type { Dialect } from './database.ts'

export async function lockNames(trx: AnyDb, dialect: Dialect, names: string[]): Promise<void> {
  if (dialect !== 'postgres' || names.length === 0) return
  const sorted = [...new Set(names)].sort()
  await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select unnest(${sorted}::text[]) as k order by 1) locked`.execute(
    trx,
  )
}
