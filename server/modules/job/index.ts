// Scheduled jobs (/api/blade-job): job servers and job info are the generic endpoints of their
// declarations with the rules of job-rules.ts, plus the calls a declaration cannot say: the job
// server select and sync (the embedded scheduler's state, or whether an external PowerJob server
// knows the app), a job's enable switch, run now and sync,
// the next trigger times of a timing (the form's preview), and the job instances.
import { jobInfo } from '../../../src/domain/job/job-info.ts'
import {
  EMBEDDED_JOB_SERVER_ID,
  EMBEDDED_JOB_SERVER_URL,
  jobServer,
} from '../../../src/domain/job/job-server.ts'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { checkAndRaiseVersions, versionParam } from '../../crud/action-versions.ts'
import { SchedulerRefusal } from '../../engines/scheduler/engine.ts'
import { STATUS_RUNNING, STATUS_WAITING } from '../../db/schema-scheduler.ts'
import { checkTiming, nextTrigger, nextTriggers, TIME_API } from '../../engines/scheduler/timing.ts'
import { formatDateTime, now } from '../../core/dates.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, requireParam, type Module } from '../../core/routes.ts'
import { checkJob, MSG_WORKFLOW } from './job-rules.ts'
import { assertPowerJobApp, powerJobBase } from './powerjob-assert.ts'
import { instanceRoutes } from './instances.ts'

export const MSG_EMBEDDED_KEPT = '内置调度器不能删除'
const MSG_SERVER_URL = '服务地址须为 http:// 或 https:// 开头的 PowerJob 服务地址'
const MSG_SERVER_USED = '该任务服务下还有任务, 不能删除'

export const jobCrud: Record<string, CrudOptions> = {
  [jobServer.name]: {
    beforeRemove: async ({ trx, user, ids }) => {
      if (ids.includes(EMBEDDED_JOB_SERVER_ID)) throw badRequest(MSG_EMBEDDED_KEPT)
      const used = await trx
        .selectFrom(jobInfo.table)
        .select('id')
        .where('job_server_id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
      if (used) throw badRequest(MSG_SERVER_USED)
    },
  },
  [jobInfo.name]: { beforeWrite: checkJob },
}

function idOf(p: Record<string, string>, name = 'id'): string {
  const id = requireParam(p, name)
  if (!isId(id)) throw badRequest(`请求参数格式错误: ${name}`)
  return id
}

const SAMPLE = { query: { id: EMBEDDED_JOB_SERVER_ID } }

export const jobModule: Module = (ctx) => {
  const db = ctx.db
  const ownJob = async (user: AuthUser, id: string) => {
    const row = await db
      .selectFrom('bladeJobInfo')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (!row) throw notFound('任务不存在或已被删除')
    return row
  }
  return [
    {
      method: 'GET',
      url: `${jobServer.api}/select`,
      access: { kind: 'anyButton', codes: [jobServer.permission, jobInfo.permission] },
      handler: async (req) => {
        const rows = await db
          .selectFrom('bladeJobServer')
          .select(['id', 'jobServerName', 'jobAppName'])
          .where((eb) =>
            eb.or([
              eb('tenantId', '=', caller(req).tenantId),
              eb('id', '=', EMBEDDED_JOB_SERVER_ID),
            ]),
          )
          .where('isDeleted', '=', 0)
          .orderBy('id')
          .limit(500)
          .execute()
        return ok(rows)
      },
    },
    {
      method: 'POST',
      url: `${jobServer.api}/sync`,
      access: button(`${jobServer.permission}_sync`),
      owner: 'tenant',
      sample: SAMPLE,
      handler: async (req) => {
        const user = caller(req)
        const id = idOf(params(req))
        const server = await db
          .selectFrom('bladeJobServer')
          .select(['id', 'jobServerUrl', 'jobAppName', 'jobAppPassword'])
          .where('id', '=', id)
          .where((eb) =>
            eb.or([eb('tenantId', '=', user.tenantId), eb('id', '=', EMBEDDED_JOB_SERVER_ID)]),
          )
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!server) throw notFound('任务服务不存在或已被删除')
        if (server.jobServerUrl !== EMBEDDED_JOB_SERVER_URL) {
          // An external PowerJob server: its state is whether it answers and knows the app.
          const base = powerJobBase(String(server.jobServerUrl ?? ''))
          if (!base) throw badRequest(MSG_SERVER_URL)
          const checked = await assertPowerJobApp(
            base,
            String(server.jobAppName ?? ''),
            String(server.jobAppPassword ?? ''),
          )
          if (!checked.ok) throw badRequest(checked.message)
          return ok({ running: true, external: true, appId: checked.appId })
        }
        const enabled = await db
          .selectFrom('bladeJobInfo')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenantId', '=', user.tenantId)
          .where('enable', '=', 1)
          .where('isDeleted', '=', 0)
          .executeTakeFirstOrThrow()
        const active = await db
          .selectFrom('bladeJobInstance')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenantId', '=', user.tenantId)
          .where('status', 'in', [STATUS_WAITING, STATUS_RUNNING])
          .executeTakeFirstOrThrow()
        const next = await db
          .selectFrom('bladeJobInfo')
          .select((eb) => eb.fn.min('nextTriggerTime').as('t'))
          .where('tenantId', '=', user.tenantId)
          .where('enable', '=', 1)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        return ok({
          running: true,
          enabledJobs: Number(enabled.n),
          activeInstances: Number(active.n),
          nextTriggerTime:
            next?.t === null || next?.t === undefined
              ? ''
              : formatDateTime(new Date(Number(next.t))),
        })
      },
    },
    {
      method: 'POST',
      url: `${jobInfo.api}/change`,
      access: button(`${jobInfo.permission}_change`),
      owner: 'tenant',
      sample: { query: { id: '1', enable: '0', version: '1' } },
      handler: async (req) => {
        const user = caller(req)
        const p = params(req)
        const id = idOf(p)
        const enable = requireParam(p, 'enable')
        if (enable !== '0' && enable !== '1') throw badRequest('enable 须为 0 或 1')
        const job = await ownJob(user, id)
        const timing = {
          timeExpressionType: Number(job.timeExpressionType),
          timeExpression: job.timeExpression as string | null,
          timeZone: job.timeZone as string | null,
          lifecycle: job.lifecycle as string | null,
        }
        const next =
          enable === '1' && timing.timeExpressionType !== TIME_API
            ? nextTrigger(timing, Date.now())
            : null
        // The version the list showed, when sent: a job changed since is refused, not switched.
        const read = versionParam(id, p.version)
        await ctx.db.transaction().execute(async (trx) => {
          await checkAndRaiseVersions(trx, {
            def: jobInfo,
            ids: [id],
            read,
            lock: ctx.dialect === 'postgres',
          })
          await trx
            .updateTable('bladeJobInfo')
            .set({
              enable: Number(enable),
              nextTriggerTime: next,
              updateUser: user.userId,
              updateTime: now(),
            })
            .where('id', '=', id)
            .execute()
        })
        return ok({ id, enable: Number(enable) })
      },
    },
    {
      method: 'POST',
      url: `${jobInfo.api}/run`,
      access: button(`${jobInfo.permission}_run`),
      owner: 'tenant',
      sample: { query: { id: '1' } },
      handler: async (req) => {
        const job = await ownJob(caller(req), idOf(params(req)))
        if (Number(job.timeExpressionType) === 5) throw badRequest(MSG_WORKFLOW)
        try {
          return ok({ instanceId: await req.server.jobScheduler.runNow(String(job.id)) })
        } catch (e) {
          if (e instanceof SchedulerRefusal) throw badRequest(e.message)
          throw e
        }
      },
    },
    {
      method: 'POST',
      url: `${jobInfo.api}/sync`,
      access: button(`${jobInfo.permission}_sync`),
      owner: 'tenant',
      sample: { json: { id: '1' } },
      handler: async (req) => {
        // With the embedded scheduler there is nothing to push: the job named in the body (every job
        // of the tenant without one) is planned from now.
        const user = caller(req)
        const given =
          req.body && typeof req.body === 'object' && !Array.isArray(req.body)
            ? (req.body as Record<string, unknown>).id
            : undefined
        if (given !== undefined && (typeof given !== 'string' || !isId(given)))
          throw badRequest('请求参数格式错误: id')
        const jobs =
          given === undefined
            ? await db
                .selectFrom('bladeJobInfo')
                .selectAll()
                .where('tenantId', '=', user.tenantId)
                .where('isDeleted', '=', 0)
                .execute()
            : [await ownJob(user, given)]
        const scheduler = req.server.jobScheduler
        for (const j of jobs) {
          await db
            .updateTable('bladeJobInfo')
            .set({ jobId: String(j.id) })
            .where('id', '=', String(j.id))
            .execute()
          await scheduler.plan(String(j.id))
        }
        return ok({ synced: jobs.length })
      },
    },
    {
      method: 'GET',
      url: `${jobInfo.api}/next-triggers`,
      access: {
        kind: 'anyButton',
        codes: [
          `${jobInfo.permission}_add`,
          `${jobInfo.permission}_edit`,
          `${jobInfo.permission}_view`,
        ],
      },
      owner: 'none',
      sample: { query: { timeExpressionType: '2', timeExpression: '0 0 3 * * *' } },
      handler: async (req) => {
        const p = params(req)
        const timing = {
          timeExpressionType: Number(p.timeExpressionType ?? 2),
          timeExpression: p.timeExpression ?? '',
          timeZone: p.timeZone || null,
          lifecycle: p.lifecycle || null,
        }
        const why = checkTiming(timing)
        if (why) throw badRequest(why)
        return ok(nextTriggers(timing, Date.now(), 5).map((t) => formatDateTime(new Date(t))))
      },
    },
    ...instanceRoutes(ctx),
  ]
}
