// Which tables a committed write changed, for the in-process caches of per-request lookups
// (auth/access-cache.ts): a Kysely dialect wrapper that reads the table names out of every
// insert/update/delete it runs (query builder or raw `sql`), holds them until a transaction
// commits (a rollback changed nothing), and then tells the listeners. Watching here rather than in
// each module's write path means no write path can be forgotten, generic CRUD included.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely'

export interface WriteListeners {
  /** Tables changed by a write that is now committed (called right after the commit, on this process). */
  committed: ((tables: Set<string>) => void)[]
  /** Runs before a transaction commits, or after a statement outside one, on the same connection (PostgreSQL NOTIFY). */
  announce?: (connection: DatabaseConnection, tables: Set<string>) => Promise<void>
}

const WRITTEN_TABLE =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi

function writtenTables(sql: string): Set<string> {
  const out = new Set<string>()
  for (const m of sql.matchAll(WRITTEN_TABLE)) out.add(m[1]!.toLowerCase())
  return out
}

class WatchedConnection implements DatabaseConnection {
  /** Tables written in the open transaction; null outside one. */
  pending: Set<string> | null = null
  readonly inner: DatabaseConnection
  readonly #listeners: WriteListeners
  constructor(inner: DatabaseConnection, listeners: WriteListeners) {
    this.inner = inner
    this.#listeners = listeners
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query)
    const tables = /^\s*select\b/i.test(query.sql) ? null : writtenTables(query.sql)
    if (tables?.size) {
      if (this.pending) for (const t of tables) this.pending.add(t)
      else {
        emit(this.#listeners, tables)
        await this.#listeners.announce?.(this.inner, tables)
      }
    }
    return result
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize)
  }
}

function emit(listeners: WriteListeners, tables: Set<string>): void {
  for (const l of listeners.committed) l(tables)
}

class WatchedDriver implements Driver {
  readonly #inner: Driver
  readonly #listeners: WriteListeners
  readonly #wrapped = new WeakMap<DatabaseConnection, WatchedConnection>()
  constructor(inner: Driver, listeners: WriteListeners) {
    this.#inner = inner
    this.#listeners = listeners
  }
  init(): Promise<void> {
    return this.#inner.init()
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection()
    let c = this.#wrapped.get(inner)
    if (!c) this.#wrapped.set(inner, (c = new WatchedConnection(inner, this.#listeners)))
    return c
  }
  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const w = c as WatchedConnection
    await this.#inner.beginTransaction(w.inner, settings)
    w.pending = new Set()
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection
    const tables = w.pending ?? new Set<string>()
    w.pending = null
    if (tables.size) await this.#listeners.announce?.(w.inner, tables)
    await this.#inner.commitTransaction(w.inner)
    if (tables.size) emit(this.#listeners, tables)
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection
    w.pending = null
    await this.#inner.rollbackTransaction(w.inner)
  }
  async savepoint(
    c: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    await this.#inner.savepoint?.((c as WatchedConnection).inner, name, compile)
  }
  async rollbackToSavepoint(
    c: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    // What the rolled-back part wrote stays pending: invalidating too much is harmless.
    await this.#inner.rollbackToSavepoint?.((c as WatchedConnection).inner, name, compile)
  }
  async releaseSavepoint(
    c: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.((c as WatchedConnection).inner, name, compile)
  }
  releaseConnection(c: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection((c as WatchedConnection).inner)
  }
  destroy(): Promise<void> {
    return this.#inner.destroy()
  }
}

/** `dialect` with every committed write reported to `listeners`. */
export function watchWrites(dialect: Dialect, listeners: WriteListeners): Dialect {
  return {
    createDriver: () => new WatchedDriver(dialect.createDriver(), listeners),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  }
}
