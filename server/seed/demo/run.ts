// Runs the demo parts (parts.ts) once per database, for the default tenant, in one transaction: an
// interrupted run leaves nothing behind and runs again whole at the next start. A row of
// blade_server_key records where the demo stands: 'pending' from the first start of a new database
// that wants it, then 'seeded …' (or 'skipped' when a later start has the demo switched off). A
// database without that row (made before the demo existed, or with the demo off at its first
// start) never gets one, so a restart neither duplicates rows nor brings back rows a user removed.
import type { Kysely } from 'kysely'
import { formatDateTime } from '../../core/dates.ts'
import type { Database } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'
import { TENANT_ID } from '../ids.ts'
import { demoParts } from './parts.ts'
import { seededRandom } from './random.ts'
import type { DemoPart } from './types.ts'

const MARK = 'demo_data'
const PENDING = 'pending'
/** The seed of the demo's random numbers: every machine gets the same demo. */
const DEMO_SEED = 13

/** No migration has run yet: this start creates the database. */
export async function isNewDatabase(db: Kysely<DB>): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  return !tables.some((t) => t.name === 'kysely_migration')
}

export interface DemoRun {
  seconds: number
  /** Seconds per part, by name. */
  parts: Record<string, number>
}

async function demoState(db: Kysely<DB>): Promise<string | undefined> {
  return (
    await db
      .selectFrom('bladeServerKey')
      .select('value')
      .where('name', '=', MARK)
      .executeTakeFirst()
  )?.value
}

/** Records that this new database wants the demo (the next step writes it). */
export async function wantDemo(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('bladeServerKey')
    .values({ name: MARK, value: PENDING })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/** Writes the pending demo (or drops it when `enabled` is off); null when there was nothing to do. */
export async function writeDemo(
  database: Pick<Database, 'db' | 'dialect'>,
  enabled: boolean,
  today = new Date(),
  parts: readonly DemoPart[] = demoParts,
): Promise<DemoRun | null> {
  const { db, dialect } = database
  if ((await demoState(db)) !== PENDING) return null
  const done = (trx: Kysely<DB>, value: string) =>
    trx.updateTable('bladeServerKey').set({ value }).where('name', '=', MARK).execute()
  if (!enabled) {
    await done(db, 'skipped')
    return null
  }
  const started = performance.now()
  const took: Record<string, number> = {}
  await db.transaction().execute(async (trx) => {
    const ctx = { db: trx, dialect, tenantId: TENANT_ID, today, random: seededRandom(DEMO_SEED) }
    for (const part of parts) {
      const t = performance.now()
      await part.run(ctx)
      took[part.name] = (performance.now() - t) / 1000
    }
    await done(trx, `seeded ${formatDateTime(today)}`)
  })
  return { seconds: (performance.now() - started) / 1000, parts: took }
}

/**
 * The demo step of a start, after the reference seed: a new database that wants the demo gets it.
 * A failure is logged, not thrown: the product starts with its reference data, and the demo is
 * tried again at the next start.
 */
export async function seedDemoOnStart(
  database: Pick<Database, 'db' | 'dialect'>,
  options: { newDatabase: boolean; enabled: boolean },
): Promise<void> {
  try {
    if (options.newDatabase && options.enabled) await wantDemo(database.db)
    const run = await writeDemo(database, options.enabled)
    if (!run) return
    const each = Object.entries(run.parts)
      .map(([name, s]) => `${name} ${s.toFixed(2)} s`)
      .join(', ')
    console.info(
      `demo data for tenant ${TENANT_ID} written in ${run.seconds.toFixed(1)} s (${each})`,
    )
  } catch (e) {
    console.error('demo data could not be written; the next start tries again:', e)
  }
}
