// Two server processes on one PostgreSQL, each with its embedded scheduler ticking every second, as
// two instances behind a proxy run: a job firing every second runs once per trigger, never once in
// each process, because a trigger is claimed in the database. Both processes confirm themselves as
// live scheduler workers. (SQLite serves one process, so this only means something on PostgreSQL.)
import type { Kysely } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import type { SchedulerTables } from '../../server/db/schema-scheduler.ts'
import { EMBEDDED_JOB_SERVER_ID } from '../../src/domain/job/job-server.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcesses, type ServerProcess } from '../support/server-process.ts'
import { onPostgres } from '../support/test-server.ts'
import { withDatabase } from './batch-checks.ts'

const ACTIVE = [1, 3]
/** The scheduler's tables, which the app's schema type leaves to the engine. */
const jobTables = (db: unknown) => db as Kysely<SchedulerTables>
const TRIGGERS_WANTED = 6

onPostgres('two scheduler processes on one database', () => {
  let scratch: ScratchDatabase | null = null
  let servers: ServerProcess[] = []
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')))
    await scratch?.drop()
  })

  it('fire each trigger of a job once between them', async () => {
    const db = (scratch = await createScratchDatabase('postgres'))
    servers = await startServerProcesses(db, 2)
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const token = (await loginAs(a.baseUrl, 'admin', 'admin')).access_token
    const made = await call(a.baseUrl, 'POST', '/api/blade-job/job-info/submit', {
      token,
      json: {
        jobServerId: EMBEDDED_JOB_SERVER_ID,
        jobName: 'every second',
        timeExpressionType: 2,
        timeExpression: '* * * * * *',
        processorInfo: 'http',
        jobParams: JSON.stringify({
          method: 'GET',
          url: '/blade-system/param/list?current=1&size=1',
        }),
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const jobId = String(made.body.data.id)

    const rows = () =>
      withDatabase(db.url, (conn) =>
        jobTables(conn)
          .selectFrom('bladeJobInstance')
          .select(['triggerKey', 'triggerTime', 'status', 'worker'])
          .where('jobId', '=', jobId)
          .execute(),
      )
    // Both processes tick: give them a few triggers to race for, then pause the job from the other process.
    await expect
      .poll(async () => (await rows()).length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(TRIGGERS_WANTED)
    const tokenB = (await loginAs(b.baseUrl, 'admin', 'admin')).access_token
    const paused = await call(b.baseUrl, 'POST', '/api/blade-job/job-info/change', {
      token: tokenB,
      query: { id: jobId, enable: '0' },
    })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    await expect
      .poll(async () => (await rows()).filter((r) => ACTIVE.includes(Number(r.status))).length, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(0)

    const fired = await rows()
    const times = fired.map((r) => Number(r.triggerTime))
    // One instance per trigger time and per trigger key: no second run of a trigger by the other process.
    expect(new Set(times).size).toBe(fired.length)
    expect(new Set(fired.map((r) => r.triggerKey)).size).toBe(fired.length)
    expect(fired.every((r) => Number(r.status) === 5)).toBe(true)
    const live = await withDatabase(db.url, (conn) =>
      jobTables(conn).selectFrom('bladeJobWorker').select('worker').execute(),
    )
    expect(live.length).toBe(2)
    // Each instance was run by one of the two processes, whichever claimed its trigger.
    const workers = live.map((w) => w.worker)
    expect(fired.filter((r) => !workers.includes(String(r.worker)))).toEqual([])
  }, 240_000)
})
