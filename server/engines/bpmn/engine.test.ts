// The BPMN engine on a real database (SQLite and PostgreSQL): deploy with versions per key and
// tenant, start, claim, complete (approve and reject through an exclusive gateway on a variable),
// suspension, a restart in the middle of a process, and two server processes completing tasks of
// one process at the same time on PostgreSQL.
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../db/database.ts'
import { up } from '../../db/migrations/064-flow.ts'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../../tests/support/scratch-database.ts'
import { forEachDatabase, onPostgres } from '../../../tests/support/test-server.ts'
import {
  createFlowEngine,
  FlowRefusal,
  MSG_CLAIMED,
  MSG_NOT_ASSIGNEE,
  MSG_NOT_CANDIDATE,
  MSG_SUSPENDED,
  MSG_TASK_DONE,
  type FlowEngine,
} from './engine.ts'
import { MSG_NO_PROCESS, MSG_XML, ModelError } from './model.ts'
import type { FlowTables } from '../../db/schema-bpmn.ts'
import { approvalXml, parallelXml, processXml } from './test-processes.ts'

const T = 'T1'
let ids = 0
const newId = () => String(++ids + 5_000_000)
const engineOn = (database: Database) =>
  createFlowEngine({
    db: database.db as unknown as Kysely<FlowTables>,
    dialect: database.dialect,
    newId,
    now: () => '2026-03-01 09:00:00',
  })
const admin = { userId: '100', roleAliases: ['administrator'] }
const clerk = { userId: '200', roleAliases: ['office'] }

async function refusal(p: Promise<unknown>): Promise<FlowRefusal> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(FlowRefusal)
  return e as FlowRefusal
}

forEachDatabase('BPMN engine', (dialect) => {
  let scratch: ScratchDatabase
  let database: Database
  let engine: FlowEngine
  const db = () => database.db as unknown as Kysely<FlowTables>
  const openTasks = (instanceId: string) =>
    db()
      .selectFrom('bladeFlowTask')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .where('endTime', 'is', null)
      .orderBy('elementId')
      .execute()
  const instance = (id: string) =>
    db().selectFrom('bladeFlowInstance').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const history = async (id: string) =>
    (
      await db()
        .selectFrom('bladeFlowHistory')
        .selectAll()
        .where('instanceId', '=', id)
        .orderBy('seq')
        .execute()
    ).map((h) => `${h.activityType}:${h.activityName ?? h.activityId}${h.endTime ? '' : '*'}`)
  const deployOne = async (xml: string, tenantIds = [T]) =>
    (
      await engine.deploy({
        tenantIds,
        category: 'flow_1',
        files: [{ resourceName: 'p.bpmn20.xml', xml }],
      })
    )[0]!

  beforeAll(async () => {
    scratch = await createScratchDatabase(dialect)
    database = openDatabase(scratch.url)
    await up(database.db as never)
    engine = engineOn(database)
  })
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })

  it('deploy a process as version 1, 2... per key and tenant, and refuse files it cannot run', async () => {
    const v1 = await deployOne(approvalXml('Versions', { groups: 'administrator' }))
    const v2 = await deployOne(approvalXml('Versions', { groups: 'administrator' }))
    const other = await deployOne(approvalXml('Versions', { groups: 'administrator' }), ['T2'])
    expect([
      v1.processKey,
      v1.name,
      v1.processVersion,
      v2.processVersion,
      other.processVersion,
    ]).toEqual(['Versions', '审批流程', 1, 2, 1])
    expect(v1.deploymentId).not.toBe(v2.deploymentId)
    const refused = async (xml: string, message: string) => {
      const e = await engine
        .deploy({ tenantIds: [T], category: 'x', files: [{ resourceName: 'bad.bpmn', xml }] })
        .then(
          () => null,
          (x: unknown) => x,
        )
      expect(e).toBeInstanceOf(ModelError)
      expect((e as Error).message).toContain(message)
    }
    await refused('not xml at all', MSG_XML)
    await refused(
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" isExecutable="false"><startEvent id="s"/></process></definitions>',
      MSG_NO_PROCESS,
    )
    await refused(
      processXml(
        'Script',
        's',
        '<startEvent id="s"/><scriptTask id="x" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
      ),
      '不支持该元素',
    )
    await refused(
      processXml(
        'Timer',
        't',
        '<startEvent id="s"><timerEventDefinition><timeDuration>PT1M</timeDuration></timerEventDefinition></startEvent>',
      ),
      '不支持定时',
    )
    await refused(approvalXml('BadCond', { groups: 'a', condition: '${pass ==}' }), '条件')
    const count = await db()
      .selectFrom('bladeFlowDefinition')
      .select('id')
      .where('processKey', 'in', ['Script', 'Timer', 'BadCond'])
      .execute()
    expect(count).toEqual([])
  })

  it('start a process that waits in a task for the named assignee, who approves it', async () => {
    const def = await deployOne(
      approvalXml('Named', { assignee: '${taskUser}', groups: 'administrator' }),
    )
    const { instanceId, finished } = await engine.start({
      tenantId: T,
      definitionId: def.id,
      startUser: clerk.userId,
      businessTable: 'leave',
      businessKey: '9',
      variables: { taskUser: admin.userId },
    })
    expect(finished).toBe(false)
    const [task] = await openTasks(instanceId)
    expect(task).toMatchObject({
      elementId: 'approve',
      name: '审批',
      assignee: admin.userId,
      candidateGroups: 'administrator',
    })
    expect(await history(instanceId)).toEqual(['startEvent:开始', 'userTask:审批*'])
    expect(
      (
        await refusal(
          engine.complete({
            tenantId: T,
            taskId: task!.id,
            user: clerk,
            flag: 'ok',
            pass: true,
            comment: '',
          }),
        )
      ).message,
    ).toBe(MSG_NOT_ASSIGNEE)
    // Another tenant does not find it.
    expect(
      (
        await refusal(
          engine.complete({
            tenantId: 'T2',
            taskId: task!.id,
            user: admin,
            flag: 'ok',
            pass: true,
            comment: '',
          }),
        )
      ).status,
    ).toBe(404)
    expect(
      await engine.complete({
        tenantId: T,
        taskId: task!.id,
        user: admin,
        flag: 'ok',
        pass: true,
        comment: '同意',
      }),
    ).toEqual({ instanceId, finished: true })
    expect(await instance(instanceId)).toMatchObject({
      finished: 1,
      state: null,
      version: 2,
      endTime: '2026-03-01 09:00:00',
    })
    expect(await history(instanceId)).toEqual([
      'startEvent:开始',
      'userTask:审批',
      'exclusiveGateway:审批结果',
      'endEvent:通过',
    ])
    const done = await db()
      .selectFrom('bladeFlowTask')
      .selectAll()
      .where('id', '=', task!.id)
      .executeTakeFirstOrThrow()
    expect(done).toMatchObject({ flag: 'ok', comment: '同意', assignee: admin.userId })
    expect(
      (
        await refusal(
          engine.complete({
            tenantId: T,
            taskId: task!.id,
            user: admin,
            flag: 'ok',
            pass: true,
            comment: '',
          }),
        )
      ).message,
    ).toBe(MSG_TASK_DONE)
  })

  it('leave a task without an assignee to its candidates: only a candidate claims it, once; a rejection ends at 驳回', async () => {
    const def = await deployOne(
      approvalXml('Group', { assignee: '${taskUser}', groups: 'administrator', users: '300' }),
    )
    const { instanceId } = await engine.start({
      tenantId: T,
      definitionId: def.id,
      startUser: clerk.userId,
    })
    const [task] = await openTasks(instanceId)
    expect(task).toMatchObject({
      assignee: null,
      candidateUsers: '300',
      candidateGroups: 'administrator',
    })
    expect(
      (await refusal(engine.claim({ tenantId: T, taskId: task!.id, user: clerk }))).message,
    ).toBe(MSG_NOT_CANDIDATE)
    expect(
      (
        await refusal(
          engine.complete({
            tenantId: T,
            taskId: task!.id,
            user: admin,
            flag: 'ok',
            pass: true,
            comment: '',
          }),
        )
      ).message,
    ).toBe(MSG_NOT_ASSIGNEE)
    await engine.claim({ tenantId: T, taskId: task!.id, user: admin })
    expect(
      (
        await refusal(
          engine.claim({ tenantId: T, taskId: task!.id, user: { userId: '300', roleAliases: [] } }),
        )
      ).message,
    ).toBe(MSG_CLAIMED)
    await engine.complete({
      tenantId: T,
      taskId: task!.id,
      user: admin,
      flag: 'reject',
      pass: false,
      comment: '不同意',
    })
    expect(await history(instanceId)).toEqual([
      'startEvent:开始',
      'userTask:审批',
      'exclusiveGateway:审批结果',
      'endEvent:驳回',
    ])
  })

  it('read a user written as BladeX’s designer writes one (taskUser_<id>) as that user', async () => {
    const def = await deployOne(
      approvalXml('Designed', { assignee: `taskUser_${admin.userId}`, users: 'taskUser_300,301' }),
    )
    const { instanceId } = await engine.start({
      tenantId: T,
      definitionId: def.id,
      startUser: clerk.userId,
    })
    const [task] = await openTasks(instanceId)
    expect(task).toMatchObject({ assignee: admin.userId, candidateUsers: '300,301' })
  })

  it('take the gateway’s flow by a comparison on a variable', async () => {
    const def = await deployOne(
      approvalXml('Compare', {
        assignee: '${approver}',
        condition: "${flag == 'ok' && days <= 3}",
      }),
    )
    const run = async (flag: string, days: number) => {
      const { instanceId } = await engine.start({
        tenantId: T,
        definitionId: def.id,
        startUser: clerk.userId,
        variables: { approver: admin.userId, days },
      })
      const [task] = await openTasks(instanceId)
      await engine.complete({
        tenantId: T,
        taskId: task!.id,
        user: admin,
        flag,
        pass: flag === 'ok',
        comment: '',
      })
      return (await history(instanceId)).at(-1)
    }
    expect(await run('ok', 2)).toBe('endEvent:通过')
    expect(await run('ok', 5)).toBe('endEvent:驳回')
    expect(await run('no', 1)).toBe('endEvent:驳回')
  })

  it('refuse to start a suspended definition, and start it again once active', async () => {
    const def = await deployOne(approvalXml('Suspend', { groups: 'administrator' }))
    await engine.setSuspended(T, def.id, true)
    expect(
      (await refusal(engine.start({ tenantId: T, definitionId: def.id, startUser: clerk.userId })))
        .message,
    ).toBe(MSG_SUSPENDED)
    expect(
      await db()
        .selectFrom('bladeFlowInstance')
        .select('id')
        .where('definitionId', '=', def.id)
        .execute(),
    ).toEqual([])
    await engine.setSuspended(T, def.id, false)
    expect(
      (await engine.start({ tenantId: T, definitionId: def.id, startUser: clerk.userId })).finished,
    ).toBe(false)
  })

  it('go on after a restart in the middle of a process, with the variables it started with', async () => {
    const def = await deployOne(parallelXml('Restart'))
    const { instanceId } = await engine.start({
      tenantId: T,
      definitionId: def.id,
      startUser: clerk.userId,
      variables: { userA: '1', userB: '2', taskUser: '3' },
    })
    const [a] = await openTasks(instanceId)
    await engine.complete({
      tenantId: T,
      taskId: a!.id,
      user: { userId: '1', roleAliases: [] },
      flag: 'ok',
      pass: true,
      comment: '',
    })
    // The server goes away and a new one opens the same database.
    await database.close()
    database = openDatabase(scratch.url)
    engine = engineOn(database)
    const [b] = await openTasks(instanceId)
    expect(b).toMatchObject({ elementId: 'b', assignee: '2' })
    await engine.complete({
      tenantId: T,
      taskId: b!.id,
      user: { userId: '2', roleAliases: [] },
      flag: 'ok',
      pass: true,
      comment: '',
    })
    const [last] = await openTasks(instanceId)
    expect(last).toMatchObject({ elementId: 'last', assignee: '3' })
    expect(
      await engine.complete({
        tenantId: T,
        taskId: last!.id,
        user: { userId: '3', roleAliases: [] },
        flag: 'ok',
        pass: true,
        comment: '',
      }),
    ).toMatchObject({ finished: true })
    expect((await history(instanceId)).filter((h) => h.startsWith('endEvent'))).toEqual([
      'endEvent:结束',
    ])
  })

  it('end a running instance with a reason; its tasks close', async () => {
    const def = await deployOne(approvalXml('Delete', { groups: 'administrator' }))
    const { instanceId } = await engine.start({
      tenantId: T,
      definitionId: def.id,
      startUser: clerk.userId,
    })
    await engine.deleteInstance({ tenantId: T, instanceId, reason: '重复申请' })
    expect(await instance(instanceId)).toMatchObject({ finished: 1, deleteReason: '重复申请' })
    expect(await openTasks(instanceId)).toEqual([])
    expect(
      (await refusal(engine.deleteInstance({ tenantId: T, instanceId, reason: 'x' }))).status,
    ).toBe(400)
    await engine.deleteDeployments(T, [def.deploymentId])
    expect(
      await db()
        .selectFrom('bladeFlowInstance')
        .select('id')
        .where('id', '=', instanceId)
        .execute(),
    ).toEqual([])
  })
})

onPostgres('BPMN engine, two server processes on one database', () => {
  let scratch: ScratchDatabase
  let one: Database
  let two: Database
  beforeAll(async () => {
    scratch = await createScratchDatabase('postgres')
    one = openDatabase(scratch.url)
    two = openDatabase(scratch.url)
    await up(one.db as never)
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await scratch?.drop()
  })

  it('apply two tasks completed at once by two processes one after the other, and end the process once', async () => {
    const [e1, e2] = [engineOn(one), engineOn(two)]
    const db = one.db as unknown as Kysely<FlowTables>
    const def = (
      await e1.deploy({
        tenantIds: [T],
        category: 'c',
        files: [{ resourceName: 'p.bpmn', xml: parallelXml('Race') }],
      })
    )[0]!
    for (let round = 0; round < 5; round++) {
      const { instanceId } = await e2.start({
        tenantId: T,
        definitionId: def.id,
        startUser: '9',
        variables: { userA: '1', userB: '2', taskUser: '3' },
      })
      const [a, b] = await db
        .selectFrom('bladeFlowTask')
        .selectAll()
        .where('instanceId', '=', instanceId)
        .orderBy('elementId')
        .execute()
      const both = await Promise.allSettled([
        e1.complete({
          tenantId: T,
          taskId: a!.id,
          user: { userId: '1', roleAliases: [] },
          flag: 'ok',
          pass: true,
          comment: 'a',
        }),
        e2.complete({
          tenantId: T,
          taskId: b!.id,
          user: { userId: '2', roleAliases: [] },
          flag: 'ok',
          pass: true,
          comment: 'b',
        }),
      ])
      expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
      const open = await db
        .selectFrom('bladeFlowTask')
        .selectAll()
        .where('instanceId', '=', instanceId)
        .where('endTime', 'is', null)
        .execute()
      expect(open.map((t) => t.elementId)).toEqual(['last'])
      // The same task completed twice at once: one applies, the other is refused.
      const twice = await Promise.allSettled(
        [1, 2].map((n) =>
          (n === 1 ? e1 : e2).complete({
            tenantId: T,
            taskId: open[0]!.id,
            user: { userId: '3', roleAliases: [] },
            flag: 'ok',
            pass: true,
            comment: String(n),
          }),
        ),
      )
      expect(twice.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      const why = twice.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(why.reason).toBeInstanceOf(FlowRefusal)
      expect((why.reason as FlowRefusal).message).toBe(MSG_TASK_DONE)
      const inst = await db
        .selectFrom('bladeFlowInstance')
        .selectAll()
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow()
      expect(inst).toMatchObject({ finished: 1, version: 4 })
      const ends = await db
        .selectFrom('bladeFlowHistory')
        .select('activityId')
        .where('instanceId', '=', instanceId)
        .where('activityType', '=', 'endEvent')
        .execute()
      expect(ends).toEqual([{ activityId: 'end' }])
      const tasks = await db
        .selectFrom('bladeFlowTask')
        .select(['elementId', 'comment'])
        .where('instanceId', '=', instanceId)
        .orderBy('elementId')
        .execute()
      expect(tasks.map((t) => t.elementId)).toEqual(['a', 'b', 'last'])
    }
  })
})
