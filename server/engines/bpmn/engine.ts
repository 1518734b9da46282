// The embedded BPMN 2.0 process engine (bpmn-engine), its state kept in the database: a step (a
// start runs to the first wait; a completed task runs to the next wait or the end) happens in one
// transaction that locks the instance row (PostgreSQL FOR UPDATE; SQLite has one writer), recovers
// the engine from the state saved by the last step, applies the step, and saves the new state, the
// user tasks and the activity history. So a process survives a restart, and two server processes
// completing tasks of one process at once are applied one after the other, each exactly once.
import type { Kysely, Transaction } from 'kysely'
import { lockNames } from '../../db/advisory-locks.ts'
import { evaluate } from './expressions.ts'
import { readModel, type ProcessModel } from './model.ts'
import { runStep, StepError, type StepResult } from './step.ts'
import {
  STATE_ACTIVE,
  STATE_SUSPENDED,
  type DefinitionRow,
  type FlowTables,
  type InstanceRow,
  type TaskRow,
} from '../../db/schema-bpmn.ts'

const MSG_NO_DEFINITION = '流程定义不存在或已被删除'
export const MSG_SUSPENDED = '流程定义已挂起, 不能发起'
const MSG_NO_INSTANCE = '流程实例不存在或已被删除'
const MSG_INSTANCE_ENDED = '流程已结束'
const MSG_NO_TASK = '待办任务不存在或已被删除'
export const MSG_TASK_DONE = '任务已办结, 不能再次办理'
export const MSG_NOT_ASSIGNEE = '只有任务的办理人才能办理该任务, 请先签收'
export const MSG_NOT_CANDIDATE = '您不是该任务的候选人, 不能签收'
export const MSG_CLAIMED = '任务已被签收'

/** A request the engine refuses; the message says why, for the person who asked. */
export class FlowRefusal extends Error {
  readonly status: 400 | 404 | 409
  constructor(message: string, status: 400 | 404 | 409 = 400) {
    super(message)
    this.status = status
  }
}

export interface FlowUser {
  userId: string
  /** Role aliases: a task's candidate groups name them. */
  roleAliases: string[]
}

export interface FlowEngineOptions {
  db: Kysely<FlowTables>
  dialect: 'sqlite' | 'postgres'
  newId: () => string
  /** 'yyyy-MM-dd HH:mm:ss' now. */
  now: () => string
}

export interface DeployFile {
  resourceName: string
  xml: string
}

type Trx = Transaction<FlowTables>

const list = (v: unknown): string | null => {
  const items = (Array.isArray(v) ? v : String(v ?? '').split(','))
    .map((x) => String(x ?? '').trim())
    .filter(Boolean)
  return items.length ? items.join(',') : null
}

/** User ids of an assignee or candidate-users value: BladeX's designer writes a user as `taskUser_<id>`. */
function userIds(v: unknown): string | null {
  const l = list(v)
  return (
    l &&
    l
      .split(',')
      .map((u) => u.replace(/^taskUser_/, ''))
      .join(',')
  )
}

/** Whether the user is the task's candidate (a candidate user, or holds a candidate role). */
function isCandidate(
  task: Pick<TaskRow, 'candidateUsers' | 'candidateGroups'>,
  user: FlowUser,
): boolean {
  const users = (task.candidateUsers ?? '').split(',')
  const groups = (task.candidateGroups ?? '').split(',')
  return users.includes(user.userId) || user.roleAliases.some((r) => r !== '' && groups.includes(r))
}

export function createFlowEngine(o: FlowEngineOptions) {
  const { db } = o
  const models = new Map<string, Promise<ProcessModel>>()
  const modelOf = (def: DefinitionRow) => {
    let m = models.get(def.id)
    if (!m) models.set(def.id, (m = readModel(def.xml)))
    return m
  }

  const definitionOf = async (q: Kysely<FlowTables>, tenantId: string, id: string) => {
    const def = await q
      .selectFrom('bladeFlowDefinition')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst()
    if (!def) throw new FlowRefusal(MSG_NO_DEFINITION, 404)
    return def
  }

  /** The instance row, locked until the transaction ends. */
  const lockInstance = async (trx: Trx, tenantId: string, id: string): Promise<InstanceRow> => {
    let q = trx
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', tenantId)
    if (o.dialect === 'postgres') q = q.forUpdate()
    const inst = await q.executeTakeFirst()
    if (!inst) throw new FlowRefusal(MSG_NO_INSTANCE, 404)
    return inst
  }

  const step = async (input: Parameters<typeof runStep>[0]): Promise<StepResult> => {
    try {
      return await runStep(input)
    } catch (e) {
      if (e instanceof StepError) throw new FlowRefusal(e.message)
      throw e
    }
  }

  /** Writes what a step did: history rows, new and ended tasks, the instance's state. */
  const save = async (
    trx: Trx,
    def: DefinitionRow,
    inst: Pick<InstanceRow, 'id' | 'tenantId' | 'startUser' | 'version'>,
    r: StepResult,
    isNew: boolean,
  ) => {
    const at = o.now()
    const model = await modelOf(def)
    const last = await trx
      .selectFrom('bladeFlowHistory')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('instanceId', '=', inst.id)
      .executeTakeFirst()
    let seq = Number(last?.seq ?? 0)
    const startedIds = new Set(r.started.map((a) => a.executionId))
    const have = new Set(
      (
        await trx
          .selectFrom('bladeFlowTask')
          .select('executionId')
          .where('instanceId', '=', inst.id)
          .execute()
      ).map((t) => t.executionId),
    )
    const newTasks = r.waiting.filter((w) => !have.has(w.executionId))
    const taskIds = new Map(newTasks.map((w) => [w.executionId, o.newId()]))
    if (r.started.length) {
      await trx
        .insertInto('bladeFlowHistory')
        .values(
          r.started.map((a) => ({
            id: o.newId(),
            tenantId: inst.tenantId,
            instanceId: inst.id,
            executionId: a.executionId,
            activityId: a.id,
            activityName: a.name,
            activityType: a.type,
            assignee: a.type === 'startEvent' ? inst.startUser : null,
            taskId: taskIds.get(a.executionId) ?? null,
            startTime: at,
            endTime: r.ended.includes(a.executionId) ? at : null,
            seq: ++seq,
          })),
        )
        .execute()
    }
    const endedBefore = r.ended.filter((e) => !startedIds.has(e))
    if (endedBefore.length)
      await trx
        .updateTable('bladeFlowHistory')
        .set({ endTime: at })
        .where('instanceId', '=', inst.id)
        .where('executionId', 'in', endedBefore)
        .where('endTime', 'is', null)
        .execute()
    for (const w of newTasks) {
      const spec = model.userTasks.get(w.id)
      const value = (text: string | null | undefined) => (text ? evaluate(text, r.variables) : null)
      const assignee = userIds(value(spec?.assignee))
      await trx
        .insertInto('bladeFlowTask')
        .values({
          id: taskIds.get(w.executionId)!,
          tenantId: inst.tenantId,
          instanceId: inst.id,
          executionId: w.executionId,
          elementId: w.id,
          name: w.name ?? spec?.name ?? w.id,
          assignee: assignee?.split(',')[0] ?? null,
          candidateUsers: userIds(value(spec?.candidateUsers)),
          candidateGroups: list(value(spec?.candidateGroups)),
          createTime: at,
          claimTime: null,
          endTime: null,
          flag: null,
          comment: null,
        })
        .execute()
    }
    // Tasks that no longer wait (the process moved past them or ended) are closed.
    const waitingNow = r.waiting.map((w) => w.executionId)
    let stale = trx
      .updateTable('bladeFlowTask')
      .set({ endTime: at })
      .where('instanceId', '=', inst.id)
      .where('endTime', 'is', null)
    if (waitingNow.length) stale = stale.where('executionId', 'not in', waitingNow)
    await stale.execute()
    if (isNew) return
    const saved = await trx
      .updateTable('bladeFlowInstance')
      .set({
        state: r.state,
        finished: r.finished ? 1 : 0,
        endTime: r.finished ? at : null,
        version: inst.version + 1,
      })
      .where('id', '=', inst.id)
      .where('version', '=', inst.version)
      .executeTakeFirst()
    if (Number(saved.numUpdatedRows) !== 1)
      throw new FlowRefusal('流程已被他人处理, 请刷新后重试', 409)
  }

  const engine = {
    /** Checks a BPMN file; its process key and name. */
    check: (xml: string) => readModel(xml),

    /**
     * Deploys the files into each tenant (one deployment per tenant); each file's process becomes a
     * definition whose version is one more than the last of its key in that tenant.
     */
    async deploy(p: {
      tenantIds: string[]
      category: string
      files: DeployFile[]
    }): Promise<DefinitionRow[]> {
      const read = await Promise.all(
        p.files.map(async (f) => ({ ...f, model: await readModel(f.xml) })),
      )
      return db.transaction().execute(async (trx) => {
        await lockNames(
          trx as never,
          o.dialect,
          p.tenantIds.flatMap((t) => read.map((f) => `flow-deploy:${t}:${f.model.key}`)),
        )
        const rows: DefinitionRow[] = []
        for (const tenantId of p.tenantIds) {
          const deploymentId = o.newId()
          for (const f of read) {
            const last = await trx
              .selectFrom('bladeFlowDefinition')
              .select((eb) => eb.fn.max('processVersion').as('v'))
              .where('tenantId', '=', tenantId)
              .where('processKey', '=', f.model.key)
              .executeTakeFirst()
            const row: DefinitionRow = {
              id: o.newId(),
              tenantId,
              deploymentId,
              processKey: f.model.key,
              name: f.model.name,
              category: p.category,
              processVersion: Number(last?.v ?? 0) + 1,
              resourceName: f.resourceName,
              xml: f.xml,
              suspensionState: STATE_ACTIVE,
              deploymentTime: o.now(),
            }
            await trx.insertInto('bladeFlowDefinition').values(row).execute()
            rows.push(row)
          }
        }
        return rows
      })
    },

    async setSuspended(tenantId: string, definitionId: string, suspended: boolean): Promise<void> {
      await definitionOf(db, tenantId, definitionId)
      await db
        .updateTable('bladeFlowDefinition')
        .set({ suspensionState: suspended ? STATE_SUSPENDED : STATE_ACTIVE })
        .where('id', '=', definitionId)
        .where('tenantId', '=', tenantId)
        .execute()
    },

    /** Deletes the deployments with their definitions and every instance, task and history row of them. */
    async deleteDeployments(tenantId: string, deploymentIds: string[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const defs = trx
          .selectFrom('bladeFlowDefinition')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('deploymentId', 'in', deploymentIds)
        const insts = trx
          .selectFrom('bladeFlowInstance')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('definitionId', 'in', defs)
        await trx.deleteFrom('bladeFlowTask').where('instanceId', 'in', insts).execute()
        await trx.deleteFrom('bladeFlowHistory').where('instanceId', 'in', insts).execute()
        await trx
          .deleteFrom('bladeFlowInstance')
          .where('tenantId', '=', tenantId)
          .where('definitionId', 'in', defs)
          .execute()
        const r = await trx
          .deleteFrom('bladeFlowDefinition')
          .where('tenantId', '=', tenantId)
          .where('deploymentId', 'in', deploymentIds)
          .executeTakeFirst()
        return Number(r.numDeletedRows)
      })
    },

    /**
     * Starts a process: it runs to its first wait (or its end) and is saved with its tasks. `within`
     * writes the business row in the same transaction (it is given the new instance's id).
     */
    async start<T = void>(p: {
      tenantId: string
      definitionId: string
      startUser: string
      businessTable?: string
      businessKey?: string
      variables?: Record<string, unknown>
      within?: (trx: Trx, instanceId: string) => Promise<T>
    }): Promise<{
      instanceId: string
      definition: DefinitionRow
      finished: boolean
      result: T | undefined
    }> {
      const def = await definitionOf(db, p.tenantId, p.definitionId)
      if (def.suspensionState !== STATE_ACTIVE) throw new FlowRefusal(MSG_SUSPENDED)
      const instanceId = o.newId()
      const r = await step({
        name: instanceId,
        xml: def.xml,
        state: null,
        variables: { ...p.variables, initiator: p.startUser },
      })
      const result = await db.transaction().execute(async (trx) => {
        // Suspended or deleted while the first step ran: nothing is written.
        const still = await trx
          .selectFrom('bladeFlowDefinition')
          .select('suspensionState')
          .where('id', '=', def.id)
          .executeTakeFirst()
        if (!still) throw new FlowRefusal(MSG_NO_DEFINITION, 404)
        if (still.suspensionState !== STATE_ACTIVE) throw new FlowRefusal(MSG_SUSPENDED)
        const at = o.now()
        const inst: InstanceRow = {
          id: instanceId,
          tenantId: p.tenantId,
          definitionId: def.id,
          businessTable: p.businessTable ?? null,
          businessKey: p.businessKey ?? null,
          startUser: p.startUser,
          startTime: at,
          endTime: r.finished ? at : null,
          finished: r.finished ? 1 : 0,
          deleteReason: null,
          state: r.state,
          version: 1,
        }
        await trx.insertInto('bladeFlowInstance').values(inst).execute()
        await save(trx, def, inst, r, true)
        return p.within ? await p.within(trx, instanceId) : undefined
      })
      return { instanceId, definition: def, finished: r.finished, result }
    },

    /** Takes an unclaimed task as its assignee; only a candidate may. */
    async claim(p: { tenantId: string; taskId: string; user: FlowUser }): Promise<void> {
      const task = await db
        .selectFrom('bladeFlowTask')
        .selectAll()
        .where('id', '=', p.taskId)
        .where('tenantId', '=', p.tenantId)
        .executeTakeFirst()
      if (!task) throw new FlowRefusal(MSG_NO_TASK, 404)
      if (task.endTime !== null) throw new FlowRefusal(MSG_TASK_DONE, 409)
      if (task.assignee !== null) throw new FlowRefusal(MSG_CLAIMED, 409)
      if (!isCandidate(task, p.user)) throw new FlowRefusal(MSG_NOT_CANDIDATE)
      const at = o.now()
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('bladeFlowTask')
          .set({ assignee: p.user.userId, claimTime: at })
          .where('id', '=', task.id)
          .where('assignee', 'is', null)
          .where('endTime', 'is', null)
          .executeTakeFirst()
        if (Number(r.numUpdatedRows) !== 1) throw new FlowRefusal(MSG_CLAIMED, 409)
        await trx
          .updateTable('bladeFlowHistory')
          .set({ assignee: p.user.userId })
          .where('taskId', '=', task.id)
          .execute()
      })
    },

    /**
     * Completes the caller's task with an outcome: sets the variables (and `flag`, and `pass` true
     * when the flag is the approving one), the comment on the task, and runs to the next wait.
     */
    async complete(p: {
      tenantId: string
      taskId: string
      user: FlowUser
      flag: string
      pass: boolean
      comment: string
      variables?: Record<string, unknown>
    }): Promise<{ instanceId: string; finished: boolean }> {
      const first = await db
        .selectFrom('bladeFlowTask')
        .select('instanceId')
        .where('id', '=', p.taskId)
        .where('tenantId', '=', p.tenantId)
        .executeTakeFirst()
      if (!first) throw new FlowRefusal(MSG_NO_TASK, 404)
      return db.transaction().execute(async (trx) => {
        const inst = await lockInstance(trx, p.tenantId, first.instanceId)
        // Read again under the lock: another process may have completed it meanwhile.
        const task = await trx
          .selectFrom('bladeFlowTask')
          .selectAll()
          .where('id', '=', p.taskId)
          .executeTakeFirstOrThrow()
        if (task.endTime !== null || inst.finished === 1) throw new FlowRefusal(MSG_TASK_DONE, 409)
        if (task.assignee !== p.user.userId) throw new FlowRefusal(MSG_NOT_ASSIGNEE)
        const def = await definitionOf(trx, p.tenantId, inst.definitionId)
        const r = await step({
          name: inst.id,
          xml: def.xml,
          state: inst.state,
          variables: { ...p.variables, flag: p.flag, pass: p.pass },
          signal: { id: task.elementId, executionId: task.executionId },
        })
        if (!r.ended.includes(task.executionId))
          throw new FlowRefusal(`${MSG_NO_TASK}: ${task.elementId}`, 409)
        const at = o.now()
        await trx
          .updateTable('bladeFlowTask')
          .set({ endTime: at, flag: p.flag, comment: p.comment })
          .where('id', '=', task.id)
          .execute()
        await trx
          .updateTable('bladeFlowHistory')
          .set({ assignee: p.user.userId })
          .where('taskId', '=', task.id)
          .execute()
        await save(trx, def, inst, r, false)
        return { instanceId: inst.id, finished: r.finished }
      })
    },

    /** Ends a running instance with a reason (follow/delete-process-instance); its open tasks close. */
    async deleteInstance(p: {
      tenantId: string
      instanceId: string
      reason: string
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const inst = await lockInstance(trx, p.tenantId, p.instanceId)
        if (inst.finished === 1) throw new FlowRefusal(MSG_INSTANCE_ENDED)
        const at = o.now()
        await trx
          .updateTable('bladeFlowTask')
          .set({ endTime: at })
          .where('instanceId', '=', inst.id)
          .where('endTime', 'is', null)
          .execute()
        await trx
          .updateTable('bladeFlowHistory')
          .set({ endTime: at })
          .where('instanceId', '=', inst.id)
          .where('endTime', 'is', null)
          .execute()
        await trx
          .updateTable('bladeFlowInstance')
          .set({
            finished: 1,
            endTime: at,
            deleteReason: p.reason,
            state: null,
            version: inst.version + 1,
          })
          .where('id', '=', inst.id)
          .execute()
      })
    },
  }
  return engine
}

export type FlowEngine = ReturnType<typeof createFlowEngine>

// The process's flow engine, one per app (appContext in app.ts), in the context modules are given.
declare module '../../core/routes.ts' {
  interface AppContext {
    flowEngine: FlowEngine
  }
}
