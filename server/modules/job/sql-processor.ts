// The built-in `sql` processor: one read-only statement on a data source. A statement that could
// write is refused on save (its words, outside quotes and comments), and it runs inside a read-only
// transaction (PostgreSQL, MySQL) or a read-only connection (SQLite), so a write slipping past the
// words fails there too.
import SQLite from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { hostUrl } from '../develop/connection.ts'

const WRITES =
  /\b(insert|update|delete|merge|upsert|replace|drop|alter|create|truncate|grant|revoke|call|exec|execute|copy|vacuum|attach|detach|pragma|lock|set|into|reindex|analyze|cluster|comment|refresh|do|load|handler|rename)\b/i
const READS = /^(select|with|show|explain|values|table|describe|desc)\b/i
const MAX_ROWS = 100
const TIMEOUT_MS = 10_000

/** Why the text is not one read-only statement; null when it is. */
export function readOnlyStatement(query: string): string | null {
  const bare = query
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .trim()
    .replace(/;\s*$/, '')
  if (!bare) return 'sql 处理器须填写 query'
  if (bare.includes(';')) return 'sql 处理器只能执行一条语句'
  if (!READS.test(bare) || WRITES.test(bare))
    return 'sql 处理器只能执行只读查询 (SELECT), 该语句会写入数据'
  return null
}

export interface DataSource {
  driverClass: string
  url: string
  username: string | null
  password: string | null
}

const summary = (rows: unknown[]) =>
  JSON.stringify({ rows: rows.length, first: rows.slice(0, MAX_ROWS) })

/** Runs the statement read-only; its result is the row count and the first rows as JSON. */
export async function runReadOnly(ds: DataSource, query: string): Promise<string> {
  const why = readOnlyStatement(query)
  if (why) throw new Error(why)
  if (ds.driverClass === 'org.postgresql.Driver') {
    const u = hostUrl(ds.url, 'postgresql')
    const client = new pg.Client({
      host: u.hostname,
      port: Number(u.port || 5432),
      database: u.pathname.slice(1) || 'postgres',
      user: ds.username || undefined,
      password: ds.password || undefined,
      connectionTimeoutMillis: TIMEOUT_MS,
      statement_timeout: TIMEOUT_MS,
    })
    await client.connect()
    try {
      await client.query('begin read only')
      const r = await client.query(query)
      await client.query('rollback')
      return summary(r.rows)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  if (ds.driverClass === 'com.mysql.cj.jdbc.Driver') {
    const u = hostUrl(ds.url, 'mysql')
    const conn = await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      database: u.pathname.slice(1) || undefined,
      user: ds.username ?? undefined,
      password: ds.password ?? undefined,
      connectTimeout: TIMEOUT_MS,
    })
    try {
      await conn.query('start transaction read only')
      const [rows] = await conn.query(query)
      await conn.query('rollback')
      return summary(Array.isArray(rows) ? rows : [])
    } finally {
      await conn.end().catch(() => undefined)
    }
  }
  if (ds.driverClass === 'org.sqlite.JDBC') {
    const file = ds.url.replace(/^jdbc:sqlite:/, '')
    const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: TIMEOUT_MS })
    try {
      return summary(db.prepare(query).all())
    } finally {
      db.close()
    }
  }
  throw new Error('该驱动暂不支持 (支持 PostgreSQL、MySQL、SQLite)')
}
