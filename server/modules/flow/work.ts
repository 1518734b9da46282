// My work (/blade-flow/work): the processes the caller can start, the tasks they may claim (a
// candidate user, or a holder of a candidate role), their to-do tasks, the processes they started
// and the tasks they completed; claiming a task and completing it with an outcome. A task is seen
// and handled only by its assignee or a candidate, within the caller's tenant.
import type { Kysely } from 'kysely'
import {
  FINISHED,
  FLAG_OK,
  UNFINISHED,
  type BladeFlow,
  type FlowCompleteBody,
} from '../../../src/domain/workflow/flow-records.ts'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import type { DB } from '../../db/schema.ts'
import { STATE_ACTIVE, type InstanceRow, type TaskRow } from '../../db/schema-bpmn.ts'
import { badRequest, done, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { body, params, type Module, type RouteDef } from '../../core/routes.ts'
import {
  categoryNames,
  contains,
  flowUser,
  guarded,
  idOf,
  listHas,
  pageArgs,
  pageOf,
  userNames,
} from './shared.ts'
import { toBladeFlow, toProcess } from './wire.ts'

const API = '/blade-flow/work'
const MAX_COMMENT = 1000
const MAX_VARIABLES = 50
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** The work-list records of tasks (or of instances, with their open task if any). */
async function bladeFlows(
  db: Kysely<DB>,
  items: { task?: TaskRow; instance: InstanceRow }[],
): Promise<BladeFlow[]> {
  const defIds = [...new Set(items.map((x) => x.instance.definitionId))]
  const defs = defIds.length
    ? await db.selectFrom('bladeFlowDefinition').selectAll().where('id', 'in', defIds).execute()
    : []
  const names = await userNames(
    db,
    items.flatMap((x) => [x.task?.assignee, x.instance.startUser]),
  )
  const cats = await categoryNames(db)
  return items.map((x) =>
    toBladeFlow(
      x.task,
      x.instance,
      defs.find((d) => d.id === x.instance.definitionId),
      names,
      cats,
    ),
  )
}

/** Checked process variables of a completion: plain names, JSON values, a bounded number. */
function variablesOf(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null) return {}
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('请求参数格式错误: variables')
  const entries = Object.entries(v as Record<string, unknown>)
  if (entries.length > MAX_VARIABLES) throw badRequest(`流程变量不能超过${MAX_VARIABLES}个`)
  for (const [k, x] of entries) {
    if (!VARIABLE_NAME.test(k) || k === 'pass' || k === 'flag')
      throw badRequest(`流程变量名不合法: ${k}`)
    if (x !== null && typeof x === 'object')
      throw badRequest(`流程变量只能是文字、数字或是否: ${k}`)
    if (typeof x === 'string' && x.length > 1000) throw badRequest(`流程变量过长: ${k}`)
  }
  return Object.fromEntries(entries)
}

export const workRoutes: Module = (ctx): RouteDef[] => {
  const { db } = ctx
  /** A page of tasks, each with its instance, for a filter on `bladeFlowTask as t`. */
  const taskPage = async (
    p: Record<string, string>,
    user: AuthUser,
    filter: (q: ReturnType<typeof tasks>) => ReturnType<typeof tasks>,
    order: 'create' | 'end',
  ) => {
    const { current, size, offset } = pageArgs(p)
    let q = filter(tasks(user))
    if (p.processDefinitionName?.trim())
      q = q.where(contains('d.name', p.processDefinitionName.trim()))
    if (p.category?.trim()) q = q.where('d.category', '=', p.category.trim())
    const total = Number(
      (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    )
    const rows = await q
      .selectAll('t')
      .orderBy(order === 'create' ? 't.createTime' : 't.endTime', 'desc')
      .orderBy('t.id', 'desc')
      .limit(size)
      .offset(offset)
      .execute()
    const insts = rows.length
      ? await db
          .selectFrom('bladeFlowInstance')
          .selectAll()
          .where('id', 'in', [...new Set(rows.map((r) => r.instanceId))])
          .execute()
      : []
    const records = await bladeFlows(
      db,
      rows.map((task) => ({ task, instance: insts.find((i) => i.id === task.instanceId)! })),
    )
    return ok(pageOf(records, total, current, size))
  }
  const tasks = (user: AuthUser) =>
    db
      .selectFrom('bladeFlowTask as t')
      .innerJoin('bladeFlowInstance as i', 'i.id', 't.instanceId')
      .innerJoin('bladeFlowDefinition as d', 'd.id', 'i.definitionId')
      .where('t.tenantId', '=', user.tenantId)
  const listSample = { query: { current: '1', size: '10' } }
  return [
    {
      method: 'GET',
      url: `${API}/start-list`,
      access: { kind: 'anyButton', codes: ['work_start', 'leave'] },
      owner: 'tenant',
      sample: listSample,
      handler: async (req) => {
        const p = params(req)
        const { current, size, offset } = pageArgs(p)
        const tenantId = caller(req).tenantId
        // The latest version of each process, when it is active (Flowable's latestVersion().active()).
        let q = db
          .selectFrom('bladeFlowDefinition as d')
          .where('d.tenantId', '=', tenantId)
          .where('d.suspensionState', '=', STATE_ACTIVE)
          .where(({ eb, selectFrom }) =>
            eb(
              'd.processVersion',
              '=',
              selectFrom('bladeFlowDefinition as l')
                .select((e) => e.fn.max('l.processVersion').as('v'))
                .where('l.tenantId', '=', tenantId)
                .whereRef('l.processKey', '=', 'd.processKey'),
            ),
          )
        if (p.category?.trim()) q = q.where('d.category', '=', p.category.trim())
        if (p.name?.trim()) q = q.where(contains('d.name', p.name.trim()))
        const total = Number(
          (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        )
        const rows = await q
          .selectAll('d')
          .orderBy('d.processKey')
          .limit(size)
          .offset(offset)
          .execute()
        const cats = await categoryNames(db)
        return ok(
          pageOf(
            rows.map((r) => toProcess(r, cats)),
            total,
            current,
            size,
          ),
        )
      },
    },
    {
      method: 'GET',
      url: `${API}/claim-list`,
      access: button('work_claim'),
      owner: 'tenant',
      sample: listSample,
      handler: async (req) => {
        const user = caller(req)
        return taskPage(
          params(req),
          user,
          (q) =>
            q
              .where('t.endTime', 'is', null)
              .where('t.assignee', 'is', null)
              .where((eb) =>
                eb.or([
                  listHas('t.candidate_users', user.userId),
                  ...user.roleAliases.filter(Boolean).map((r) => listHas('t.candidate_groups', r)),
                ]),
              ),
          'create',
        )
      },
    },
    {
      method: 'GET',
      url: `${API}/todo-list`,
      access: button('work_todo'),
      owner: 'tenant',
      sample: listSample,
      handler: async (req) => {
        const user = caller(req)
        return taskPage(
          params(req),
          user,
          (q) => q.where('t.endTime', 'is', null).where('t.assignee', '=', user.userId),
          'create',
        )
      },
    },
    {
      method: 'GET',
      url: `${API}/done-list`,
      access: button('work_done'),
      owner: 'tenant',
      sample: listSample,
      handler: async (req) => {
        const user = caller(req)
        // Completed by the caller (a task closed because its process was ended has no outcome).
        return taskPage(
          params(req),
          user,
          (q) =>
            q
              .where('t.endTime', 'is not', null)
              .where('t.assignee', '=', user.userId)
              .where('t.flag', 'is not', null),
          'end',
        )
      },
    },
    {
      method: 'GET',
      url: `${API}/send-list`,
      access: button('work_send'),
      owner: 'tenant',
      sample: listSample,
      handler: async (req) => {
        const user = caller(req)
        const p = params(req)
        const { current, size, offset } = pageArgs(p)
        let q = db
          .selectFrom('bladeFlowInstance as i')
          .innerJoin('bladeFlowDefinition as d', 'd.id', 'i.definitionId')
          .where('i.tenantId', '=', user.tenantId)
          .where('i.startUser', '=', user.userId)
        if (p.processDefinitionName?.trim())
          q = q.where(contains('d.name', p.processDefinitionName.trim()))
        // The leave screen lists the caller's requests of its own category.
        if (p.category?.trim()) q = q.where('d.category', '=', p.category.trim())
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
        const open = rows.length
          ? await db
              .selectFrom('bladeFlowTask')
              .selectAll()
              .where(
                'instanceId',
                'in',
                rows.map((r) => r.id),
              )
              .where('endTime', 'is', null)
              .orderBy('createTime')
              .execute()
          : []
        const records = await bladeFlows(
          db,
          rows.map((instance) => ({
            instance,
            task: open.find((t) => t.instanceId === instance.id),
          })),
        )
        return ok(pageOf(records, total, current, size))
      },
    },
    {
      method: 'POST',
      url: `${API}/claim-task`,
      access: button('work_claim_sign'),
      owner: 'tenant',
      sample: { query: { taskId: '1' } },
      handler: async (req) => {
        const user = caller(req)
        await guarded(() =>
          ctx.flowEngine.claim({
            tenantId: user.tenantId,
            taskId: idOf(params(req), 'taskId'),
            user: flowUser(user),
          }),
        )
        return done()
      },
    },
    {
      method: 'POST',
      url: `${API}/complete-task`,
      access: button('work_todo_handle'),
      owner: 'tenant',
      sample: {
        json: {
          taskId: '1',
          processInstanceId: '1',
          flag: FLAG_OK,
          comment: '同意',
        } satisfies FlowCompleteBody,
      },
      handler: async (req) => {
        const user = caller(req)
        const b = body<Partial<Record<keyof FlowCompleteBody, unknown>>>(req)
        const taskId = typeof b.taskId === 'string' ? b.taskId.trim() : ''
        if (!isId(taskId))
          throw badRequest(taskId ? '请求参数格式错误: taskId' : '缺少必要的请求参数: taskId')
        if (typeof b.flag !== 'string' || !b.flag.trim())
          throw badRequest('缺少必要的请求参数: flag')
        if (b.flag.length > 64) throw badRequest('请求参数格式错误: flag')
        if (b.comment !== undefined && b.comment !== null && typeof b.comment !== 'string')
          throw badRequest('请求参数格式错误: comment')
        const comment = typeof b.comment === 'string' ? b.comment.trim() : ''
        if (comment.length > MAX_COMMENT) throw badRequest(`审批意见不能超过${MAX_COMMENT}个字符`)
        const variables = variablesOf(b.variables)
        if (
          b.processInstanceId !== undefined &&
          b.processInstanceId !== null &&
          b.processInstanceId !== ''
        ) {
          if (typeof b.processInstanceId !== 'string' || !isId(b.processInstanceId))
            throw badRequest('请求参数格式错误: processInstanceId')
          const task = await db
            .selectFrom('bladeFlowTask')
            .select('instanceId')
            .where('id', '=', taskId)
            .where('tenantId', '=', user.tenantId)
            .executeTakeFirst()
          if (task && task.instanceId !== b.processInstanceId)
            throw badRequest('任务不属于该流程实例')
        }
        const flag = b.flag.trim()
        const r = await guarded(() =>
          ctx.flowEngine.complete({
            tenantId: user.tenantId,
            taskId,
            user: flowUser(user),
            flag,
            pass: flag === FLAG_OK,
            comment,
            variables,
          }),
        )
        return ok({
          processInstanceId: r.instanceId,
          processIsFinished: r.finished ? FINISHED : UNFINISHED,
        })
      },
    },
  ]
}
