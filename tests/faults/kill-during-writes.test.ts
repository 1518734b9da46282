// The server process is SIGKILLed in the middle of 1,000 concurrent submits (100 in flight, each
// with a client-made id and an Idempotency-Key, as the offline outbox sends them). Restarted on the
// same database it must start (migrations and seed on a database killed mid-write), hold only whole
// rows, keep every write it acknowledged exactly once, and apply each lost row once on replay.
import { afterEach, expect, it } from 'vitest'
import { loginAs } from '../support/login.ts'
import {
  acknowledged,
  noticeBatch,
  submitConcurrently,
  type Target,
} from '../support/notice-batch.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { forEachDatabase } from '../support/test-server.ts'
import {
  expectBatchIntact,
  expectReplayAppliesOnce,
  expectSqliteIntact,
  seededCounts,
  withDatabase,
} from './batch-checks.ts'

const ROWS = 1000
const IN_FLIGHT = 100
const KILL_AFTER_ACKS = 300

forEachDatabase('SIGKILL during 1,000 concurrent submits', (dialect) => {
  let scratch: ScratchDatabase | null = null
  let server: ServerProcess | null = null
  afterEach(async () => {
    await server?.kill('SIGKILL')
    await scratch?.drop()
  })

  it('restarts, holds only whole rows, keeps every acknowledged write once, and a replay applies the lost ones once', async () => {
    const db = (scratch = await createScratchDatabase(dialect))
    const victim = await startServerProcess(db)
    server = victim
    const seeded = await withDatabase(db.url, seededCounts)
    const target: Target = {
      baseUrl: victim.baseUrl,
      token: (await loginAs(victim.baseUrl, 'admin', 'admin')).access_token,
    }

    const rows = noticeBatch(ROWS)
    let killed: Promise<void> | undefined
    const outcomes = await submitConcurrently(rows, {
      concurrency: IN_FLIGHT,
      targetOf: () => target,
      onAck: (acks) => {
        if (acks === KILL_AFTER_ACKS) killed = victim.kill('SIGKILL')
      },
    })
    await killed
    const acked = outcomes.filter(acknowledged).length
    expect(killed).toBeDefined()
    expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS)
    expect(acked).toBeLessThan(ROWS)
    // Whatever did not get an acknowledgement got no answer at all: the server never refused a row.
    expect(outcomes.filter((o) => !acknowledged(o) && o.status !== 0)).toEqual([])

    server = await startServerProcess(db)
    const restarted = server
    const stored = await withDatabase(db.url, async (conn) => {
      if (dialect === 'sqlite') await expectSqliteIntact(conn)
      expect(await seededCounts(conn)).toEqual(seeded)
      return expectBatchIntact(conn, rows, outcomes)
    })
    console.info(
      `[${dialect}] killed after ${acked} of ${ROWS} acknowledged; ${stored} stored (${stored - acked} committed without an answer)`,
    )

    const again: Target = {
      baseUrl: restarted.baseUrl,
      token: (await loginAs(restarted.baseUrl, 'admin', 'admin')).access_token,
    }
    await withDatabase(db.url, (conn) => expectReplayAppliesOnce(conn, rows, outcomes, () => again))
  }, 300_000)
})
