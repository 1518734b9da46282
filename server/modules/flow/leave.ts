// The leave process (/blade-desk/process/leave): an application starts the seeded leave process
// (its approval waits for the named approver, else for the administrator role) and writes the leave
// row in the same transaction; the detail answers the leave with its flow. Days are inclusive
// calendar days of the dates (2026-03-02 to 2026-03-04 is 3 days; the times of day only order them).
import { leaveDays } from '../../../src/domain/workflow/leave-days.ts'
import {
  LEAVE_CATEGORY,
  LEAVE_PROCESS_KEY,
  type LeaveStartBody,
  type ProcessLeave,
} from '../../../src/domain/workflow/flow-records.ts'
import { button } from '../../core/access.ts'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema.ts'
import type { ProcessLeaveTable } from '../../db/schema-flow.ts'
import { now } from '../../core/dates.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, type Module, type RouteDef } from '../../core/routes.ts'
import { caller } from '../../auth/context.ts'
import { FLOW_READERS } from './follow.ts'
import { assertProcessReader, categoryNames, guarded, idOf, userNames } from './shared.ts'
import { toBladeFlow } from './wire.ts'

const API = '/blade-desk/process/leave'
const LEAVE_TABLE = 'blade_process_leave'
const MAX_REASON = 500
const MAX_DAYS = 366
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/

/** 'yyyy-MM-dd[ HH:mm[:ss]]' as a stored time, or null when it is not a real date and time. */
function leaveTime(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const m = DATE_TIME.exec(v.trim())
  if (!m) return null
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m.slice(1)
  const t = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)),
  )
  if (
    t.getUTCFullYear() !== Number(y) ||
    t.getUTCMonth() !== Number(mo) - 1 ||
    t.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return null
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`
}

const toLeave = (r: Selectable<ProcessLeaveTable>): ProcessLeave => ({
  id: r.id,
  processDefinitionId: r.processDefinitionId,
  processInstanceId: r.processInstanceId ?? '',
  startTime: r.startTime,
  endTime: r.endTime,
  days: Number(r.days),
  reason: r.reason,
  taskUser: r.taskUser ?? '',
  applyTime: r.applyTime,
  createUser: r.createUser ?? '',
})

export const leaveRoutes: Module = (ctx): RouteDef[] => {
  const { db } = ctx
  return [
    {
      method: 'POST',
      url: `${API}/start-process`,
      access: button('leave_add'),
      owner: 'tenant',
      sample: {
        json: {
          processDefinitionId: '1',
          startTime: '2026-03-02 09:00:00',
          endTime: '2026-03-04 18:00:00',
          reason: '回老家办事',
        } satisfies LeaveStartBody,
      },
      handler: async (req) => {
        const user = caller(req)
        const b = body<Partial<Record<keyof LeaveStartBody, unknown>>>(req)
        const definitionId =
          typeof b.processDefinitionId === 'string' ? b.processDefinitionId.trim() : ''
        if (!isId(definitionId))
          throw badRequest(
            definitionId
              ? '请求参数格式错误: processDefinitionId'
              : '缺少必要的请求参数: processDefinitionId',
          )
        const startTime = leaveTime(b.startTime)
        if (!startTime) throw badRequest('请选择正确的开始时间 (yyyy-MM-dd HH:mm:ss)')
        const endTime = leaveTime(b.endTime)
        if (!endTime) throw badRequest('请选择正确的结束时间 (yyyy-MM-dd HH:mm:ss)')
        const days = leaveDays(startTime, endTime)
        if (days === null) throw badRequest('结束时间不能早于开始时间')
        if (days > MAX_DAYS) throw badRequest(`请假天数不能超过${MAX_DAYS}天`)
        if (typeof b.reason !== 'string' || !b.reason.trim()) throw badRequest('请输入请假理由')
        const reason = b.reason.trim()
        if (reason.length > MAX_REASON) throw badRequest(`请假理由不能超过${MAX_REASON}个字符`)
        let taskUser: string | null = null
        if (b.taskUser !== undefined && b.taskUser !== null && b.taskUser !== '') {
          if (typeof b.taskUser !== 'string' || !isId(b.taskUser.trim()))
            throw badRequest('请求参数格式错误: taskUser')
          taskUser = b.taskUser.trim()
          const approver = await db
            .selectFrom('bladeUser')
            .select('id')
            .where('id', '=', taskUser)
            .where('tenantId', '=', user.tenantId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
          if (!approver) throw badRequest('审批人不存在')
        }
        const def = await db
          .selectFrom('bladeFlowDefinition')
          .select(['processKey', 'category'])
          .where('id', '=', definitionId)
          .where('tenantId', '=', user.tenantId)
          .executeTakeFirst()
        if (!def) throw notFound('流程定义不存在或已被删除')
        if (def.processKey !== LEAVE_PROCESS_KEY && def.category !== LEAVE_CATEGORY)
          throw badRequest('该流程不是请假流程')
        const id = nextId()
        const at = now()
        const started = await guarded(() =>
          ctx.flowEngine.start({
            tenantId: user.tenantId,
            definitionId,
            startUser: user.userId,
            businessTable: LEAVE_TABLE,
            businessKey: id,
            variables: { taskUser: taskUser ?? '', days, applyUser: user.userId },
            within: async (trx, instanceId) => {
              const row = {
                id,
                tenantId: user.tenantId,
                processDefinitionId: definitionId,
                processInstanceId: instanceId,
                startTime,
                endTime,
                days,
                reason,
                taskUser,
                applyTime: at,
                createUser: user.userId,
                createDept: user.deptIds[0] ?? null,
                createTime: at,
                updateUser: user.userId,
                updateTime: at,
                version: 1,
              }
              await (trx as unknown as Kysely<Pick<DB, 'bladeProcessLeave'>>)
                .insertInto('bladeProcessLeave')
                .values(row)
                .execute()
              return row
            },
          }),
        )
        return ok(toLeave({ ...started.result!, status: 1, isDeleted: 0 }))
      },
    },
    {
      method: 'GET',
      url: `${API}/detail`,
      access: {
        kind: 'anyButton',
        codes: ['leave', ...(FLOW_READERS.kind === 'anyButton' ? FLOW_READERS.codes : [])],
      },
      owner: 'tenant',
      sample: { query: { businessId: '1' } },
      handler: async (req) => {
        const user = caller(req)
        const leave = await db
          .selectFrom('bladeProcessLeave')
          .selectAll()
          .where('id', '=', idOf(params(req), 'businessId'))
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!leave) throw notFound('请假申请不存在或已被删除')
        const out: ProcessLeave = toLeave(leave)
        const inst = leave.processInstanceId
          ? await db
              .selectFrom('bladeFlowInstance')
              .selectAll()
              .where('id', '=', leave.processInstanceId)
              .executeTakeFirst()
          : undefined
        if (inst) await assertProcessReader(ctx, user, inst)
        else if (leave.createUser !== user.userId) throw notFound('请假申请不存在或已被删除')
        if (inst) {
          const task = await db
            .selectFrom('bladeFlowTask')
            .selectAll()
            .where('instanceId', '=', inst.id)
            .orderBy('createTime', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst()
          const def = await db
            .selectFrom('bladeFlowDefinition')
            .selectAll()
            .where('id', '=', inst.definitionId)
            .executeTakeFirst()
          out.flow = toBladeFlow(
            task,
            inst,
            def,
            await userNames(db, [task?.assignee, inst.startUser]),
            await categoryNames(db),
          )
        }
        return ok(out)
      },
    },
  ]
}
