// Log rows written in batches: every row queued during one turn of the event loop goes in one
// multi-row insert (one commit) instead of one insert and commit per request, the largest
// main-thread cost of a cached request under load. A quiet server still writes each row at once
// (the next turn); the caller's promise settles when its row's batch is written. On SQLite a batch
// commits without waiting for the disk (db/disk-wait.ts).
import type { Insertable, Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { withoutDiskWait } from '../db/disk-wait.ts'

type LogTable = 'bladeLogApi' | 'bladeLogError'
type Pending = { row: Insertable<DB[LogTable]>; done: (e?: unknown) => void }

/** Rows per insert statement (well under SQLite's bound-parameter limit). */
const ROWS_PER_INSERT = 100

/** The log rows of one app waiting for their batch (one per app, made by buildApp). */
export class LogBatch {
  readonly #db: Kysely<DB>
  readonly #queues = new Map<LogTable, Pending[]>()

  constructor(db: Kysely<DB>) {
    this.#db = db
  }

  /** Settles when the row's batch is written. */
  queue<T extends LogTable>(table: T, row: Insertable<DB[T]>): Promise<void> {
    let queue = this.#queues.get(table)
    if (!queue) {
      this.#queues.set(table, (queue = []))
      setImmediate(() => void this.#flush(table))
    }
    return new Promise((resolve, reject) =>
      queue.push({
        row: row as Insertable<DB[LogTable]>,
        done: (e) => (e ? reject(e) : resolve()),
      }),
    )
  }

  async #flush(table: LogTable): Promise<void> {
    const queue = this.#queues.get(table) ?? []
    this.#queues.delete(table)
    for (let i = 0; i < queue.length; i += ROWS_PER_INSERT) {
      const chunk = queue.slice(i, i + ROWS_PER_INSERT)
      try {
        await withoutDiskWait(() =>
          this.#db
            .insertInto(table)
            .values(chunk.map((p) => p.row) as never)
            .execute(),
        )
        for (const p of chunk) p.done()
      } catch (e) {
        for (const p of chunk) p.done(e)
      }
    }
  }
}
