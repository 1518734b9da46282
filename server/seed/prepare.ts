// Migrations, the seed and (on a new database that wants it) the demo data at start, one process
// at a time: two server processes starting together on one PostgreSQL database would both find a
// seed row missing and both insert it, and the second one dies on the duplicate key. SQLite needs
// no lock (one server process per file).
import { sql } from 'kysely'
import type { ServerConfig } from '../core/config.ts'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { isNewDatabase, seedDemoOnStart } from './demo/run.ts'
import { seed } from './index.ts'

/** The advisory lock key every process of this app takes around migrate + seed (any constant will do). */
const STARTUP_LOCK = 7_424_153_001

export async function prepareDatabase(
  database: Pick<Database, 'db' | 'dialect'>,
  config: Pick<ServerConfig, 'adminPassword' | 'seedDemo'>,
): Promise<void> {
  const work = async () => {
    // Asked only when the demo is on: the demo goes into a database this start creates.
    const newDatabase = config.seedDemo && (await isNewDatabase(database.db))
    await migrate(database.db as never)
    await seed(database.db, config)
    await seedDemoOnStart(database, { newDatabase, enabled: config.seedDemo })
  }
  if (database.dialect !== 'postgres') return work()
  // A session lock held on one pooled connection while the others do the work; PostgreSQL also
  // releases it when the connection of a process killed meanwhile drops.
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn)
    try {
      await work()
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn)
    }
  })
}
