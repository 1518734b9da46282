// Running processes (/blade-flow/follow) and a process's diagram and history (/blade-flow/process):
// the tenant's instances with the activities they wait in, ending one with a reason, the BPMN XML
// with the activities passed, and who did what, when and with what comment.
import type { FlowHistoryEntry, FlowModelView } from '../../../src/domain/workflow/flow-records.ts'
import { button, type Access } from '../../core/access.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { caller } from '../../auth/context.ts'
import { params, requireParam, type Module, type RouteDef } from '../../core/routes.ts'
import {
  assertProcessReader,
  contains,
  guarded,
  idOf,
  pageArgs,
  pageOf,
  userNames,
} from './shared.ts'
import { toExecution } from './wire.ts'

/** A process's diagram and history: read by the follow and diagram screens and every work list. */
export const FLOW_READERS: Access = {
  kind: 'anyButton',
  codes: [
    'flow_follow',
    'flow_diagram',
    'work_start',
    'work_claim',
    'work_todo',
    'work_send',
    'work_done',
    'leave',
  ],
}

const SHOWN = ['startEvent', 'userTask', 'endEvent']
const MAX_REASON = 500

const toMs = (t: string) => Date.parse(t.replace(' ', 'T'))

/** A duration in the product's words: 1天2小时5分3秒 (zero parts left out). */
function durationText(from: string, to: string | null): string {
  if (!to) return ''
  let s = Math.max(0, Math.round((toMs(to) - toMs(from)) / 1000))
  if (!Number.isFinite(s)) return ''
  const parts: string[] = []
  for (const [unit, len] of [
    ['天', 86400],
    ['小时', 3600],
    ['分', 60],
  ] as const) {
    const n = Math.floor(s / len)
    s -= n * len
    if (n) parts.push(`${n}${unit}`)
  }
  if (s || !parts.length) parts.push(`${s}秒`)
  return parts.join('')
}

export const followRoutes: Module = (ctx): RouteDef[] => {
  const { db } = ctx
  const instanceOf = async (tenantId: string, id: string) => {
    const inst = await db
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()
    if (!inst) throw notFound('流程实例不存在或已被删除')
    return inst
  }
  return [
    {
      method: 'GET',
      url: '/blade-flow/follow/list',
      access: button('flow_follow'),
      owner: 'tenant',
      sample: { query: { current: '1', size: '10', processDefinitionKey: 'Leave' } },
      handler: async (req) => {
        const p = params(req)
        const { current, size, offset } = pageArgs(p)
        let q = db
          .selectFrom('bladeFlowInstance as i')
          .innerJoin('bladeFlowDefinition as d', 'd.id', 'i.definitionId')
          .where('i.tenantId', '=', caller(req).tenantId)
        if (p.processDefinitionKey?.trim())
          q = q.where(contains('d.process_key', p.processDefinitionKey.trim()))
        if (p.businessId?.trim()) q = q.where('i.businessKey', '=', p.businessId.trim())
        if (p.processInstanceId?.trim()) q = q.where('i.id', '=', p.processInstanceId.trim())
        const total = Number(
          (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        )
        const rows = await q
          .selectAll('i')
          .orderBy('i.startTime', 'desc')
          .orderBy('i.id', 'desc')
          .limit(size)
          .offset(offset)
          .execute()
        const defs = rows.length
          ? await db
              .selectFrom('bladeFlowDefinition')
              .selectAll()
              .where('id', 'in', [...new Set(rows.map((r) => r.definitionId))])
              .execute()
          : []
        const open = rows.length
          ? await db
              .selectFrom('bladeFlowTask')
              .select(['instanceId', 'elementId'])
              .where(
                'instanceId',
                'in',
                rows.map((r) => r.id),
              )
              .where('endTime', 'is', null)
              .execute()
          : []
        const names = await userNames(
          db,
          rows.map((r) => r.startUser),
        )
        const records = rows.map((r) =>
          toExecution(
            r,
            defs.find((d) => d.id === r.definitionId),
            names,
            open.filter((t) => t.instanceId === r.id).map((t) => t.elementId),
          ),
        )
        return ok(pageOf(records, total, current, size))
      },
    },
    {
      method: 'POST',
      url: '/blade-flow/follow/delete-process-instance',
      access: button('flow_follow_delete'),
      owner: 'tenant',
      sample: { query: { processInstanceId: '1', deleteReason: '重复申请' } },
      handler: async (req) => {
        const p = params(req)
        const id = idOf(p, 'processInstanceId')
        const reason = requireParam(p, 'deleteReason').trim()
        if (!reason) throw badRequest('请输入删除原因')
        if (reason.length > MAX_REASON) throw badRequest(`删除原因不能超过${MAX_REASON}个字符`)
        await guarded(() =>
          ctx.flowEngine.deleteInstance({
            tenantId: caller(req).tenantId,
            instanceId: id,
            reason,
          }),
        )
        return done()
      },
    },
    {
      method: 'GET',
      url: '/blade-flow/process/model-view',
      access: FLOW_READERS,
      owner: 'tenant',
      sample: { query: { processInstanceId: '1' } },
      handler: async (req) => {
        const p = params(req)
        const tenantId = caller(req).tenantId
        const instanceId = p.processInstanceId?.trim()
        const definitionId = p.processDefinitionId?.trim()
        if (!instanceId && !definitionId) throw badRequest('缺少必要的请求参数: processInstanceId')
        if ((instanceId && !isId(instanceId)) || (definitionId && !isId(definitionId)))
          throw badRequest('请求参数格式错误: processInstanceId')
        const inst = instanceId ? await instanceOf(tenantId, instanceId) : null
        if (inst) await assertProcessReader(ctx, caller(req), inst)
        const def = await db
          .selectFrom('bladeFlowDefinition')
          .selectAll()
          .where('id', '=', inst?.definitionId ?? definitionId!)
          .where('tenantId', '=', tenantId)
          .executeTakeFirst()
        if (!def) throw notFound('流程定义不存在或已被删除')
        const passed = inst
          ? await db
              .selectFrom('bladeFlowHistory')
              .select(['activityId', 'activityType', 'endTime'])
              .where('instanceId', '=', inst.id)
              .orderBy('seq')
              .execute()
          : []
        const view: FlowModelView = {
          xml: def.xml,
          flow: passed.map((h) => ({
            historyActivityId: h.activityId,
            historyActivityType: h.activityType,
            endTime: h.endTime ?? '',
          })),
        }
        return ok(view)
      },
    },
    {
      method: 'GET',
      url: '/blade-flow/process/history-flow-list',
      access: FLOW_READERS,
      owner: 'tenant',
      sample: { query: { processInstanceId: '1' } },
      handler: async (req) => {
        const inst = await instanceOf(caller(req).tenantId, idOf(params(req), 'processInstanceId'))
        await assertProcessReader(ctx, caller(req), inst)
        const rows = await db
          .selectFrom('bladeFlowHistory as h')
          .leftJoin('bladeFlowTask as t', 't.id', 'h.taskId')
          .select([
            'h.activityId',
            'h.activityName',
            'h.activityType',
            'h.assignee',
            'h.startTime',
            'h.endTime',
            't.comment',
            't.flag',
          ])
          .where('h.instanceId', '=', inst.id)
          .where('h.activityType', 'in', SHOWN)
          .orderBy('h.seq')
          .execute()
        const names = await userNames(
          db,
          rows.map((r) => r.assignee),
        )
        const list: FlowHistoryEntry[] = rows.map((r) => ({
          historyActivityId: r.activityId,
          historyActivityName: r.activityName ?? r.activityId,
          historyActivityType: r.activityType,
          assignee: r.assignee ?? '',
          assigneeName: r.assignee ? (names.get(r.assignee) ?? '') : '',
          createTime: r.startTime,
          endTime: r.endTime ?? '',
          historyActivityDurationTime: durationText(r.startTime, r.endTime),
          comment: r.comment ?? '',
        }))
        return ok(list)
      },
    },
  ]
}
