// One reader of the SQLite pool (reader-pool.ts): a worker thread with its own read-only
// better-sqlite3 connection on the server's database file. WAL lets it read beside the writer, and
// each statement starts from the latest commit, so a read sent after a write commits sees it.
import { parentPort, workerData } from 'node:worker_threads'
import SQLite, { type Statement } from 'better-sqlite3'

export interface ReadRequest {
  id: number
  sql: string
  parameters: unknown[]
}

export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } }

/** Prepared statements kept per worker; the oldest one goes when the cache is full. */
const STATEMENT_CACHE_SIZE = 300

const { file } = workerData as { file: string }
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
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
  }
  statements.set(sql, stmt)
  return stmt
}

parentPort!.on('message', (req: ReadRequest) => {
  let answer: ReadAnswer
  try {
    const stmt = prepared(req.sql)
    answer = { id: req.id, rows: stmt.reader ? stmt.all(req.parameters) : (stmt.run(req.parameters), []) }
  } catch (e) {
    const err = e as { message?: string; code?: string }
    answer = { id: req.id, error: { message: err.message ?? String(e), code: err.code } }
  }
  parentPort!.postMessage(answer)
})
