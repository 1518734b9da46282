// Starts the real server over real HTTP against a fresh database: a temporary SQLite file, or a
// PostgreSQL database created for the test and dropped after it. Server tests use
// `forEachDatabase` so every suite runs on both.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { describe } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadServerKeys, type ServerKeys } from '../../server/auth/keys.ts'
import { readConfig, type ServerConfig } from '../../server/config.ts'
import { openDatabase, type Dialect } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import type { DB } from '../../server/db/schema.ts'
import { seed } from '../../server/db/seed/index.ts'

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface TestServer {
  baseUrl: string
  db: Kysely<DB>
  dialect: Dialect
  keys: ServerKeys
  config: ServerConfig
  app: FastifyInstance
  close: () => Promise<void>
}

let pgReachable: Promise<boolean> | undefined
export function postgresReachable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
    try {
      await client.connect()
      await client.end()
      return true
    } catch {
      return false
    }
  })()
  return pgReachable
}

export async function startTestServer(dialect: Dialect, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vnadmin-test-'))
  let url = `sqlite:${join(dir, 'app.db')}`
  let dropDb: (() => Promise<void>) | null = null
  if (dialect === 'postgres') {
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(PG_ADMIN_URL)
    u.pathname = `/${name}`
    url = u.toString()
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    }
  }
  const config: ServerConfig = { ...readConfig({}), databaseUrl: url, dataDir: dir, staticDir: null, logRequests: false, host: '127.0.0.1', port: 0, trustProxy: true, ...overrides }
  const database = openDatabase(url)
  await migrate(database.db as never)
  await seed(database.db, config)
  const keys = await loadServerKeys(database.db)
  const app = await buildApp({ db: database.db, dialect: database.dialect, config, keys })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const addr = app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    dialect: database.dialect,
    keys,
    config,
    app,
    close: async () => {
      await app.close()
      await database.close()
      if (dropDb) await dropDb()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const canUsePostgres = await postgresReachable()
if (!canUsePostgres && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${PG_ADMIN_URL}, and CI is set: the PostgreSQL tests must run.`)
if (!canUsePostgres) console.warn(`PostgreSQL tests SKIPPED: nothing answers at ${PG_ADMIN_URL} (set PG_ADMIN_URL, or start the local cluster).`)

/** Runs the suite once per database: SQLite always, PostgreSQL when reachable (always in CI). */
export function forEachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'))
  describe.skipIf(!canUsePostgres)(`${name} [postgres]`, () => suite('postgres'))
}
