// The checks after a server died in the middle of a batch of writes, shared by the single-process
// and the two-process fault tests: what the database holds is whole and matches what clients were
// told, and a replay of every row with its key applies each row exactly once.
import { type Kysely, sql } from 'kysely'
import { expect } from 'vitest'
import { openCachedDatabase } from '../../server/auth/database.ts'
import type { DB } from '../../server/db/schema.ts'
import { ADMIN_USER_ID, TENANT_ID } from '../../server/seed/ids.ts'
import {
  acknowledged,
  readStoredBatch,
  submitConcurrently,
  type BatchRow,
  type Outcome,
  type Target,
} from '../support/notice-batch.ts'

/** A short-lived connection of the test's own, so none is open while a server process is killed. */
export async function withDatabase<T>(
  url: string,
  use: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const database = openCachedDatabase(url)
  try {
    return await use(database.db)
  } finally {
    await database.close()
  }
}

/** Rows of seeded tables: a restart on a database killed mid-write must not seed anything twice. */
export async function seededCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of [
    'bladeUser',
    'bladeRole',
    'bladeMenu',
    'bladeDict',
    'bladeDept',
    'bladeRegion',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

export async function expectSqliteIntact(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ integrityCheck: string }>`PRAGMA integrity_check`.execute(db)
  expect(rows.map((r) => r.integrityCheck)).toEqual(['ok'])
}

/**
 * No half-written row (every stored notice of the batch is the row as sent, with its audit columns,
 * and has its stored answer: effect and answer commit together), and every acknowledged write is
 * there exactly once with the answer its client got. Returns how many rows are stored.
 */
export async function expectBatchIntact(
  db: Kysely<DB>,
  rows: BatchRow[],
  outcomes: Outcome[],
): Promise<number> {
  const stored = await readStoredBatch(db, rows)
  const byId = new Map(rows.map((r) => [r.body.id, r]))
  for (const notice of stored.notices.values()) {
    const { id, ...sent } = byId.get(notice.id)!.body
    expect(notice).toMatchObject({
      id,
      ...sent,
      tenantId: TENANT_ID,
      createUser: ADMIN_USER_ID,
      updateUser: ADMIN_USER_ID,
      status: 1,
      isDeleted: 0,
      version: 1,
    })
    expect(notice.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  }
  const keysOfStoredRows = rows.filter((r) => stored.notices.has(r.body.id)).map((r) => r.key)
  expect([...stored.answers.keys()].sort()).toEqual(keysOfStoredRows.sort())
  for (const r of rows)
    if (stored.answers.has(r.key))
      expect((stored.answers.get(r.key)!.data as { id: string }).id).toBe(r.body.id)

  const acked = outcomes.filter(acknowledged)
  expect(acked.filter((o) => !stored.notices.has(o.row.body.id)).map((o) => o.row.body.id)).toEqual(
    [],
  )
  for (const o of acked) expect(stored.answers.get(o.row.key)).toEqual(o.body)
  expect(stored.titleCount).toBe(stored.notices.size)
  return stored.notices.size
}

/**
 * Every row sent again with its own key: an acknowledged row answers the stored answer, a lost one
 * is applied now; afterwards the batch is stored once per row.
 */
export async function expectReplayAppliesOnce(
  db: Kysely<DB>,
  rows: BatchRow[],
  outcomes: Outcome[],
  targetOf: (i: number) => Target,
): Promise<void> {
  const replay = await submitConcurrently(rows, { concurrency: 50, targetOf })
  expect(
    replay
      .filter((o) => !acknowledged(o))
      .map((o) => `${o.row.key}: ${o.status} ${JSON.stringify(o.body)}`),
  ).toEqual([])
  replay.forEach((o, i) => {
    if (acknowledged(outcomes[i]!)) expect(o.body).toEqual(outcomes[i]!.body)
  })
  const stored = await readStoredBatch(db, rows)
  expect(stored.notices.size).toBe(rows.length)
  expect(stored.answers.size).toBe(rows.length)
  expect(stored.titleCount).toBe(rows.length)
  await expectBatchIntact(db, rows, replay)
}
