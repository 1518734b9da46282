// The one writing connection of the pooled SQLite dialect, on the main thread: better-sqlite3
// runs each statement synchronously, and a lock keeps a statement sent outside a transaction from
// landing inside another request's open transaction (which spans awaits).
import type SQLite from 'better-sqlite3'
import type { CompiledQuery, QueryResult } from 'kysely'

const STATEMENT_CACHE_SIZE = 300
/** SQLite's `synchronous = NORMAL`: in WAL mode a commit is written but not flushed to the disk. */
const NORMAL = 1

export class WriterConnection {
  readonly #db: SQLite.Database
  readonly #statements = new Map<string, SQLite.Statement>()
  #locked = false
  readonly #waiting: (() => void)[] = []

  /** The connection's own `synchronous` level (FULL unless configured otherwise). */
  readonly #synchronous: number

  constructor(db: SQLite.Database) {
    this.#db = db
    this.#synchronous = Number(db.pragma('synchronous', { simple: true }))
  }

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  unlock(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#locked = false
  }

  /**
   * A statement outside any transaction: waits for an open transaction to end first. `waitForDisk:
   * false` commits it without a disk flush (db/disk-wait.ts); the connection's own setting is back
   * before the lock is released, so no other commit runs without its flush.
   */
  async executeAlone(
    query: CompiledQuery,
    { waitForDisk = true } = {},
  ): Promise<QueryResult<unknown>> {
    await this.lock()
    const lighter = !waitForDisk && this.#synchronous > NORMAL
    try {
      if (lighter) this.#db.pragma(`synchronous = ${NORMAL}`)
      return this.execute(query)
    } finally {
      if (lighter) this.#db.pragma(`synchronous = ${this.#synchronous}`)
      this.unlock()
    }
  }

  /** Runs now; the caller holds the lock (inside its transaction). */
  execute(query: CompiledQuery): QueryResult<unknown> {
    const stmt = this.#prepared(query.sql)
    if (stmt.reader) return { rows: stmt.all(query.parameters as unknown[]) }
    const { changes, lastInsertRowid } = stmt.run(query.parameters as unknown[])
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    }
  }

  close(): void {
    this.#db.close()
  }

  #prepared(sql: string): SQLite.Statement {
    let stmt = this.#statements.get(sql)
    if (stmt) this.#statements.delete(sql)
    else {
      stmt = this.#db.prepare(sql)
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value!)
    }
    this.#statements.set(sql, stmt)
    return stmt
  }
}
