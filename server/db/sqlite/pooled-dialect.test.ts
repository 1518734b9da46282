// The pooled SQLite dialect: reads on reader threads beside an open write transaction, reads after
// a commit see it, a reader that dies fails its read and is replaced, and :memory: keeps one connection.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../database.ts'
import type { ReaderPool } from './reader-pool.ts'
import { withoutDiskWait } from '../disk-wait.ts'

const opened: { database: Database; dir: string }[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.database.close()
    if (o.dir) rmSync(o.dir, { recursive: true, force: true })
  }
})

async function scratch(readers = 2): Promise<{ db: Kysely<never>; pool: ReaderPool }> {
  const dir = mkdtempSync(join(tmpdir(), 'pooled-'))
  const database = openDatabase(`sqlite:${join(dir, 'app.db')}`, { sqliteReaders: readers })
  opened.push({ database, dir })
  const db = database.db as unknown as Kysely<never>
  await sql`create table item (id integer primary key, name text not null)`.execute(db)
  await sql`insert into item (id, name) values (1, 'one')`.execute(db)
  return { db, pool: database.readers! }
}

const names = async (db: Kysely<never>) =>
  (await sql<{ name: string }>`select name from item order by id`.execute(db)).rows.map(
    (r) => r.name,
  )

describe('pooled SQLite dialect', () => {
  it('commits a write asked not to wait for the disk at synchronous NORMAL, and every other one, even after a failed light write, at the connection’s own FULL', async () => {
    const { db } = await scratch()
    // Each insert records the connection's synchronous level as its statement ran.
    await withoutDiskWait(() =>
      sql`insert into item (id, name) select 2, 'light ' || synchronous from pragma_synchronous`.execute(
        db,
      ),
    )
    await sql`insert into item (id, name) select 3, 'plain ' || synchronous from pragma_synchronous`.execute(
      db,
    )
    await expect(
      withoutDiskWait(() => sql`insert into item (id, name) values (1, 'duplicate')`.execute(db)),
    ).rejects.toThrow()
    await sql`insert into item (id, name) select 4, 'after ' || synchronous from pragma_synchronous`.execute(
      db,
    )
    expect(await names(db)).toEqual(['one', 'light 1', 'plain 2', 'after 2'])
  })

  it('reads beside an open write transaction without waiting for it, and sees it once committed', async () => {
    const { db } = await scratch()
    let seenInside: string[] = []
    await db.transaction().execute(async (trx) => {
      await sql`insert into item (id, name) values (2, 'two')`.execute(trx)
      expect(await names(trx)).toEqual(['one', 'two'])
      // A plain read outside the transaction: a reader thread, the last commit (the single-connection dialect would wait here forever).
      seenInside = await names(db)
    })
    expect(seenInside).toEqual(['one'])
    expect(await names(db)).toEqual(['one', 'two'])
  })

  it('rolls back a failed transaction and keeps writing afterwards', async () => {
    const { db } = await scratch()
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into item (id, name) values (3, 'three')`.execute(trx)
        await sql`insert into item (id, name) values (3, 'again')`.execute(trx)
      }),
    ).rejects.toThrow(/UNIQUE/)
    await sql`insert into item (id, name) values (4, 'four')`.execute(db)
    expect(await names(db)).toEqual(['one', 'four'])
  })

  it('fails the read of a reader that dies, replaces the reader, and reads on', async () => {
    const { db, pool } = await scratch(2)
    const slow =
      sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < 100000000) select count(*) as n from s`.execute(
        db,
      )
    while (pool.busyWorkers().length === 0) await new Promise((r) => setTimeout(r, 5))
    await pool.busyWorkers()[0]!.terminate()
    await expect(slow).rejects.toThrow(/reader thread ended/)
    expect(await names(db)).toEqual(['one'])
    await expect.poll(() => pool.size).toBe(2)
  })

  it('keeps one connection for :memory:', async () => {
    const database = openDatabase('sqlite::memory:')
    opened.push({ database, dir: '' })
    const db = database.db as unknown as Kysely<never>
    await sql`create table item (id integer primary key, name text not null)`.execute(db)
    await sql`insert into item (id, name) values (1, 'one')`.execute(db)
    expect(await names(db)).toEqual(['one'])
  })
})
