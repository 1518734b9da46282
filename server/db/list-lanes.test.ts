// The lanes of list statements at the database layer, on SQLite and PostgreSQL: a cheap read answers
// while a scan holds the scan lane; a scan past the limit is stopped (not left running) and fails
// with the list timeout; the lane serves the next scan; reads outside a list have no limit.
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../tests/support/scratch-database.ts'
import { forEachDatabase } from '../../tests/support/test-server.ts'
import { openDatabase, type Database } from './database.ts'
import { inListLane, isListTimeout } from './list-lanes.ts'
import { withoutDiskWait } from './disk-wait.ts'

const LIMIT_MS = 1500

forEachDatabase('list lanes', (dialect) => {
  let scratch: ScratchDatabase
  let database: Database
  let db: Kysely<never>
  beforeAll(async () => {
    // The database keeps PostgreSQL's own commit setting (npm test turns it off for scratch databases),
    // so the light writes below are told from the ordinary ones.
    const commit = process.env.TEST_PG_SYNCHRONOUS_COMMIT
    delete process.env.TEST_PG_SYNCHRONOUS_COMMIT
    scratch = await createScratchDatabase(dialect).finally(
      () => commit !== undefined && (process.env.TEST_PG_SYNCHRONOUS_COMMIT = commit),
    )
    // One reader thread: were scans on it, a cheap read would wait behind them.
    database = openDatabase(scratch.url, {
      sqliteReaders: 1,
      listLimits: { statementLimitMs: LIMIT_MS, scanSlots: 1 },
    })
    db = database.db as unknown as Kysely<never>
    await sql`create table item (id integer primary key, name text not null)`.execute(db)
    await sql`insert into item (id, name) values (1, 'one')`.execute(db)
  })
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })

  /** A statement that would run for hours: only the limit ends it. */
  const endless = () =>
    dialect === 'sqlite'
      ? sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < 1000000000000) select count(*) as n from s`.execute(
          db,
        )
      : sql`select pg_sleep(3600)`.execute(db)
  const names = async () =>
    (await sql<{ name: string }>`select name from item order by id`.execute(db)).rows.map(
      (r) => r.name,
    )
  /** The scan lane has its statement under way (a SQLite reader process / a PostgreSQL backend running it). */
  async function scanRunning(): Promise<void> {
    if (dialect === 'sqlite')
      return expect.poll(() => database.scanReaders!.busyWorkers().length).toBe(1)
    await expect
      .poll(
        async () =>
          (
            await sql<{
              n: number
            }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(3600)%' and state = 'active'`.execute(
              db,
            )
          ).rows[0]!.n,
        { timeout: 60_000 },
      )
      .toBe(1)
  }

  it('answers a cheap list read while a scan holds the scan lane, then stops the scan at the limit', async () => {
    const events: string[] = []
    const scan = inListLane('scan', endless).then(
      () => events.push('scan answered'),
      (e: unknown) =>
        events.push(
          isListTimeout(e) ? 'scan stopped at the limit' : `scan failed: ${(e as Error).message}`,
        ),
    )
    await scanRunning()
    expect(await inListLane('cheap', names)).toEqual(['one'])
    events.push('cheap answered')
    await scan
    expect(events).toEqual(['cheap answered', 'scan stopped at the limit'])
  })

  it('serves the next scan after one was stopped, and reads outside lists as before', async () => {
    expect(await inListLane('scan', names)).toEqual(['one'])
    expect(await names()).toEqual(['one'])
    if (dialect === 'postgres') {
      // Stopped, not left running: no backend still sleeps for the first test.
      expect(
        (
          await sql<{
            n: number
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(3600)%' and state = 'active'`.execute(
            db,
          )
        ).rows[0]!.n,
      ).toBe(0)
    }
  })

  it('runs no more scans at once than the lane has slots; the others wait within the limit', async () => {
    const scans = [
      inListLane('scan', endless).catch((e: unknown) => e),
      inListLane('scan', endless).catch((e: unknown) => e),
    ]
    await scanRunning()
    if (dialect === 'sqlite') expect(database.scanReaders!.busyWorkers()).toHaveLength(1)
    else
      expect(
        (
          await sql<{
            n: number
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(3600)%'`.execute(
            db,
          )
        ).rows[0]!.n,
      ).toBe(1)
    for (const e of await Promise.all(scans)) expect(isListTimeout(e)).toBe(true)
  })

  it('commits a write asked not to wait for the disk without its flush, and every other one with it', async () => {
    // Each insert records the flush setting it ran under; one statement (no transaction of its own).
    const setting =
      dialect === 'sqlite'
        ? sql`(select synchronous from pragma_synchronous)`
        : sql`current_setting('synchronous_commit')`
    await withoutDiskWait(() =>
      sql`insert into item (id, name) select 20, 'light ' || ${setting}`.execute(db),
    )
    await sql`insert into item (id, name) select 21, 'plain ' || ${setting}`.execute(db)
    const rows = (
      await sql<{ name: string }>`select name from item where id >= 20 order by id`.execute(db)
    ).rows.map((r) => r.name)
    expect(rows).toEqual(dialect === 'sqlite' ? ['light 1', 'plain 2'] : ['light off', 'plain on'])
  })
})
