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
import { announceChange, listenForChanges, type ChangeListener } from './change-notify.ts'
import { watchWrites, type WriteListeners } from './write-watch.ts'
import { PooledSqliteDialect } from './sqlite/pooled-dialect.ts'
import type { ReaderPool } from './sqlite/reader-pool.ts'
import { diskWaitSkipped } from './disk-wait.ts'
import { currentListLane, listLimits, ListStatementTimeout, type ListLimits } from './list-lanes.ts'

export type Dialect = 'sqlite' | 'postgres'

// The database every module reads and writes, in the context the process opens.
declare module '../core/routes.ts' {
  interface AppBase {
    db: Kysely<DB>
    dialect: Dialect
  }
}

export interface Database {
  db: Kysely<DB>
  dialect: Dialect
  close: () => Promise<void>
  /** The SQLite reader threads (absent on PostgreSQL and :memory:). */
  readers?: ReaderPool
  /** The SQLite scan lane's reader processes (db/list-lanes.ts; same). */
  scanReaders?: ReaderPool
}

// int8 (counts, epoch milliseconds) as numbers; ids are varchar so nothing large passes here.
pg.types.setTypeParser(20, (v: string) => Number(v))
// numeric as numbers for amounts.
pg.types.setTypeParser(1700, (v: string) => Number(v))

export interface OpenOptions {
  /** SQLite reader threads (default: the machine's cores, at least 2). */
  sqliteReaders?: number
  /** The list statement limit and scan slots (db/list-lanes.ts); defaults there. */
  listLimits?: Partial<ListLimits>
  /**
   * Told of every committed write, this process's and (on PostgreSQL) every other's: the
   * per-request lookups cached in this process (auth/database.ts hands in auth/access-cache.ts's).
   */
  cache?: ChangeListener
}

/** The ordinary pool's size on PostgreSQL; the cheap list lane has as many connections. */
const PG_POOL_SIZE = 10

/**
 * PostgreSQL's lanes as one pool for Kysely: a list's statements take a connection of their lane's
 * pool, whose connections carry the statement limit (statement_timeout, set once per connection, so
 * a list costs no extra round trip); everything else the ordinary pool, unlimited. The scan lane's
 * connections run without parallel workers, so each scan takes one core at most.
 */
function pgLanes(url: string, limits: ListLimits) {
  const onIdleError = (e: Error) => console.error(`postgres: idle connection lost: ${e.message}`)
  const pool = new pg.Pool({ connectionString: url, max: PG_POOL_SIZE })
  const limited = {
    connectionString: url,
    statement_timeout: limits.statementLimitMs,
    connectionTimeoutMillis: limits.statementLimitMs,
  }
  const cheap = new pg.Pool({ ...limited, max: PG_POOL_SIZE })
  const scan = new pg.Pool({
    ...limited,
    max: limits.scanSlots,
    options: '-c max_parallel_workers_per_gather=0',
  })
  // Writes that need not wait for the disk (db/disk-wait.ts: the log rows) commit without waiting
  // for the WAL flush, on their own connections: they never hold an ordinary one through a flush.
  const light = new pg.Pool({ connectionString: url, max: 2, options: '-c synchronous_commit=off' })
  // An idle connection the server ends (restart, administrator command) must not crash the process:
  // the pool replaces it on the next query.
  for (const p of [pool, cheap, scan, light]) p.on('error', onIdleError)
  const connect = async (p: pg.Pool) => {
    try {
      return await p.connect()
    } catch (e) {
      // pg's wait for a free connection ran out: the list waited its whole limit for its lane.
      if (p !== pool && /timeout exceeded when trying to connect/i.test((e as Error).message))
        throw new ListStatementTimeout(limits.statementLimitMs, 'waiting')
      throw e
    }
  }
  return {
    // What Kysely's query cancellation opens its control connection with.
    Client: pg.Client,
    options: pool.options,
    connect: () => {
      const lane = currentListLane()
      return connect(
        lane === 'scan' ? scan : lane === 'cheap' ? cheap : diskWaitSkipped() ? light : pool,
      )
    },
    end: async () => {
      await Promise.all([pool.end(), cheap.end(), scan.end(), light.end()])
    },
  }
}

function defaultSqliteReaders(): number {
  return Math.max(2, availableParallelism())
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  const plugins = [new CamelCasePlugin()]
  const limits = listLimits(options.listLimits)
  const cache = options.cache
  const listeners: WriteListeners = {
    committed: cache ? [(tables) => cache.tablesChanged(tables)] : [],
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = pgLanes(url, limits)
    // Every written table: the access cache drops its lookups, and every process its deep-page anchors.
    listeners.announce = announceChange
    const db = new Kysely<DB>({
      dialect: watchWrites(new PostgresDialect({ pool }), listeners),
      plugins,
    })
    const listener = cache ? listenForChanges(url, cache) : null
    return {
      db,
      dialect: 'postgres',
      close: async () => (await listener?.stop(), await db.destroy()),
    }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // An in-memory database exists only on this connection: no readers can share it.
  const dialect =
    file === ':memory:'
      ? new SqliteDialect({ database: sqlite })
      : new PooledSqliteDialect(
          sqlite,
          Math.max(1, options.sqliteReaders ?? defaultSqliteReaders()),
          limits,
        )
  // One process per SQLite file: every write passes here, so the cache is exact.
  const db = new Kysely<DB>({ dialect: watchWrites(dialect, listeners), plugins })
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    ...(dialect instanceof PooledSqliteDialect
      ? { readers: dialect.readers, scanReaders: dialect.scanReaders }
      : {}),
  }
}
