// What one SQLite reader does with a read (reader-pool.ts): its own read-only better-sqlite3
// connection on the server's database file, prepared statements kept per connection. WAL lets it
// read beside the writer, and each statement starts from the latest commit, so a read sent after a
// write commits sees it. Shared by the reader threads (reader-worker.ts) and the scan lane's reader
// processes (scan-reader-process.ts).
import SQLite, { type Statement } from 'better-sqlite3'

export interface ReadRequest {
  id: number
  sql: string
  parameters: unknown[]
}

export type ReadAnswer =
  { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } }

/** Prepared statements kept per reader; the oldest one goes when the cache is full. */
const STATEMENT_CACHE_SIZE = 300

export function statementReader(file: string): (req: ReadRequest) => ReadAnswer {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  const statements = new Map<string, Statement>()

  function prepared(sql: string): Statement {
    let stmt = statements.get(sql)
    if (stmt) {
      // Most recently used last, so the first key is the one to drop.
      statements.delete(sql)
    } else {
      stmt = db.prepare(sql)
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value!)
    }
    statements.set(sql, stmt)
    return stmt
  }

  return (req) => {
    try {
      const stmt = prepared(req.sql)
      return {
        id: req.id,
        rows: stmt.reader ? stmt.all(req.parameters) : (stmt.run(req.parameters), []),
      }
    } catch (e) {
      const err = e as { message?: string; code?: string }
      return { id: req.id, error: { message: err.message ?? String(e), code: err.code } }
    }
  }
}
