// Opens the database chosen by DATABASE_URL: `sqlite:<file>` (embedded default) or
// `postgres://...`. Both go through Kysely with the same migrations and camelCase mapping. SQLite
// reads run on reader threads, writes on the main thread (sqlite/pooled-dialect.ts).
import { mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { DB } from './schema.ts'
import { AccessCache, attachAccessCache } from '../auth/access-cache.ts'
import { announceChange, listenForChanges } from './change-notify.ts'
import { watchWrites, type WriteListeners } from './write-watch.ts'
import { PooledSqliteDialect } from './sqlite/pooled-dialect.ts'
import type { ReaderPool } from './sqlite/reader-pool.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<DB>
  dialect: Dialect
  close: () => Promise<void>
  /** Per-request lookups cached in this process (auth/access-cache.ts). */
  cache: AccessCache
  /** The SQLite reader threads (absent on PostgreSQL and :memory:). */
  readers?: ReaderPool
}

// int8 (counts, epoch milliseconds) as numbers; ids are varchar so nothing large passes here.
pg.types.setTypeParser(20, (v: string) => Number(v))
// numeric as numbers for amounts.
pg.types.setTypeParser(1700, (v: string) => Number(v))

export interface OpenOptions {
  /** SQLite reader threads (default: the machine's cores, at least 2). */
  sqliteReaders?: number
}

export function defaultSqliteReaders(): number {
  return Math.max(2, availableParallelism())
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  const plugins = [new CamelCasePlugin()]
  const cache = new AccessCache()
  const listeners: WriteListeners = { committed: [(tables) => cache.tablesChanged(tables)] }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // An idle connection the server ends (restart, administrator command) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (e) => console.error(`postgres: idle connection lost: ${e.message}`))
    // Every written table: the access cache drops its lookups, and every process its deep-page anchors.
    listeners.announce = announceChange
    const db = new Kysely<DB>({ dialect: watchWrites(new PostgresDialect({ pool }), listeners), plugins })
    attachAccessCache(db, cache)
    const listener = listenForChanges(url, cache)
    return { db, dialect: 'postgres', cache, close: async () => (await listener.stop(), await db.destroy()) }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // An in-memory database exists only on this connection: no readers can share it.
  const dialect = file === ':memory:' ? new SqliteDialect({ database: sqlite }) : new PooledSqliteDialect(sqlite, Math.max(1, options.sqliteReaders ?? defaultSqliteReaders()))
  // One process per SQLite file: every write passes here, so the cache is exact.
  const db = new Kysely<DB>({ dialect: watchWrites(dialect, listeners), plugins })
  attachAccessCache(db, cache)
  return { db, dialect: 'sqlite', cache, close: () => db.destroy(), readers: dialect instanceof PooledSqliteDialect ? dialect.readers : undefined }
}
