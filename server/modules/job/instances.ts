// Job instances (/blade-job/job-instance): a job's runs, newest first, with status, trigger, start,
// end, duration, attempt and result; the detail adds its log lines; stop ends a waiting or running
// one wherever it runs. Only the caller's tenant's instances.
import { jobInfo } from '../../../src/domain/job/job-info.ts'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import type { Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, requireParam, type Module, type RouteDef } from '../../core/routes.ts'

const API = '/blade-job/job-instance'
const SAMPLE_ID = '1'

const time = (v: unknown) =>
  v === null || v === undefined ? '' : formatDateTime(new Date(Number(v)))

function toWire(r: Row): Row {
  const start = r.startTime === null ? null : Number(r.startTime)
  const end = r.endTime === null ? null : Number(r.endTime)
  return {
    id: String(r.id),
    jobId: String(r.jobId),
    status: r.status,
    triggerType: r.triggerType,
    triggerTime: time(r.triggerTime),
    startTime: time(start),
    endTime: time(end),
    duration: start !== null && end !== null ? end - start : null,
    attempt: r.attempt,
    result: r.result ?? '',
    worker: r.worker ?? '',
  }
}

function idOf(p: Record<string, string>, name: string): string {
  const id = requireParam(p, name)
  if (!isId(id)) throw badRequest(`请求参数格式错误: ${name}`)
  return id
}

const PAGE_MAX = 100

export const instanceRoutes: Module = (ctx): RouteDef[] => {
  const db = ctx.db
  const own = async (user: AuthUser, id: string) => {
    const row = await db
      .selectFrom('bladeJobInstance')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', user.tenantId)
      .executeTakeFirst()
    if (!row) throw notFound('任务实例不存在')
    return row
  }
  return [
    {
      method: 'GET',
      url: `${API}/list`,
      access: button(jobInfo.permission),
      owner: 'tenant',
      sample: { query: { jobId: SAMPLE_ID, current: '1', size: '10' } },
      handler: async (req) => {
        const p = params(req)
        const jobId = idOf(p, 'jobId')
        const current = Math.max(1, Number.parseInt(p.current ?? '1', 10) || 1)
        const size = Math.min(PAGE_MAX, Math.max(1, Number.parseInt(p.size ?? '10', 10) || 10))
        const where = db
          .selectFrom('bladeJobInstance')
          .where('jobId', '=', jobId)
          .where('tenantId', '=', caller(req).tenantId)
        const total = await where
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
        const rows = await where
          .selectAll()
          .orderBy('triggerTime', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute()
        return ok({
          records: rows.map(toWire),
          total: Number(total.n),
          size,
          current,
          pages: Math.ceil(Number(total.n) / size),
        })
      },
    },
    {
      method: 'GET',
      url: `${API}/detail`,
      access: button(jobInfo.permission),
      owner: 'tenant',
      sample: { query: { id: SAMPLE_ID } },
      handler: async (req) => {
        const row = await own(caller(req), idOf(params(req), 'id'))
        const logs = await db
          .selectFrom('bladeJobInstanceLog')
          .selectAll()
          .where('instanceId', '=', String(row.id))
          .orderBy('logTime')
          .orderBy('id')
          .limit(1000)
          .execute()
        return ok({
          ...toWire(row),
          logs: logs.map((l) => ({
            time: time(l.logTime),
            logLevel: l.logLevel,
            content: l.content,
          })),
        })
      },
    },
    {
      method: 'POST',
      url: `${API}/stop`,
      access: button(`${jobInfo.permission}_run`),
      owner: 'tenant',
      sample: { query: { id: SAMPLE_ID } },
      handler: async (req) => {
        const row = await own(caller(req), idOf(params(req), 'id'))
        if (!(await req.server.jobScheduler.stop(String(row.id)))) throw badRequest('该实例已结束')
        return done()
      },
    },
  ]
}
