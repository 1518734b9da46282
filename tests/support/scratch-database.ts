// A fresh database for one test or benchmark run: a SQLite file in a temporary folder, or a
// PostgreSQL database created for the run and dropped after it. No test runner here, so the bench
// scripts use it too.
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Dialect } from '../../server/db/database.ts'

export const PG_ADMIN_URL =
  process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface ScratchDatabase {
  url: string
  /** The run's DATA_DIR (the SQLite file, uploads), removed by `drop`. */
  dataDir: string
  drop: () => Promise<void>
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

export async function adminQuery(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL })
  await c.connect()
  try {
    await c.query(query)
  } finally {
    await c.end()
  }
}

/** `from` starts the database as a copy: of a SQLite file (`copyOf`) or a PostgreSQL database (`template`). */
export async function createScratchDatabase(
  dialect: Dialect,
  from: { copyOf?: string; template?: string } = {},
): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnadmin-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'app.db')
    if (from.copyOf) copyFileSync(from.copyOf, file)
    return { url: `sqlite:${file}`, dataDir, drop: async () => removeDir() }
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`
  await adminQuery(
    from.template ? `CREATE DATABASE ${name} TEMPLATE ${from.template}` : `CREATE DATABASE ${name}`,
  )
  // `npm test` sets it off: a scratch database need not outlive a crash of PostgreSQL itself.
  const commit = process.env.TEST_PG_SYNCHRONOUS_COMMIT
  if (commit === 'off' || commit === 'local')
    await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = ${commit}`)
  const u = new URL(PG_ADMIN_URL)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    dataDir,
    drop: async () => {
      // FORCE ends the connections a killed or still running server process left behind.
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      removeDir()
    },
  }
}
