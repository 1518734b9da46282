// The one writing connection of the pooled SQLite dialect, on the main thread: better-sqlite3
// runs each statement synchronously, and a lock keeps a statement sent outside a transaction from
// landing inside another request's open transaction (which spans awaits).
import type SQLite from 'better-sqlite3'
import type { CompiledQuery, QueryResult } from 'kysely'

const STATEMENT_CACHE_SIZE = 300

export class WriterConnection {
  readonly #db: SQLite.Database
  readonly #statements = new Map<string, SQLite.Statement>()
  #locked = false
  readonly #waiting: (() => void)[] = []

  constructor(db: SQLite.Database) {
    this.#db = db
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

  /** A statement outside any transaction: waits for an open transaction to end first. */
  async executeAlone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    await this.lock()
    try {
      return this.execute(query)
    } finally {
      this.unlock()
    }
  }

  /** Runs now; the caller holds the lock (inside its transaction). */
  execute(query: CompiledQuery): QueryResult<unknown> {
    const stmt = this.#prepared(query.sql)
    if (stmt.reader) return { rows: stmt.all(query.parameters as unknown[]) }
    const { changes, lastInsertRowid } = stmt.run(query.parameters as unknown[])
    return { insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined, numAffectedRows: changes != null ? BigInt(changes) : undefined, rows: [] }
  }

  close(): void {
    this.#db.close()
  }

  #prepared(sql: string): SQLite.Statement {
    let stmt = this.#statements.get(sql)
    if (stmt) this.#statements.delete(sql)
    else {
      stmt = this.#db.prepare(sql)
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!)
    }
    this.#statements.set(sql, stmt)
    return stmt
  }
}
