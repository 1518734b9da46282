// "Test connection" of a data source: PostgreSQL, MySQL/MariaDB and SQLite are really connected
// to; the other drivers are declared but cannot be tested from this server.
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

export async function testConnection(input: ConnectionInput): Promise<string> {
  const { driverClass, url } = input
  if (driverClass === 'org.postgresql.Driver') {
    const u = hostUrl(url, 'postgresql')
    const client = new pg.Client({ host: u.hostname, port: Number(u.port || 5432), database: u.pathname.slice(1) || 'postgres', user: input.username || undefined, password: input.password || undefined, connectionTimeoutMillis: TIMEOUT_MS })
    try {
      await client.connect()
      const r = await client.query<{ v: string }>('select version() as v')
      return r.rows[0]?.v ?? 'PostgreSQL'
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  if (driverClass === 'com.mysql.cj.jdbc.Driver') {
    const u = hostUrl(url, 'mysql')
    const conn = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), database: u.pathname.slice(1) || undefined, user: input.username, password: input.password, connectTimeout: TIMEOUT_MS })
    try {
      const [rows] = await conn.query('select version() as v')
      return `MySQL ${(rows as { v: string }[])[0]?.v ?? ''}`.trim()
    } finally {
      await conn.end().catch(() => undefined)
    }
  }
  if (driverClass === 'org.sqlite.JDBC') {
    const file = url.replace(/^jdbc:sqlite:/, '')
    if (!file || file === url) throw new Error('连接地址应为 jdbc:sqlite:<文件路径>')
    const db = new SQLite(file, { readonly: true, fileMustExist: true, timeout: TIMEOUT_MS })
    try {
      const row = db.prepare('select sqlite_version() as v').get() as { v: string }
      return `SQLite ${row.v}`
    } finally {
      db.close()
    }
  }
  throw new Error('该驱动暂不支持连接测试（支持 PostgreSQL、MySQL、SQLite）')
}
