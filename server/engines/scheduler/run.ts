// Runs one instance in this process: its processor with the job's params, retried (instance retries
// around task retries), cut at the instance time limit or by a stop, with its log lines kept per the
// job's logType and logLevel. The instance row's status is changed only from RUNNING, so a stop
// written by any process wins over a result that arrives after it.
import type { Kysely } from 'kysely'
import type { Clock, Processor } from './types.ts'
import {
  LOG_ERROR,
  LOG_INFO,
  LOG_OFF,
  LOG_TYPE_NULL,
  LOG_WARN,
  STATUS_FAILED,
  STATUS_RUNNING,
  STATUS_STOPPED,
  STATUS_SUCCEEDED,
  type JobRow,
  type SchedulerTables,
} from '../../db/schema-scheduler.ts'

export const MSG_TIMEOUT = '超过实例运行时间限制'
export const MSG_STOPPED = '已手动停止'
const MSG_NO_PROCESSOR = '未知的处理器'
export const MSG_SHUTDOWN = '服务进程停止, 运行中断'

export interface Execution {
  instanceId: string
  jobId: string
  controller: AbortController
  /** Epoch ms after which the run is cut (null: no limit). */
  deadline: number | null
  done: Promise<void>
}

export interface RunDeps {
  db: Kysely<SchedulerTables>
  clock: Clock
  processors: Record<string, Processor>
  newId: () => string
  /** After the instance is final (fixed-delay jobs plan their next trigger from its end; a failure may alert). */
  onFinal: (job: JobRow, endTime: number, status: number) => Promise<void>
}

const RESULT_MAX = 4000

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** Settles with the processor or rejects as soon as the signal aborts, whichever comes first. */
function raced<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export function execute(deps: RunDeps, job: JobRow, instanceId: string): Execution {
  const { db, clock } = deps
  const controller = new AbortController()
  const limit = job.instanceTimeLimit
  const pending: Promise<unknown>[] = []
  const log = (level: number, content: string) => {
    if (job.logType === LOG_TYPE_NULL || job.logLevel === LOG_OFF || level < job.logLevel) return
    pending.push(
      db
        .insertInto('bladeJobInstanceLog')
        .values({
          id: deps.newId(),
          instanceId,
          logTime: clock.now(),
          logLevel: level,
          content: content.slice(0, RESULT_MAX),
        })
        .execute(),
    )
  }
  const finish = async (status: number, result: string) => {
    await Promise.allSettled(pending)
    const end = clock.now()
    const r = await db
      .updateTable('bladeJobInstance')
      .set({ status, endTime: end, result: result.slice(0, RESULT_MAX) })
      .where('id', '=', instanceId)
      .where('status', '=', STATUS_RUNNING)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) > 0 || status === STATUS_STOPPED)
      await deps.onFinal(job, end, status)
  }

  const run = async () => {
    const processor = deps.processors[job.processorInfo]
    if (!processor) {
      log(LOG_ERROR, `${MSG_NO_PROCESSOR}: ${job.processorInfo}`)
      return finish(STATUS_FAILED, `${MSG_NO_PROCESSOR}: ${job.processorInfo}`)
    }
    const attempts = 1 + Math.max(0, job.instanceRetryNum)
    const tries = 1 + Math.max(0, job.taskRetryNum)
    let last = ''
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await db
        .updateTable('bladeJobInstance')
        .set({ attempt })
        .where('id', '=', instanceId)
        .execute()
      for (let t = 1; t <= tries; t++) {
        log(LOG_INFO, `第 ${attempt} 次运行, 第 ${t} 次尝试: ${job.processorInfo}`)
        try {
          const out = await raced(
            processor({
              jobId: job.id,
              instanceId,
              tenantId: job.tenantId,
              createUser: job.createUser,
              params: job.jobParams ?? '',
              signal: controller.signal,
              log,
            }),
            controller.signal,
          )
          const result = typeof out === 'string' ? out : 'success'
          log(LOG_INFO, `成功: ${result}`)
          return finish(STATUS_SUCCEEDED, result)
        } catch (e) {
          if (controller.signal.aborted) {
            const reason = message(controller.signal.reason)
            log(LOG_WARN, reason)
            return finish(reason === MSG_STOPPED ? STATUS_STOPPED : STATUS_FAILED, reason)
          }
          last = message(e)
          log(LOG_ERROR, `失败: ${last}`)
        }
      }
    }
    return finish(STATUS_FAILED, last)
  }

  const done = run().catch((e: unknown) =>
    console.error(`job instance ${instanceId} could not finish`, e),
  )
  return {
    instanceId,
    jobId: job.id,
    controller,
    deadline: limit > 0 ? clock.now() + limit : null,
    done,
  }
}
