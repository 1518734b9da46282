// Starts the real server over real HTTP against a fresh database: a temporary SQLite file, or a
// PostgreSQL database created for the test and dropped after it. Server tests use
// `forEachDatabase` so every suite runs on both.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe } from 'vitest'
import { appContext, buildApp } from '../../server/app.ts'
import { loadServerKeys, type ServerKeys } from '../../server/auth/keys.ts'
import { readConfig } from '../../server/config.ts'
import type { ServerConfig } from '../../server/core/config.ts'
import { openCachedDatabase, type CachedDatabase } from '../../server/auth/database.ts'
import type { Dialect } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import type { DB } from '../../server/db/schema.ts'
import type { AppBase, AppContext } from '../../server/core/routes.ts'
import { wantDemo, writeDemo } from '../../server/seed/demo/run.ts'
import { seed } from '../../server/seed/index.ts'
import { loginAs } from './login.ts'
import { seededScratchDatabase } from './database-template.ts'
import { createScratchDatabase, PG_ADMIN_URL, postgresReachable } from './scratch-database.ts'

export { PG_ADMIN_URL } from './scratch-database.ts'

export interface TestServer {
  baseUrl: string
  db: Kysely<DB>
  /** The opened database behind `db` (its SQLite readers, for tests of the lanes; its cache). */
  database: CachedDatabase
  dialect: Dialect
  keys: ServerKeys
  config: ServerConfig
  app: FastifyInstance
  /** A context like the app's (its own services), for tests that call modules or list routes. */
  ctx: AppContext
  close: () => Promise<void>
}

/** `overrides.seedDemo: true` writes the demo tenant as a first start would; off by default, so suites keep their known rows. */
export async function startTestServer(
  dialect: Dialect,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const base = {
    ...readConfig({}),
    staticDir: null,
    logRequests: false,
    host: '127.0.0.1',
    port: 0,
    trustProxy: true,
    seedDemo: false,
    ...overrides,
  }
  const seeded = await seededScratchDatabase(dialect, base.adminPassword)
  const scratch = seeded ?? (await createScratchDatabase(dialect))
  const config: ServerConfig = { ...base, databaseUrl: scratch.url, dataDir: scratch.dataDir }
  const database = openCachedDatabase(scratch.url, {
    sqliteReaders: config.sqliteReaders,
    listLimits: { statementLimitMs: config.listStatementLimitMs, scanSlots: config.listScanSlots },
  })
  if (!seeded) {
    await migrate(database.db as never)
    await seed(database.db, config)
  }
  if (config.seedDemo) {
    await wantDemo(database.db)
    await writeDemo(database, true)
  }
  const keys = await loadServerKeys(database.db, { sm2: config.sm2Keys })
  const appBase: AppBase = {
    db: database.db,
    dialect: database.dialect,
    config,
    keys,
    accessCache: database.cache,
  }
  const app = await buildApp(appBase)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const addr = app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    database,
    dialect: database.dialect,
    keys,
    config,
    app,
    ctx: appContext(appBase),
    close: async () => {
      await app.close()
      await database.close()
      await scratch.drop()
    },
  }
}

const canUsePostgres = await postgresReachable()
if (!canUsePostgres && process.env.CI)
  throw new Error(
    `PostgreSQL is not reachable at ${PG_ADMIN_URL}, and CI is set: the PostgreSQL tests must run.`,
  )
if (!canUsePostgres)
  console.warn(
    `PostgreSQL tests SKIPPED: nothing answers at ${PG_ADMIN_URL} (set PG_ADMIN_URL, or start the local cluster).`,
  )

/** Runs the suite once per database: SQLite always, PostgreSQL when reachable (always in CI). */
/**
 * The set-up most server suites open with: a test server for the suite and its admin signed in.
 * Read `t.s` and `t.admin` in tests and hooks (they are set once beforeAll has run).
 */
export function serverWithAdmin(
  dialect: Dialect,
  overrides: Partial<ServerConfig> = {},
): { s: TestServer; admin: string } {
  const t = { s: undefined as unknown as TestServer, admin: '' }
  beforeAll(async () => {
    t.s = await startTestServer(dialect, overrides)
    t.admin = (await loginAs(t.s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => t.s?.close())
  return t
}

export function forEachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'))
  onPostgres(name, () => suite('postgres'))
}

/** A suite that only means something on PostgreSQL (several server processes on one database). */
export function onPostgres(name: string, suite: () => void): void {
  describe.skipIf(!canUsePostgres)(`${name} [postgres]`, suite)
}
