// What a job must be before it is saved, beyond its declaration: a timing the scheduler can follow
// (CRON read by croner), an execution this server can do, and built-in processor settings it can read.
// Each refusal is a 400 that says what to change.
import { columnOf, type FieldDef } from '../../../src/domain/entity.ts'
import { BUILT_IN_PROCESSORS, jobInfo } from '../../../src/domain/job/job-info.ts'
import {
  EMBEDDED_JOB_SERVER_ID,
  EMBEDDED_JOB_SERVER_URL,
} from '../../../src/domain/job/job-server.ts'
import { isAdministrator, type AuthUser } from '../../auth/context.ts'
import type { WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { Row } from '../../crud/table.ts'
import {
  checkTiming,
  nextTrigger,
  TIME_API,
  TIME_WORKFLOW,
} from '../../engines/scheduler/timing.ts'
import { badRequest } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { readOnlyStatement } from './sql-processor.ts'

export const MSG_WORKFLOW = '工作流任务需要流程引擎, 当前版本尚不能保存'
export const MSG_MAP_REDUCE = '内置处理器不支持 MapReduce 执行'
export const MSG_EXTERNAL = '外部处理器(动态加载)不受支持, 请选择内置处理器'
export const MSG_PROCESSOR = '内置处理器须为 http / sql / purge-logs 之一'
const MSG_JOB_SERVER = '任务应用不存在'
export const MSG_EXTERNAL_SERVER = '内置处理器只在内置调度器上运行, 请选择内置调度器'
const MSG_SQL_ADMIN = 'sql 处理器只能由平台管理员使用'
const MSG_HTTP_ACCOUNT = 'http 处理器只能以本人账号运行 (管理员可指定本租户的账号)'

type Params = Record<string, unknown>

function paramsOf(text: unknown): Params {
  if (text === null || text === undefined || String(text).trim() === '') return {}
  try {
    const v: unknown = JSON.parse(String(text))
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Params
  } catch {
    // Falls through to the message below.
  }
  throw badRequest('任务参数须为 JSON 对象')
}

/** The built-in processor's settings in jobParams, checked; the caller's account fills in a missing http account. */
function checkParams(processor: string, text: unknown, user: AuthUser): string | undefined {
  const p = paramsOf(text)
  if (processor === 'purge-logs') {
    const days = Number(p.days ?? 30)
    if (!Number.isInteger(days) || days < 1 || days > 3650)
      throw badRequest('purge-logs 的 days 须为 1 到 3650 的整数')
    return undefined
  }
  if (processor === 'sql') {
    // Data sources are the platform's: reading them is its administrator's.
    if (!isAdministrator(user)) throw badRequest(MSG_SQL_ADMIN)
    if (!isId(String(p.datasourceId ?? ''))) throw badRequest('sql 处理器须指定数据源 datasourceId')
    const why = readOnlyStatement(String(p.query ?? ''))
    if (why) throw badRequest(why)
    return undefined
  }
  const method = String(p.method ?? 'GET').toUpperCase()
  if (method !== 'GET' && method !== 'POST')
    throw badRequest('http 处理器的 method 须为 GET 或 POST')
  const url = String(p.url ?? '')
  if (!/^\/[^\s]*$/.test(url) || url.startsWith('//'))
    throw badRequest('http 处理器的 url 须为本服务的接口路径, 如 /blade-system/param/list')
  const account = p.account === undefined || p.account === '' ? user.account : String(p.account)
  if (account !== user.account && !user.roleAliases.includes('administrator'))
    throw badRequest(MSG_HTTP_ACCOUNT)
  return JSON.stringify({ ...p, method, url, account })
}

const merged = (w: WriteContext): Row => {
  const row: Row = { ...(w.existing ?? {}) }
  for (const [k, v] of Object.entries(w.values))
    row[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v
  return row
}

/** beforeWrite of job info: defaults for what was left empty, every rule above, then the next trigger planned in the same write. */
export async function checkJob(w: WriteContext): Promise<void> {
  for (const f of jobInfo.fields as readonly FieldDef[]) {
    const column = columnOf(f)
    const missing = w.existing
      ? column in w.values && w.values[column] === null
      : !(column in w.values) || w.values[column] === null
    if (f.defaultValue !== undefined && missing) w.values[column] = f.defaultValue
  }
  const job = merged(w)
  const type = Number(job.timeExpressionType ?? 2)
  if (type === TIME_WORKFLOW) throw badRequest(MSG_WORKFLOW)
  const timing = {
    timeExpressionType: type,
    timeExpression: job.timeExpression as string | null,
    timeZone: job.timeZone as string | null,
    lifecycle: job.lifecycle as string | null,
  }
  const why = checkTiming(timing)
  if (why) throw badRequest(why)
  if (Number(job.processorType ?? 1) !== 1) throw badRequest(MSG_EXTERNAL)
  if (Number(job.executeType ?? 1) === 3) throw badRequest(MSG_MAP_REDUCE)
  const processor = String(job.processorInfo ?? '')
  if (!(BUILT_IN_PROCESSORS as readonly string[]).includes(processor))
    throw badRequest(MSG_PROCESSOR)
  const params = checkParams(processor, job.jobParams, w.user)
  if (params !== undefined) w.values.job_params = params
  const serverId = String(job.jobServerId ?? '')
  if (serverId !== EMBEDDED_JOB_SERVER_ID) {
    const server = await w.trx
      .selectFrom('blade_job_server')
      .select(['id', 'job_server_url as jobServerUrl'])
      .where('id', '=', serverId)
      .where(
        'tenant_id',
        '=',
        w.existing
          ? String(w.existing.tenantId)
          : tenantOf(w.user, {
              tenantId: typeof w.input.tenantId === 'string' ? w.input.tenantId : undefined,
            }),
      )
      .where('is_deleted', '=', 0)
      .executeTakeFirst()
    if (!server) throw badRequest(MSG_JOB_SERVER)
    // The built-in processors run in this server only: an external PowerJob server has none of them.
    if (server.jobServerUrl !== EMBEDDED_JOB_SERVER_URL) throw badRequest(MSG_EXTERNAL_SERVER)
  }
  const enabled = Number(job.enable ?? 1) === 1
  w.values.next_trigger_time = enabled && type !== TIME_API ? nextTrigger(timing, Date.now()) : null
}
