// SQLite off the event loop: a Kysely dialect whose plain reads outside transactions run on a pool
// of reader threads (reader-pool.ts), while writes, DDL, pragmas and everything inside
// `db.transaction()` run on the one writer connection, on the main thread, as before.
//
// Own code because no library fits: Kysely's SqliteDialect runs everything on one connection on the
// calling thread (and its adapter serialises all queries behind one mutex); the worker-based SQLite
// drivers we know of (kysely-wasqlite-worker, kysely-sqlite-worker, sqlocal) target the browser's
// OPFS or run every query on one worker, and none splits reads across threads from the writer.
//
// Why the writer stays on the main thread: writes here are short indexed statements, and a
// transaction interleaves statements with JS; on a worker every statement of a transaction would
// cost a message round trip while the transaction holds the write lock. On the main thread the
// transactions, the pragmas and the durability are exactly today's (same connection, same code
// path), and reads — where the slow queries are — never wait for it.
import type SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'
import { currentListLane, type ListLimits } from '../list-lanes.ts'
import { ReaderPool } from './reader-pool.ts'
import { diskWaitSkipped } from '../disk-wait.ts'
import { WriterConnection } from './writer-connection.ts'

/** Several connections exist, so Kysely must not serialise every query behind one (our writer has its own lock). */
class PooledSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }
}

// A raw `sql` statement that only reads: starts with select/with and names no writing verb
// (`update_time` does not match: `\b` needs a non-word character after the verb).
const READ_ONLY_SQL = /^\s*(select|with)\b/i
const WRITING_VERB = /\b(insert|update|delete|replace|create|drop|alter)\b/i

function isPlainRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true
  return RawNode.is(query.query) && READ_ONLY_SQL.test(query.sql) && !WRITING_VERB.test(query.sql)
}

/** The readers of each lane (db/list-lanes.ts), and the limit of list statements. */
interface Readers {
  cheap: ReaderPool
  scan: ReaderPool
  limits: ListLimits
}

/** One per acquired Kysely connection: routes each statement to a reader or to the writer. */
class RoutingConnection implements DatabaseConnection {
  inTransaction = false
  readonly writer: WriterConnection
  readonly readers: Readers
  constructor(writer: WriterConnection, readers: Readers) {
    this.writer = writer
    this.readers = readers
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.writer.execute(query) as QueryResult<R>
    if (isPlainRead(query)) {
      // A list's statements go on its lane, under the limit; other reads on the ordinary readers, unlimited.
      const lane = currentListLane()
      const pool = lane === 'scan' ? this.readers.scan : this.readers.cheap
      return {
        rows: (await pool.read(
          query.sql,
          query.parameters,
          lane && this.readers.limits.statementLimitMs,
        )) as R[],
      }
    }
    return this.writer.executeAlone(query, { waitForDisk: !diskWaitSkipped() }) as Promise<
      QueryResult<R>
    >
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query)
    for (let i = 0; i < rows.length; i += Math.max(1, chunkSize))
      yield { rows: rows.slice(i, i + Math.max(1, chunkSize)) }
  }
}

class PooledSqliteDriver implements Driver {
  readonly writer: WriterConnection
  readonly readers: Readers
  constructor(writer: WriterConnection, readers: Readers) {
    this.writer = writer
    this.readers = readers
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.writer, this.readers)
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RoutingConnection
    await this.writer.lock()
    try {
      this.writer.execute(CompiledQuery.raw('begin'))
    } catch (e) {
      this.writer.unlock()
      throw e
    }
    c.inTransaction = true
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutingConnection, 'commit')
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutingConnection, 'rollback')
  }
  async #end(c: RoutingConnection, verb: 'commit' | 'rollback'): Promise<void> {
    try {
      this.writer.execute(CompiledQuery.raw(verb))
    } finally {
      c.inTransaction = false
      this.writer.unlock()
    }
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`))
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`))
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`))
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await Promise.all([this.readers.cheap.close(), this.readers.scan.close()])
    this.writer.close()
  }
}

export class PooledSqliteDialect implements Dialect {
  readonly readers: ReaderPool
  readonly scanReaders: ReaderPool
  readonly #writer: WriterConnection
  readonly #limits: ListLimits
  /** `sqlite` is the writer, already in WAL mode (readers open the same file after it). */
  constructor(sqlite: SQLite.Database, readers: number, limits: ListLimits) {
    this.#writer = new WriterConnection(sqlite)
    this.readers = new ReaderPool(sqlite.name, readers)
    this.scanReaders = new ReaderPool(sqlite.name, limits.scanSlots, 'process')
    this.#limits = limits
  }
  createDriver(): Driver {
    return new PooledSqliteDriver(this.#writer, {
      cheap: this.readers,
      scan: this.scanReaders,
      limits: this.#limits,
    })
  }
  createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteQueryCompiler()
  }
  createAdapter(): PooledSqliteAdapter {
    return new PooledSqliteAdapter()
  }
  createIntrospector(db: Kysely<unknown>): SqliteIntrospector {
    return new SqliteIntrospector(db)
  }
}
