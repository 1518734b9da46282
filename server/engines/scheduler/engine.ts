// The embedded job scheduler. Each tick: confirm this process as live (a broadcast job runs once on
// every live process); claim the due triggers (a compare-and-set of the job's next trigger time and
// an instance with a unique trigger key, in one transaction, so a trigger fires once however many
// processes share the database and across restarts); start this process's waiting instances within
// the job's concurrency; cut runs past their time limit or stopped elsewhere; fail instances whose
// process went away (a failure may send the job's alert); and, once an hour, delete the instances
// that ended longer ago than their tenant keeps them. A trigger missed while no process ran fires
// once, then the job continues from now (misfire policy "fire once").
import type { Kysely } from 'kysely'
import { execute, MSG_SHUTDOWN, MSG_STOPPED, MSG_TIMEOUT, type Execution } from './run.ts'
import {
  EXECUTE_BROADCAST,
  STATUS_FAILED,
  STATUS_RUNNING,
  STATUS_STOPPED,
  STATUS_SUCCEEDED,
  STATUS_WAITING,
  TRIGGER_API,
  TRIGGER_SCHEDULE,
  type JobRow,
  type SchedulerTables,
} from '../../db/schema-scheduler.ts'
import {
  inWindow,
  lifecycleOf,
  nextTrigger,
  TIME_API,
  TIME_FIXED_DELAY,
  TIME_WORKFLOW,
} from './timing.ts'
import type { Clock, Processor } from './types.ts'

export const MSG_MAX_INSTANCES = '超过最大实例数, 本次不运行'
export const MSG_LOST = '运行该实例的服务进程已离线'
/** An instance whose process has not confirmed it for this long is taken as lost. */
export const LOST_AFTER_MS = 60_000

export const MSG_DISABLED = '任务已停用, 不能运行'
const MSG_OUT_OF_LIFECYCLE = '当前不在任务的生命周期内, 不能运行'

/** A run the scheduler refuses (the message says why, for the person who asked). */
export class SchedulerRefusal extends Error {}

export interface SchedulerOptions {
  db: Kysely<SchedulerTables>
  clock: Clock
  processors: Record<string, Processor>
  newId: () => string
  /** This process's name on the instances it runs (unique per start). */
  worker: string
  /**
   * How long a tenant keeps its ended instances and their log lines (ms), or null to keep them all.
   * Asked at most once per `purgeEveryMs` (default an hour) for each tenant with ended instances.
   */
  keepInstancesFor?: (tenantId: string) => Promise<number | null>
  purgeEveryMs?: number
  /** Sends a job's alert: `failures` failed instances within its statistic window, at `at`. */
  alert?: (job: JobRow, failures: number, at: number) => Promise<void>
}

export interface Scheduler {
  tick(): Promise<void>
  /** Plans the job's next trigger from now (after a save, an enable or a pause). */
  plan(jobId: string): Promise<void>
  /** One instance now, outside the schedule; its id. */
  runNow(jobId: string): Promise<string>
  /** Stops a waiting or running instance wherever it runs; false when it had already ended. */
  stop(instanceId: string): Promise<boolean>
  /** Deletes the tenant's instances (and log lines) that ended before `before` (ms); how many. */
  purgeEnded(tenantId: string, before: number): Promise<number>
  /** Settles when this process runs no instance any more (tests). */
  idle(): Promise<void>
  start(intervalMs?: number): void
  /** Stops ticking; runs still going end as failed (the process is going away). */
  close(): Promise<void>
}

const num = (v: number | string | null) => (v === null ? null : Number(v))
const ACTIVE = [STATUS_WAITING, STATUS_RUNNING]
const ENDED = [STATUS_FAILED, STATUS_SUCCEEDED, STATUS_STOPPED]
const PURGE_EVERY_MS = 3_600_000

export function createScheduler(o: SchedulerOptions): Scheduler {
  const { db, clock } = o
  const running = new Map<string, Execution>()
  let timer: ReturnType<typeof setInterval> | null = null
  let ticking: Promise<void> | null = null

  const jobOf = (id: string) =>
    db.selectFrom('bladeJobInfo').selectAll().where('id', '=', id).executeTakeFirst()

  /**
   * After a failure: alertThreshold failed instances within the last statisticWindowLen seconds (0: ever)
   * send one alert, then none until silenceWindowLen seconds have passed. The last alert time is
   * claimed by a compare-and-set, so one process sends it however many saw the failure.
   */
  const maybeAlert = async (jobId: string, at: number) => {
    const job = o.alert ? await jobOf(jobId) : undefined
    if (!job || !(job.alertThreshold > 0)) return
    let failed = db
      .selectFrom('bladeJobInstance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('jobId', '=', job.id)
      .where('status', '=', STATUS_FAILED)
    if (job.statisticWindowLen > 0)
      failed = failed.where('endTime', '>=', at - job.statisticWindowLen * 1000)
    const failures = Number((await failed.executeTakeFirstOrThrow()).n)
    if (failures < job.alertThreshold) return
    const last = num(job.lastAlertTime)
    if (last !== null && at - last < Math.max(0, job.silenceWindowLen) * 1000) return
    const claimed = await db
      .updateTable('bladeJobInfo')
      .set({ lastAlertTime: at })
      .where('id', '=', job.id)
      .where((eb) =>
        last === null ? eb('lastAlertTime', 'is', null) : eb('lastAlertTime', '=', last),
      )
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 1) await o.alert!(job, failures, at)
  }

  /** Fixed-delay jobs plan the next trigger from the end of the run that had none planned. */
  const onFinal = async (job: JobRow, end: number, status: number) => {
    if (status === STATUS_FAILED)
      await maybeAlert(job.id, end).catch((e: unknown) =>
        console.error(`job ${job.id} alert failed`, e),
      )
    if (job.timeExpressionType !== TIME_FIXED_DELAY) return
    const next = nextTrigger(job, end)
    await db
      .updateTable('bladeJobInfo')
      .set({ nextTriggerTime: next })
      .where('id', '=', job.id)
      .where('nextTriggerTime', 'is', null)
      .where('enable', '=', 1)
      .execute()
  }

  /** Writes an instance of the job; refused at once past maxInstanceNum. In the claiming transaction. */
  const addInstance = async (
    trx: Kysely<SchedulerTables>,
    job: JobRow,
    key: string,
    type: number,
    at: number,
  ) => {
    const id = o.newId()
    let status = STATUS_WAITING
    let result: string | null = null
    if (job.maxInstanceNum > 0) {
      const live = await trx
        .selectFrom('bladeJobInstance')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('jobId', '=', job.id)
        .where('status', 'in', ACTIVE)
        .executeTakeFirstOrThrow()
      if (Number(live.n) >= job.maxInstanceNum)
        [status, result] = [STATUS_FAILED, MSG_MAX_INSTANCES]
    }
    const final = status === STATUS_FAILED
    // A broadcast runs once on every live process (this one first): an instance for each, which that
    // process starts. A refused one is a single failed instance.
    const workers =
      job.executeType === EXECUTE_BROADCAST && !final ? await liveWorkers(trx, at) : [o.worker]
    const base = {
      tenantId: job.tenantId,
      jobId: job.id,
      triggerType: type,
      status,
      triggerTime: at,
      startTime: null,
      endTime: final ? at : null,
      attempt: 0,
      result,
      heartbeat: at,
    }
    await trx
      .insertInto('bladeJobInstance')
      .values(
        workers.map((worker, n) => ({
          ...base,
          id: n === 0 ? id : o.newId(),
          triggerKey: n === 0 ? key : `${key}#${worker}`,
          worker,
        })),
      )
      .execute()
    return { id, final }
  }

  /** This process and every other that confirmed itself within LOST_AFTER_MS. */
  const liveWorkers = async (trx: Kysely<SchedulerTables>, at: number) => {
    const others = await trx
      .selectFrom('bladeJobWorker')
      .select('worker')
      .where('heartbeat', '>=', at - LOST_AFTER_MS)
      .where('worker', '<>', o.worker)
      .orderBy('worker')
      .execute()
    return [o.worker, ...others.map((w) => w.worker)]
  }

  const claimDue = async (now: number) => {
    const due = await db
      .selectFrom('bladeJobInfo')
      .selectAll()
      .where('enable', '=', 1)
      .where('isDeleted', '=', 0)
      .where('nextTriggerTime', '<=', now)
      .execute()
    for (const job of due) {
      const at = num(job.nextTriggerTime)!
      const next =
        job.timeExpressionType === TIME_FIXED_DELAY ? null : nextTrigger(job, Math.max(at, now))
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('bladeJobInfo')
          .set({ nextTriggerTime: next })
          .where('id', '=', job.id)
          .where('nextTriggerTime', '=', at)
          .where('enable', '=', 1)
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) !== 1) return
        const w = lifecycleOf(job.lifecycle)
        if (typeof w === 'string' || !inWindow(w, at)) return
        const made = await addInstance(trx, job, `${job.id}@${at}`, TRIGGER_SCHEDULE, at)
        // A refused fixed-delay trigger has no run to plan from: plan from now.
        if (made.final && job.timeExpressionType === TIME_FIXED_DELAY)
          await trx
            .updateTable('bladeJobInfo')
            .set({ nextTriggerTime: nextTrigger(job, now) })
            .where('id', '=', job.id)
            .execute()
      })
    }
  }

  const startWaiting = async (now: number) => {
    const waiting = await db
      .selectFrom('bladeJobInstance')
      .select(['id', 'jobId'])
      .where('worker', '=', o.worker)
      .where('status', '=', STATUS_WAITING)
      .orderBy('triggerTime')
      .orderBy('id')
      .execute()
    for (const w of waiting) {
      const job = await jobOf(w.jobId)
      if (!job) continue
      const mine = [...running.values()].filter((e) => e.jobId === job.id).length
      if (job.concurrency > 0 && mine >= job.concurrency) continue
      const r = await db
        .updateTable('bladeJobInstance')
        .set({ status: STATUS_RUNNING, startTime: now, heartbeat: now })
        .where('id', '=', w.id)
        .where('status', '=', STATUS_WAITING)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) continue
      const ex = execute(
        { db, clock, processors: o.processors, newId: o.newId, onFinal },
        job,
        w.id,
      )
      running.set(w.id, ex)
      void ex.done.finally(() => running.delete(w.id))
    }
  }

  /** Cuts runs past their limit or stopped by another process; confirms the rest are alive. */
  const watch = async (now: number) => {
    for (const ex of running.values())
      if (ex.deadline !== null && now >= ex.deadline) ex.controller.abort(new Error(MSG_TIMEOUT))
    const ids = [...running.keys()]
    if (ids.length) {
      const stopped = await db
        .selectFrom('bladeJobInstance')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', STATUS_STOPPED)
        .execute()
      for (const s of stopped) running.get(s.id)?.controller.abort(new Error(MSG_STOPPED))
    }
    await db
      .updateTable('bladeJobInstance')
      .set({ heartbeat: now })
      .where('worker', '=', o.worker)
      .where('status', 'in', ACTIVE)
      .execute()
    await db
      .insertInto('bladeJobWorker')
      .values({ worker: o.worker, heartbeat: now })
      .onConflict((oc) => oc.column('worker').doUpdateSet({ heartbeat: now }))
      .execute()
    await db
      .deleteFrom('bladeJobWorker')
      .where('heartbeat', '<', now - LOST_AFTER_MS)
      .execute()
    const lost = await db
      .selectFrom('bladeJobInstance')
      .select(['id', 'jobId'])
      .where('status', 'in', ACTIVE)
      .where('heartbeat', '<', now - LOST_AFTER_MS)
      .execute()
    for (const l of lost) {
      const r = await db
        .updateTable('bladeJobInstance')
        .set({ status: STATUS_FAILED, endTime: now, result: MSG_LOST })
        .where('id', '=', l.id)
        .where('status', 'in', ACTIVE)
        .where('heartbeat', '<', now - LOST_AFTER_MS)
        .executeTakeFirst()
      const job = Number(r.numUpdatedRows) === 1 ? await jobOf(l.jobId) : undefined
      if (job) await onFinal(job, now, STATUS_FAILED)
    }
  }

  /** Deletes the instances (and their log lines) that ended longer ago than their tenant keeps them. */
  let purgedAt = -Infinity
  const purgeIfDue = async (now: number) => {
    if (!o.keepInstancesFor || now - purgedAt < (o.purgeEveryMs ?? PURGE_EVERY_MS)) return
    purgedAt = now
    const tenants = await db
      .selectFrom('bladeJobInstance')
      .select('tenantId')
      .distinct()
      .where('status', 'in', ENDED)
      .execute()
    for (const { tenantId } of tenants) {
      const keep = await o.keepInstancesFor(tenantId)
      if (keep === null || !(keep > 0)) continue
      await scheduler.purgeEnded(tenantId, now - keep)
    }
  }

  const tickOnce = async () => {
    const now = clock.now()
    await watch(now)
    await claimDue(now)
    await startWaiting(now)
    await purgeIfDue(now)
  }

  const scheduler: Scheduler = {
    tick() {
      // One tick at a time per process: a slow one is waited for, not overlapped.
      ticking ??= tickOnce().finally(() => (ticking = null))
      return ticking
    },
    async plan(jobId) {
      const job = await jobOf(jobId)
      if (!job) return
      const plannable =
        job.enable === 1 &&
        job.isDeleted === 0 &&
        job.timeExpressionType !== TIME_API &&
        job.timeExpressionType !== TIME_WORKFLOW
      await db
        .updateTable('bladeJobInfo')
        .set({ nextTriggerTime: plannable ? nextTrigger(job, clock.now()) : null })
        .where('id', '=', jobId)
        .execute()
    },
    async runNow(jobId) {
      const now = clock.now()
      const id = await db.transaction().execute(async (trx) => {
        // Takes the job row's lock (PostgreSQL) so maxInstanceNum counts every process's runs.
        await trx
          .updateTable('bladeJobInfo')
          .set((eb) => ({ enable: eb.ref('enable') }))
          .where('id', '=', jobId)
          .execute()
        const job = await trx
          .selectFrom('bladeJobInfo')
          .selectAll()
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow()
        if (job.enable !== 1 || job.isDeleted !== 0) throw new SchedulerRefusal(MSG_DISABLED)
        const w = lifecycleOf(job.lifecycle)
        if (typeof w === 'string' || !inWindow(w, now))
          throw new SchedulerRefusal(MSG_OUT_OF_LIFECYCLE)
        return (await addInstance(trx, job, `run@${o.newId()}`, TRIGGER_API, now)).id
      })
      await scheduler.tick()
      return id
    },
    async stop(instanceId) {
      const r = await db
        .updateTable('bladeJobInstance')
        .set({ status: STATUS_STOPPED, endTime: clock.now(), result: MSG_STOPPED })
        .where('id', '=', instanceId)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst()
      running.get(instanceId)?.controller.abort(new Error(MSG_STOPPED))
      if (Number(r.numUpdatedRows) !== 1) return false
      // A fixed-delay job whose instance was stopped before it ran plans its next trigger here.
      const inst = await db
        .selectFrom('bladeJobInstance')
        .select('jobId')
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow()
      const job = await jobOf(inst.jobId)
      if (job) await onFinal(job, clock.now(), STATUS_STOPPED)
      return true
    },
    purgeEnded(tenantId, before) {
      return db.transaction().execute(async (trx) => {
        const old = trx
          .selectFrom('bladeJobInstance')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('status', 'in', ENDED)
          .where('endTime', '<', before)
        await trx.deleteFrom('bladeJobInstanceLog').where('instanceId', 'in', old).execute()
        const r = await trx
          .deleteFrom('bladeJobInstance')
          .where('tenantId', '=', tenantId)
          .where('status', 'in', ENDED)
          .where('endTime', '<', before)
          .executeTakeFirst()
        return Number(r.numDeletedRows)
      })
    },
    async idle() {
      while (running.size) await Promise.all([...running.values()].map((e) => e.done))
    },
    start(intervalMs = 1000) {
      void scheduler.tick().catch((e: unknown) => console.error('scheduler tick failed', e))
      timer = setInterval(
        () =>
          void scheduler.tick().catch((e: unknown) => console.error('scheduler tick failed', e)),
        intervalMs,
      )
      timer.unref()
    },
    async close() {
      if (timer) clearInterval(timer)
      await ticking
      for (const ex of running.values()) ex.controller.abort(new Error(MSG_SHUTDOWN))
      await scheduler.idle()
      // Gone: no broadcast counts on this process any more.
      await db
        .deleteFrom('bladeJobWorker')
        .where('worker', '=', o.worker)
        .execute()
        .catch(() => undefined)
    },
  }
  return scheduler
}
