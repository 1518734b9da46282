// Connections to a data source: PostgreSQL, MySQL/MariaDB and SQLite are really connected to (its
// "test connection" and the code generator's table reading); the other drivers are declared but
// cannot be reached from this server.
import SQLite from 'better-sqlite3'
import mysql from 'mysql2/promise'
import pg from 'pg'

export interface ConnectionInput {
  driverClass: string
  url: string
  username?: string
  password?: string
}

const TIMEOUT_MS = 5000

export function hostUrl(url: string, scheme: string): URL {
  const rest = url.replace(/^jdbc:/, '')
  if (!rest.startsWith(`${scheme}://`)) throw new Error(`连接地址应以 jdbc:${scheme}:// 开头`)
  return new URL(rest.replace(`${scheme}://`, 'http://'))
}

/** An open connection to a data source, by its driver. */
export type OpenConnection =
  | { driver: 'postgres'; client: pg.Client }
  | { driver: 'mysql'; conn: mysql.Connection }
  | { driver: 'sqlite'; db: SQLite.Database }

async function openConnection(input: ConnectionInput): Promise<OpenConnection> {
  const { driverClass, url } = input
  if (driverClass === 'org.postgresql.Driver') {
    const u = hostUrl(url, 'postgresql')
    const client = new pg.Client({
      host: u.hostname,
      port: Number(u.port || 5432),
      database: u.pathname.slice(1) || 'postgres',
      user: input.username || undefined,
      password: input.password || undefined,
      connectionTimeoutMillis: TIMEOUT_MS,
    })
    try {
      await client.connect()
    } catch (e) {
      await client.end().catch(() => undefined)
      throw e
    }
    return { driver: 'postgres', client }
  }
  if (driverClass === 'com.mysql.cj.jdbc.Driver') {
    const u = hostUrl(url, 'mysql')
    const conn = await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      database: u.pathname.slice(1) || undefined,
      user: input.username,
      password: input.password,
      connectTimeout: TIMEOUT_MS,
    })
    return { driver: 'mysql', conn }
  }
  if (driverClass === 'org.sqlite.JDBC') {
    const file = url.replace(/^jdbc:sqlite:/, '')
    if (!file || file === url) throw new Error('连接地址应为 jdbc:sqlite:<文件路径>')
    return {
      driver: 'sqlite',
      db: new SQLite(file, { readonly: true, fileMustExist: true, timeout: TIMEOUT_MS }),
    }
  }
  throw new Error('该驱动暂不支持连接（支持 PostgreSQL、MySQL、SQLite）')
}

async function closeConnection(c: OpenConnection): Promise<void> {
  if (c.driver === 'postgres') await c.client.end().catch(() => undefined)
  else if (c.driver === 'mysql') await c.conn.end().catch(() => undefined)
  else c.db.close()
}

/** Opens a connection for this one use and always closes it, whatever `use` does. */
export async function withConnection<T>(
  input: ConnectionInput,
  use: (c: OpenConnection) => Promise<T>,
): Promise<T> {
  const c = await openConnection(input)
  try {
    return await use(c)
  } finally {
    await closeConnection(c)
  }
}

export function testConnection(input: ConnectionInput): Promise<string> {
  return withConnection(input, async (c) => {
    if (c.driver === 'postgres') {
      const r = await c.client.query<{ v: string }>('select version() as v')
      return r.rows[0]?.v ?? 'PostgreSQL'
    }
    if (c.driver === 'mysql') {
      const [rows] = await c.conn.query('select version() as v')
      return `MySQL ${(rows as { v: string }[])[0]?.v ?? ''}`.trim()
    }
    const row = c.db.prepare('select sqlite_version() as v').get() as { v: string }
    return `SQLite ${row.v}`
  })
}
