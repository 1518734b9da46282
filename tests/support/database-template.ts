// Migrating and seeding a fresh database took half a second on SQLite and a second on PostgreSQL,
// for each of the few hundred test servers a run starts. A run therefore migrates and seeds one
// database per worker and dialect, and each test server starts from a copy of it: a file copy on
// SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL. The copies hold what a first start would
// write except the server keys, which each server still makes for itself.
import { createHash } from 'node:crypto'
import { copyFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openCachedDatabase } from '../../server/auth/database.ts'
import type { Dialect } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seed } from '../../server/seed/index.ts'
import {
  adminQuery,
  createScratchDatabase,
  PG_ADMIN_URL,
  type ScratchDatabase,
} from './scratch-database.ts'

/** Set by the run's global set-up (tests/support/global-setup.ts); without it every database is migrated anew. */
const TAG_VARIABLE = 'TEST_DB_TEMPLATE_TAG'
const PREFIX = 'tmpl_'

const built = new Map<string, Promise<string>>()

function templateName(dialect: Dialect, adminPassword: string): string | undefined {
  const tag = process.env[TAG_VARIABLE]
  if (!tag) return undefined
  const password = createHash('sha256').update(adminPassword).digest('hex').slice(0, 8)
  return `${PREFIX}${tag}_${process.pid}_${dialect === 'sqlite' ? 's' : 'p'}_${password}`
}

async function build(dialect: Dialect, adminPassword: string, name: string): Promise<string> {
  const scratch = await createScratchDatabase(dialect)
  const database = openCachedDatabase(scratch.url)
  try {
    await migrate(database.db as never)
    await seed(database.db, { adminPassword })
  } finally {
    await database.close()
  }
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `${name}.db`)
    copyFileSync(join(scratch.dataDir, 'app.db'), file)
    await scratch.drop()
    return file
  }
  await adminQuery(`ALTER DATABASE ${new URL(scratch.url).pathname.slice(1)} RENAME TO ${name}`)
  rmSync(scratch.dataDir, { recursive: true, force: true })
  return name
}

/**
 * A scratch database already migrated and seeded with `adminPassword`, or undefined when this run
 * keeps no templates (the caller then migrates and seeds itself).
 */
export async function seededScratchDatabase(
  dialect: Dialect,
  adminPassword: string,
): Promise<ScratchDatabase | undefined> {
  const name = templateName(dialect, adminPassword)
  if (!name) return undefined
  let template = built.get(name)
  if (!template) {
    template = build(dialect, adminPassword, name)
    built.set(name, template)
    template.catch(() => built.delete(name))
  }
  const source = await template
  return createScratchDatabase(
    dialect,
    dialect === 'sqlite' ? { copyOf: source } : { template: source },
  )
}

/** Drops the templates of the run tagged `tag` (the global set-up's teardown). */
export async function dropTemplates(tag: string): Promise<void> {
  const dir = tmpdir()
  for (const f of readdirSync(dir))
    if (f.startsWith(`${PREFIX}${tag}_`) && f.endsWith('.db')) rmSync(join(dir, f), { force: true })
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
  } catch {
    return
  }
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${PREFIX}${tag}_%`],
    )
    for (const r of rows) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`)
  } finally {
    await client.end()
  }
}
