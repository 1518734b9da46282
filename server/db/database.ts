// Opens the database chosen by DATABASE_URL: `sqlite:<file>` (embedded default) or
// `postgres://...`. Both go through Kysely with the same migrations and camelCase mapping.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { DB } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  db: Kysely<DB>
  dialect: Dialect
  close: () => Promise<void>
}

// int8 (counts, epoch milliseconds) as numbers; ids are varchar so nothing large passes here.
pg.types.setTypeParser(20, (v: string) => Number(v))
// numeric as numbers for amounts.
pg.types.setTypeParser(1700, (v: string) => Number(v))

export function openDatabase(url: string): Database {
  const plugins = [new CamelCasePlugin()]
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // An idle connection the server ends (restart, administrator command) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (e) => console.error(`postgres: idle connection lost: ${e.message}`))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '')
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}
