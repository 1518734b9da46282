// The scheduler on a real database (SQLite and PostgreSQL) with a clock the test moves by hand: each
// time type fires when it should; lifecycle, enable, time limits, retries, max instances and
// concurrency hold; a restart and a second process never fire a trigger twice.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../db/database.ts'
import { up } from '../../db/migrations/060-job.ts'
import { up as upAlert } from '../../db/migrations/061-job-alert-workers.ts'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../../tests/support/scratch-database.ts'
import { forEachDatabase } from '../../../tests/support/test-server.ts'
import {
  createScheduler,
  LOST_AFTER_MS,
  MSG_DISABLED,
  MSG_MAX_INSTANCES,
  MSG_LOST,
  type Scheduler,
} from './engine.ts'
import { MSG_STOPPED, MSG_TIMEOUT } from './run.ts'
import {
  EXECUTE_BROADCAST,
  STATUS_FAILED,
  STATUS_RUNNING,
  STATUS_STOPPED,
  STATUS_SUCCEEDED,
  STATUS_WAITING,
  type JobRow,
  type SchedulerTables,
} from '../../db/schema-scheduler.ts'
import { TIME_API, TIME_CRON, TIME_FIXED_DELAY, TIME_FIXED_RATE } from './timing.ts'
import type { Processor } from './types.ts'

const T0 = Date.parse('2026-03-01T00:00:00Z')
// What the scheduler does next comes when the machine gets to it: vi.waitFor's default second was short.
const WAIT = { timeout: 60_000 }

forEachDatabase('job scheduler', (dialect) => {
  let scratch: ScratchDatabase
  let database: Database
  let db: Kysely<SchedulerTables>
  let now = T0
  let ids = 0
  const clock = { now: () => now }
  const gates: ((v: string) => void)[] = []
  const signals: AbortSignal[] = []
  let flakyFailures = 0
  let calls = 0
  const processors: Record<string, Processor> = {
    ok: async () => 'done',
    fail: async () => {
      calls++
      throw new Error('boom')
    },
    flaky: async () => {
      calls++
      if (calls <= flakyFailures) throw new Error(`failure ${calls}`)
      return `ok after ${calls}`
    },
    gate: ({ signal }) => {
      signals.push(signal)
      return new Promise<string>((resolve) => gates.push(resolve))
    },
  }
  const newId = () => String(++ids + 1_000_000)
  const scheduler = (db2 = db) =>
    createScheduler({ db: db2, clock, processors, newId, worker: randomUUID() })

  beforeAll(async () => {
    scratch = await createScratchDatabase(dialect)
    database = openDatabase(scratch.url)
    await up(database.db as never)
    await upAlert(database.db as never)
    db = database.db as unknown as Kysely<SchedulerTables>
  })
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })
  beforeEach(async () => {
    now = T0
    gates.length = 0
    signals.length = 0
    calls = 0
    flakyFailures = 0
    await db.deleteFrom('bladeJobInstanceLog').execute()
    await db.deleteFrom('bladeJobInstance').execute()
    await db.deleteFrom('bladeJobInfo').execute()
    await db.deleteFrom('bladeJobWorker').execute()
  })

  async function job(s: Scheduler, values: Partial<JobRow>): Promise<string> {
    const id = newId()
    await db
      .insertInto('bladeJobInfo')
      .values({
        id,
        tenantId: '000000',
        jobName: `job ${id}`,
        jobParams: '',
        timeExpressionType: TIME_API,
        timeExpression: '',
        timeZone: null,
        executeType: 1,
        processorType: 1,
        processorInfo: 'ok',
        enable: 1,
        lifecycle: null,
        maxInstanceNum: 0,
        concurrency: 5,
        instanceTimeLimit: 0,
        instanceRetryNum: 0,
        taskRetryNum: 0,
        logType: 1,
        logLevel: 1,
        nextTriggerTime: null,
        alertThreshold: 0,
        notifyUserIds: null,
        statisticWindowLen: 0,
        silenceWindowLen: 0,
        lastAlertTime: null,
        isDeleted: 0,
        createUser: null,
        ...values,
      })
      .execute()
    await s.plan(id)
    return id
  }
  const instances = (jobId: string) =>
    db
      .selectFrom('bladeJobInstance')
      .selectAll()
      .where('jobId', '=', jobId)
      .orderBy('triggerTime')
      .orderBy('id')
      .execute()
  const triggerTimes = async (jobId: string) =>
    (await instances(jobId)).map((i) => Number(i.triggerTime) - T0)
  const statuses = async (jobId: string) => (await instances(jobId)).map((i) => i.status)
  async function at(s: Scheduler, ms: number) {
    now = T0 + ms
    await s.tick()
  }
  /** Lets the oldest run of the gate processor finish, once it has started (runs start asynchronously). */
  const release = async (result: string) => {
    await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0), WAIT)
    gates.shift()!(result)
  }
  const settle = async (s: Scheduler) => {
    await s.idle()
  }

  it('fires a CRON job with a seconds field at each match, and the run succeeds with its log', async () => {
    const s = scheduler()
    const id = await job(s, { timeExpressionType: TIME_CRON, timeExpression: '*/10 * * * * *' })
    await at(s, 0)
    await at(s, 9_999)
    expect(await triggerTimes(id)).toEqual([])
    await at(s, 10_000)
    await at(s, 10_500)
    await settle(s)
    await at(s, 20_000)
    await settle(s)
    expect(await triggerTimes(id)).toEqual([10_000, 20_000])
    const [first] = await instances(id)
    expect(first).toMatchObject({ status: STATUS_SUCCEEDED, result: 'done', attempt: 1 })
    const logs = await db
      .selectFrom('bladeJobInstanceLog')
      .select('content')
      .where('instanceId', '=', first!.id)
      .orderBy('logTime')
      .orderBy('id')
      .execute()
    expect(logs.map((l) => l.content).join('\n')).toContain('成功: done')
  })

  it('fires a fixed rate every interval, and a trigger missed while down once, then goes on from now', async () => {
    const s = scheduler()
    const id = await job(s, { timeExpressionType: TIME_FIXED_RATE, timeExpression: '5000' })
    await at(s, 5_000)
    await at(s, 10_000)
    // Nobody ticked for a minute: one late run, not twelve.
    await at(s, 72_000)
    await at(s, 74_000)
    await at(s, 77_000)
    await settle(s)
    expect(await triggerTimes(id)).toEqual([5_000, 10_000, 15_000, 77_000])
  })

  it('plans a fixed delay from the end of the run before it', async () => {
    const s = scheduler()
    const id = await job(s, {
      timeExpressionType: TIME_FIXED_DELAY,
      timeExpression: '5000',
      processorInfo: 'gate',
    })
    await at(s, 5_000)
    await at(s, 20_000)
    expect(await triggerTimes(id)).toEqual([5_000])
    now = T0 + 22_000
    await release('finished')
    await settle(s)
    await at(s, 26_999)
    expect(await triggerTimes(id)).toEqual([5_000])
    await at(s, 27_000)
    expect(await triggerTimes(id)).toEqual([5_000, 27_000])
    await release('finished')
    await settle(s)
  })

  it('runs an API job only on demand', async () => {
    const s = scheduler()
    const id = await job(s, { timeExpressionType: TIME_API })
    await at(s, 3_600_000)
    expect(await triggerTimes(id)).toEqual([])
    await s.runNow(id)
    await settle(s)
    expect(await statuses(id)).toEqual([STATUS_SUCCEEDED])
  })

  it('never fires a paused job, nor runs it on demand; enabling plans it from now', async () => {
    const s = scheduler()
    const id = await job(s, {
      timeExpressionType: TIME_FIXED_RATE,
      timeExpression: '1000',
      enable: 0,
    })
    await at(s, 60_000)
    await expect(s.runNow(id)).rejects.toThrow(MSG_DISABLED)
    expect(await triggerTimes(id)).toEqual([])
    await db.updateTable('bladeJobInfo').set({ enable: 1 }).where('id', '=', id).execute()
    await s.plan(id)
    await at(s, 61_000)
    await settle(s)
    expect(await triggerTimes(id)).toEqual([61_000])
    // Paused while a trigger was planned: it does not fire.
    await db.updateTable('bladeJobInfo').set({ enable: 0 }).where('id', '=', id).execute()
    await at(s, 62_000)
    expect(await triggerTimes(id)).toEqual([61_000])
  })

  it('fires only inside the lifecycle window', async () => {
    const s = scheduler()
    const local = (ms: number) => {
      const d = new Date(T0 + ms)
      const p = (n: number) => String(n).padStart(2, '0')
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
    }
    const id = await job(s, {
      timeExpressionType: TIME_FIXED_RATE,
      timeExpression: '10000',
      lifecycle: `${local(30_000)},${local(50_000)}`,
    })
    for (let ms = 0; ms <= 90_000; ms += 5_000) await at(s, ms)
    await settle(s)
    expect(await triggerTimes(id)).toEqual([30_000, 40_000, 50_000])
  })

  it('cuts a run at the instance time limit', async () => {
    const s = scheduler()
    const id = await job(s, { processorInfo: 'gate', instanceTimeLimit: 3_000 })
    await s.runNow(id)
    await at(s, 2_999)
    expect(await statuses(id)).toEqual([STATUS_RUNNING])
    await at(s, 3_000)
    await settle(s)
    expect(await instances(id)).toMatchObject([{ status: STATUS_FAILED, result: MSG_TIMEOUT }])
    await vi.waitFor(() => expect(signals).toHaveLength(1), WAIT)
    expect(signals[0]!.aborted).toBe(true)
  })

  it('retries tasks within an attempt and the instance across attempts', async () => {
    const s = scheduler()
    flakyFailures = 2
    const retried = await job(s, { processorInfo: 'flaky', taskRetryNum: 1, instanceRetryNum: 1 })
    await s.runNow(retried)
    await settle(s)
    expect(await instances(retried)).toMatchObject([
      { status: STATUS_SUCCEEDED, attempt: 2, result: 'ok after 3' },
    ])
    calls = 0
    const failing = await job(s, { processorInfo: 'fail', taskRetryNum: 1, instanceRetryNum: 1 })
    await s.runNow(failing)
    await settle(s)
    expect(await instances(failing)).toMatchObject([
      { status: STATUS_FAILED, attempt: 2, result: 'boom' },
    ])
    expect(calls).toBe(4)
  })

  it('refuses an instance past maxInstanceNum, and queues past the concurrency', async () => {
    const s = scheduler()
    const limited = await job(s, { processorInfo: 'gate', maxInstanceNum: 1 })
    await s.runNow(limited)
    await s.runNow(limited)
    expect(await instances(limited)).toMatchObject([
      { status: STATUS_RUNNING },
      { status: STATUS_FAILED, result: MSG_MAX_INSTANCES },
    ])
    await release('one')
    await settle(s)

    const queued = await job(s, { processorInfo: 'gate', concurrency: 1 })
    await s.runNow(queued)
    await s.runNow(queued)
    expect(await statuses(queued)).toEqual([STATUS_RUNNING, STATUS_WAITING])
    await release('first')
    await s.idle()
    await at(s, 1_000)
    expect(await statuses(queued)).toEqual([STATUS_SUCCEEDED, STATUS_RUNNING])
    await release('second')
    await settle(s)
    expect(await statuses(queued)).toEqual([STATUS_SUCCEEDED, STATUS_SUCCEEDED])
  })

  it('stops a running instance, and keeps log lines by the job’s level', async () => {
    const s = scheduler()
    const id = await job(s, { processorInfo: 'gate', logLevel: 3 })
    const instanceId = await s.runNow(id)
    await vi.waitFor(() => expect(signals).toHaveLength(1), WAIT)
    expect(await s.stop(instanceId)).toBe(true)
    await settle(s)
    expect(await instances(id)).toMatchObject([{ status: STATUS_STOPPED, result: MSG_STOPPED }])
    expect(signals[0]!.aborted).toBe(true)
    const levels = await db
      .selectFrom('bladeJobInstanceLog')
      .select('logLevel')
      .where('instanceId', '=', instanceId)
      .execute()
    expect(levels.map((l) => l.logLevel)).toEqual([3])
    expect(await s.stop(instanceId)).toBe(false)
  })

  it('deletes the instances and log lines that ended longer ago than their tenant keeps them, at most once per purge interval', async () => {
    const DAY = 86_400_000
    const keep: Record<string, number | null> = { '000000': 7 * DAY, other: null }
    const s = createScheduler({
      db,
      clock,
      processors,
      newId,
      worker: randomUUID(),
      keepInstancesFor: async (tenantId) => keep[tenantId] ?? null,
      purgeEveryMs: DAY,
    })
    const id = await job(s, {})
    const others = await job(s, { tenantId: 'other' })
    const gated = await job(s, { processorInfo: 'gate' })
    const old = await s.runNow(id)
    const otherOld = await s.runNow(others)
    const stillRunning = await s.runNow(gated)
    await vi.waitFor(() => expect(gates).toHaveLength(1), WAIT)
    now = T0 + 5 * DAY
    const recent = await s.runNow(id)
    await vi.waitFor(
      async () => expect(await statuses(id)).toEqual([STATUS_SUCCEEDED, STATUS_SUCCEEDED]),
      WAIT,
    )
    const logsOf = async (instanceId: string) =>
      (
        await db
          .selectFrom('bladeJobInstanceLog')
          .select('id')
          .where('instanceId', '=', instanceId)
          .execute()
      ).length
    expect(await logsOf(old)).toBeGreaterThan(0)

    await at(s, 8 * DAY)
    expect((await instances(id)).map((i) => i.id)).toEqual([recent])
    expect(await logsOf(old)).toBe(0)
    expect(await logsOf(recent)).toBeGreaterThan(0)
    // A tenant that keeps everything, and a run not ended, are left alone.
    expect((await instances(others)).map((i) => i.id)).toEqual([otherOld])
    expect((await instances(gated)).map((i) => i.id)).toEqual([stillRunning])

    keep['000000'] = DAY
    await at(s, 8 * DAY + DAY / 2)
    expect((await instances(id)).map((i) => i.id)).toEqual([recent])
    await at(s, 9 * DAY)
    expect(await instances(id)).toEqual([])
    await release('done')
    await settle(s)
  })

  it('alerts once alertThreshold runs failed within the statistic window, then not again within the silence window', async () => {
    const alerts: { job: string; failures: number; at: number }[] = []
    const alert = async (j: JobRow, failures: number, at: number) =>
      void alerts.push({ job: j.id, failures, at: at - T0 })
    const s = createScheduler({ db, clock, processors, newId, worker: randomUUID(), alert })
    const id = await job(s, {
      processorInfo: 'fail',
      alertThreshold: 2,
      statisticWindowLen: 60,
      silenceWindowLen: 300,
    })
    const quiet = await job(s, { processorInfo: 'fail' })
    const failAt = async (ms: number, jobId = id) => {
      now = T0 + ms
      await s.runNow(jobId)
      await settle(s)
    }
    await failAt(0)
    // The first failure has left the 60 s window.
    await failAt(70_000)
    expect(alerts).toEqual([])
    await failAt(80_000)
    expect(alerts).toEqual([{ job: id, failures: 2, at: 80_000 }])
    // Silenced for 300 s after the alert, however many fail.
    await failAt(90_000)
    await failAt(379_000)
    expect(alerts).toHaveLength(1)
    await failAt(381_000)
    expect(alerts).toEqual([
      { job: id, failures: 2, at: 80_000 },
      { job: id, failures: 2, at: 381_000 },
    ])
    // A job without a threshold never alerts.
    for (const ms of [400_000, 401_000, 402_000]) await failAt(ms, quiet)
    expect(alerts).toHaveLength(2)
    expect(await statuses(quiet)).toEqual([STATUS_FAILED, STATUS_FAILED, STATUS_FAILED])
  })

  it('runs a broadcast job once on every live process, and not on one silent for a minute', async () => {
    const named = (worker: string) => createScheduler({ db, clock, processors, newId, worker })
    const [a, b, gone] = [named('a'), named('b'), named('gone')]
    await Promise.all([a.tick(), b.tick(), gone.tick()])
    const id = await job(a, { executeType: EXECUTE_BROADCAST })
    now = T0 + 1000
    const mine = await a.runNow(id)
    await Promise.all([b.tick(), gone.tick()])
    await Promise.all([settle(a), settle(b), settle(gone)])
    const first = await instances(id)
    expect(first.find((r) => r.id === mine)?.worker).toBe('a')
    expect(first.map((r) => r.worker).sort()).toEqual(['a', 'b', 'gone'])
    expect(first.map((r) => r.status)).toEqual([
      STATUS_SUCCEEDED,
      STATUS_SUCCEEDED,
      STATUS_SUCCEEDED,
    ])

    // 'gone' stops confirming itself; a minute later it gets no run.
    now = T0 + 1000 + LOST_AFTER_MS + 1
    await a.tick()
    await b.tick()
    await a.runNow(id)
    await b.tick()
    await Promise.all([settle(a), settle(b)])
    const later = (await instances(id)).filter((r) => !first.some((x) => x.id === r.id))
    expect(later.map((r) => r.worker).sort()).toEqual(['a', 'b'])
    expect(later.map((r) => r.status)).toEqual([STATUS_SUCCEEDED, STATUS_SUCCEEDED])
  })

  it('does not fire a claimed trigger again after a restart, and fires a missed one once at start', async () => {
    const first = scheduler()
    const id = await job(first, { timeExpressionType: TIME_CRON, timeExpression: '0 * * * * *' })
    await at(first, 60_000)
    await settle(first)
    await first.close()
    const restarted = scheduler()
    await at(restarted, 60_000)
    expect(await triggerTimes(id)).toEqual([60_000])
    // Down from 01:00 to 10:30: one late run for the nine missed minutes, then on the minute.
    await at(restarted, 630_000)
    await at(restarted, 660_000)
    await settle(restarted)
    expect(await triggerTimes(id)).toEqual([60_000, 120_000, 660_000])
  })

  it('fails the instances of a process that went away', async () => {
    const gone = scheduler()
    const id = await job(gone, { processorInfo: 'gate' })
    await gone.runNow(id)
    const other = scheduler()
    await at(other, LOST_AFTER_MS - 1)
    expect(await statuses(id)).toEqual([STATUS_RUNNING])
    await at(other, LOST_AFTER_MS + 1)
    expect(await instances(id)).toMatchObject([{ status: STATUS_FAILED, result: MSG_LOST }])
    await release('late')
    await settle(gone)
    expect(await statuses(id)).toEqual([STATUS_FAILED])
  })

  it('fires each trigger once when two processes share the database', async () => {
    const second = openDatabase(scratch.url)
    try {
      const a = scheduler()
      const b = scheduler(second.db as unknown as Kysely<SchedulerTables>)
      const id = await job(a, { timeExpressionType: TIME_FIXED_RATE, timeExpression: '1000' })
      for (let ms = 1_000; ms <= 20_000; ms += 500) {
        now = T0 + ms
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()])
      }
      await Promise.all([a.idle(), b.idle()])
      expect(await triggerTimes(id)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 1_000))
      const workers = new Set((await instances(id)).map((i) => i.worker))
      expect(workers.size).toBeGreaterThanOrEqual(1)
    } finally {
      await second.close()
    }
  })
})
