// Starts the real server over real HTTP against a fresh database: a temporary SQLite file, or a
// PostgreSQL database created for the test and dropped after it. Server tests use
// `forEachDatabase` so every suite runs on both.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { describe } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadServerKeys, type ServerKeys } from '../../server/auth/keys.ts'
import { readConfig, type ServerConfig } from '../../server/config.ts'
import { openDatabase, type Dialect } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import type { DB } from '../../server/db/schema.ts'
import { seed } from '../../server/db/seed/index.ts'
import { createScratchDatabase, PG_ADMIN_URL, postgresReachable } from './scratch-database.ts'

export { PG_ADMIN_URL } from './scratch-database.ts'

export interface TestServer {
  baseUrl: string
  db: Kysely<DB>
  dialect: Dialect
  keys: ServerKeys
  config: ServerConfig
  app: FastifyInstance
  close: () => Promise<void>
}

export async function startTestServer(dialect: Dialect, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const scratch = await createScratchDatabase(dialect)
  const config: ServerConfig = { ...readConfig({}), databaseUrl: scratch.url, dataDir: scratch.dataDir, staticDir: null, logRequests: false, host: '127.0.0.1', port: 0, trustProxy: true, ...overrides }
  const database = openDatabase(scratch.url)
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
      await scratch.drop()
    },
  }
}

const canUsePostgres = await postgresReachable()
if (!canUsePostgres && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${PG_ADMIN_URL}, and CI is set: the PostgreSQL tests must run.`)
if (!canUsePostgres) console.warn(`PostgreSQL tests SKIPPED: nothing answers at ${PG_ADMIN_URL} (set PG_ADMIN_URL, or start the local cluster).`)

/** Runs the suite once per database: SQLite always, PostgreSQL when reachable (always in CI). */
export function forEachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'))
  onPostgres(name, () => suite('postgres'))
}

/** A suite that only means something on PostgreSQL (several server processes on one database). */
export function onPostgres(name: string, suite: () => void): void {
  describe.skipIf(!canUsePostgres)(`${name} [postgres]`, suite)
}
