// The workflow over real HTTP on SQLite and PostgreSQL: the seeded leave process and its `flow`
// dictionary entry; a user applies for leave, an administrator claims and approves it, the applicant
// sees it finished and the history says who did what with which comment; the reject path; a claim
// by a non-candidate refused; models (stale edits, deploy), deployments (suspend, upload, delete),
// running processes; another tenant sees nothing; bad input answers 400.
import { expect, it } from 'vitest'
import {
  FINISHED,
  FLAG_OK,
  LEAVE_CATEGORY,
  UNFINISHED,
  LEAVE_PROCESS_KEY,
  type BladeFlow,
  type FlowHistoryEntry,
} from '../../../src/domain/workflow/flow-records.ts'
import { ROLE_OFFICE, USER_OFFICE } from '../../seed/ids.ts'
import { MSG_NOT_CANDIDATE, MSG_SUSPENDED, MSG_TASK_DONE } from '../../engines/bpmn/engine.ts'
import { MSG_NOT_PARTICIPANT } from './shared.ts'
import { MSG_NO_PROCESS, MSG_XML } from '../../engines/bpmn/model.ts'
import { approvalXml } from '../../engines/bpmn/test-processes.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { tokenFor } from '../../../tests/support/system.ts'
import { forEachDatabase, serverWithAdmin } from '../../../tests/support/test-server.ts'

const flow = (path: string) => `/api/blade-flow/${path}`
const leave = (op: string) => `/api/blade-desk/process/leave/${op}`
const page = { current: '1', size: '20' }
const leaveBody = {
  startTime: '2026-03-02 09:00:00',
  endTime: '2026-03-04 18:00:00',
  reason: '回老家办事',
}

forEachDatabase('workflow', (dialect) => {
  const t = serverWithAdmin(dialect)
  let office = ''
  let adminId = ''
  const get = (path: string, query: Record<string, string> = {}, token = t.admin) =>
    call(t.s.baseUrl, 'GET', path, { token, query })
  const post = (
    path: string,
    opts: { query?: Record<string, string>; json?: unknown; form?: Record<string, string> } = {},
    token = t.admin,
  ) => call(t.s.baseUrl, 'POST', path, { token, ...opts })
  const leaveDefinition = async () =>
    (await get(flow('work/start-list'), page, office)).body.data.records.find(
      (r: { key: string }) => r.key === LEAVE_PROCESS_KEY,
    ).id as string
  const apply = async (extra: Record<string, unknown> = {}) => {
    const r = await post(
      leave('start-process'),
      { json: { processDefinitionId: await leaveDefinition(), ...leaveBody, ...extra } },
      office,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string; processInstanceId: string; days: number }
  }
  const taskOf = async (list: string, instanceId: string, token = t.admin) =>
    ((await get(flow(`work/${list}`), page, token)).body.data.records as BladeFlow[]).find(
      (r) => r.processInstanceId === instanceId,
    )
  const refused = (
    r: { status: number; body: { msg: string; success: boolean } },
    status: number,
    message: string,
  ) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    expect(r.body.success).toBe(false)
    expect(r.body.msg).toContain(message)
  }

  it('seed the leave process in category flow_1 and the flow dictionary that names its form', async () => {
    // The office clerk may apply for leave and see their work; the grant is made as an administrator would.
    const menus = await t.s.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', [
        'work',
        'work_start',
        'work_claim',
        'work_claim_sign',
        'work_send',
        'work_todo',
        'work_todo_handle',
        'work_done',
        'leave',
        'leave_add',
        'leave_view',
      ])
      .execute()
    await t.s.db
      .insertInto('bladeRoleMenu')
      .values(
        menus.map((m, i) => ({
          id: String(7_100_000_000_000_000_000n + BigInt(i)),
          roleId: ROLE_OFFICE,
          menuId: m.id,
        })),
      )
      .execute()
    office = await tokenFor(t.s, 'office')
    adminId = (
      await t.s.db
        .selectFrom('bladeUser')
        .select('id')
        .where('account', '=', 'admin')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id
    const dict = await get('/api/blade-system/dict/dictionary', { code: 'flow' })
    expect(
      dict.body.data.map((d: { dictKey: unknown; dictValue: string; remark: string }) => [
        String(d.dictKey),
        d.dictValue,
        d.remark,
      ]),
    ).toEqual([['1', '请假流程', 'leave']])
    const start = await get(flow('work/start-list'), page, office)
    expect(start.status, JSON.stringify(start.body)).toBe(200)
    expect(start.body.data).toMatchObject({ total: 1, current: 1, size: 20, pages: 1 })
    expect(start.body.data.records[0]).toMatchObject({
      key: LEAVE_PROCESS_KEY,
      name: '请假流程',
      category: LEAVE_CATEGORY,
      categoryName: '请假流程',
      version: 1,
      suspensionState: 1,
      tenantId: '000000',
    })
  })

  it('let a user apply for leave, an administrator claim and approve it, and the applicant see it finished with its history', async () => {
    const applied = await apply()
    expect(applied.days).toBe(3)
    // Nobody named: the approval waits for the administrator role, not for the applicant.
    expect(await taskOf('claim-list', applied.processInstanceId, office)).toBeUndefined()
    const claimable = await taskOf('claim-list', applied.processInstanceId)
    expect(claimable).toMatchObject({
      taskName: '审批',
      taskDefinitionKey: 'approve',
      assignee: '',
      status: 'todo',
      processIsFinished: UNFINISHED,
      businessTable: 'blade_process_leave',
      businessId: applied.id,
      category: LEAVE_CATEGORY,
      categoryName: '请假流程',
    })
    refused(
      await post(flow('work/claim-task'), { query: { taskId: claimable!.taskId } }, office),
      400,
      MSG_NOT_CANDIDATE,
    )
    refused(
      await post(
        flow('work/complete-task'),
        {
          json: {
            taskId: claimable!.taskId,
            processInstanceId: applied.processInstanceId,
            flag: FLAG_OK,
            comment: 'x',
          },
        },
        office,
      ),
      400,
      '办理人',
    )
    expect(
      (await post(flow('work/claim-task'), { query: { taskId: claimable!.taskId } })).status,
    ).toBe(200)
    expect(await taskOf('claim-list', applied.processInstanceId)).toBeUndefined()
    const todo = await taskOf('todo-list', applied.processInstanceId)
    expect(todo).toMatchObject({ taskId: claimable!.taskId, assignee: adminId })
    expect(todo!.claimTime).not.toBe('')
    const done = await post(flow('work/complete-task'), {
      json: {
        taskId: todo!.taskId,
        processInstanceId: applied.processInstanceId,
        flag: FLAG_OK,
        comment: '同意, 注意安全',
      },
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toEqual({
      processInstanceId: applied.processInstanceId,
      processIsFinished: FINISHED,
    })
    refused(
      await post(flow('work/complete-task'), {
        json: { taskId: todo!.taskId, flag: FLAG_OK, comment: '' },
      }),
      409,
      MSG_TASK_DONE,
    )
    expect(await taskOf('todo-list', applied.processInstanceId)).toBeUndefined()
    expect(await taskOf('done-list', applied.processInstanceId)).toMatchObject({
      flag: FLAG_OK,
      comment: '同意, 注意安全',
      status: 'finished',
    })
    expect(await taskOf('send-list', applied.processInstanceId, office)).toMatchObject({
      status: 'finished',
      processIsFinished: FINISHED,
      businessId: applied.id,
      startUserName: 'Lê Thị Hoa',
    })
    const sent = async (category: string) =>
      (
        (await get(flow('work/send-list'), { ...page, category }, office)).body.data
          .records as BladeFlow[]
      ).map((r) => r.processInstanceId)
    expect(await sent(LEAVE_CATEGORY)).toContain(applied.processInstanceId)
    expect(await sent('flow_9')).toEqual([])
    expect(
      (
        await get(flow('follow/list'), { ...page, processInstanceId: applied.processInstanceId })
      ).body.data.records.map((r: { businessId: string }) => r.businessId),
    ).toEqual([applied.id])
    const history = (
      await get(
        flow('process/history-flow-list'),
        { processInstanceId: applied.processInstanceId },
        office,
      )
    ).body.data as FlowHistoryEntry[]
    expect(
      history.map((h) => [
        h.historyActivityType,
        h.historyActivityName,
        h.assignee,
        h.assigneeName,
        h.comment,
      ]),
    ).toEqual([
      ['startEvent', '开始', USER_OFFICE, 'Lê Thị Hoa', ''],
      ['userTask', '审批', adminId, expect.any(String), '同意, 注意安全'],
      ['endEvent', '通过', '', '', ''],
    ])
    expect(history[1]!.assigneeName).not.toBe('')
    expect(history[1]!.historyActivityDurationTime).toMatch(/秒|分/)
    const view = await get(
      flow('process/model-view'),
      { processInstanceId: applied.processInstanceId },
      office,
    )
    expect(view.body.data.xml).toContain('<userTask id="approve"')
    expect(
      view.body.data.flow.map((f: { historyActivityId: string }) => f.historyActivityId),
    ).toEqual(['start', 'approve', 'outcome', 'passed'])
    const detail = await get(leave('detail'), { businessId: applied.id }, office)
    expect(detail.body.data).toMatchObject({
      id: applied.id,
      days: 3,
      reason: '回老家办事',
      taskUser: '',
      startTime: leaveBody.startTime,
      createUser: USER_OFFICE,
      flow: { processIsFinished: FINISHED, flag: FLAG_OK },
    })
  })

  it('send the approval to the named approver, who rejects it', async () => {
    const applied = await apply({ taskUser: adminId, endTime: '2026-03-02 12:00:00' })
    expect(applied.days).toBe(1)
    expect(await taskOf('claim-list', applied.processInstanceId)).toBeUndefined()
    const todo = await taskOf('todo-list', applied.processInstanceId)
    expect(todo).toMatchObject({ assignee: adminId })
    expect(
      (
        await post(flow('work/complete-task'), {
          json: { taskId: todo!.taskId, flag: 'reject', comment: '项目紧, 改期' },
        })
      ).body.data.processIsFinished,
    ).toBe(FINISHED)
    const history = (
      await get(
        flow('process/history-flow-list'),
        { processInstanceId: applied.processInstanceId },
        office,
      )
    ).body.data as FlowHistoryEntry[]
    expect(history.at(-1)).toMatchObject({
      historyActivityType: 'endEvent',
      historyActivityName: '驳回',
    })
    expect(history[1]).toMatchObject({ comment: '项目紧, 改期' })
  })

  it("keep a colleague's process from those who neither started it, nor had a task of it, nor follow processes", async () => {
    const r = await post(leave('start-process'), {
      json: { processDefinitionId: await leaveDefinition(), ...leaveBody, taskUser: adminId },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const { id, processInstanceId } = r.body.data as { id: string; processInstanceId: string }
    refused(
      await get(flow('process/history-flow-list'), { processInstanceId }, office),
      403,
      MSG_NOT_PARTICIPANT,
    )
    refused(
      await get(flow('process/model-view'), { processInstanceId }, office),
      403,
      MSG_NOT_PARTICIPANT,
    )
    refused(await get(leave('detail'), { businessId: id }, office), 403, MSG_NOT_PARTICIPANT)
    // The approver (and whoever follows the tenant's processes) reads it.
    expect((await get(flow('process/history-flow-list'), { processInstanceId })).status).toBe(200)
    expect((await get(leave('detail'), { businessId: id })).body.data).toMatchObject({
      id,
      taskUser: adminId,
    })
  })

  it('refuse bad leave applications with 400 and write nothing', async () => {
    const before = (await t.s.db.selectFrom('bladeProcessLeave').select('id').execute()).length
    const processDefinitionId = await leaveDefinition()
    const bad = async (json: Record<string, unknown>, message: string) =>
      refused(
        await post(
          leave('start-process'),
          { json: { processDefinitionId, ...leaveBody, ...json } },
          office,
        ),
        400,
        message,
      )
    await bad({ endTime: '2026-03-01 09:00:00' }, '结束时间不能早于开始时间')
    await bad({ reason: '  ' }, '请假理由')
    await bad({ reason: 'x'.repeat(501) }, '500')
    await bad({ startTime: '2026-02-30 09:00:00' }, '开始时间')
    await bad({ taskUser: '123' }, '审批人不存在')
    await bad({ processDefinitionId: 'abc' }, 'processDefinitionId')
    refused(await post(leave('start-process'), { json: [] }, office), 400, 'JSON')
    expect((await t.s.db.selectFrom('bladeProcessLeave').select('id').execute()).length).toBe(
      before,
    )
  })

  it('keep models with stale edits refused, and deploy one as the next version of its process', async () => {
    refused(
      await post(flow('model/submit'), {
        json: { modelKey: 'Trip', name: '出差', xml: 'not xml' },
      }),
      400,
      MSG_XML,
    )
    refused(
      await post(flow('model/submit'), {
        json: {
          modelKey: 'Trip',
          name: '出差',
          xml: '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="Trip"/></definitions>',
        },
      }),
      400,
      MSG_NO_PROCESS,
    )
    const made = await post(flow('model/submit'), {
      json: {
        modelKey: 'Trip',
        name: '出差',
        description: '出差审批',
        xml: approvalXml('Trip', { groups: 'administrator' }),
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const id = made.body.data.id as string
    expect(
      (await get(flow('model/list'), { ...page, name: '出' })).body.data.records.map(
        (m: { id: string }) => m.id,
      ),
    ).toEqual([id])
    expect((await get(flow('model/detail'), { id })).body.data).toMatchObject({
      modelKey: 'Trip',
      version: 1,
      xml: expect.stringContaining('Trip'),
    })
    expect(
      (
        await post(flow('model/submit'), {
          json: {
            id,
            modelKey: 'Trip',
            name: '出差 2',
            xml: approvalXml('Trip', { groups: 'administrator' }),
            version: 1,
          },
        })
      ).status,
    ).toBe(200)
    refused(
      await post(flow('model/submit'), {
        json: { id, modelKey: 'Trip', name: '出差 3', xml: approvalXml('Trip'), version: 1 },
      }),
      409,
      '修改',
    )
    for (const n of [1, 2]) {
      const d = await post(flow('model/deploy'), { query: { modelId: id, category: 'flow_2' } })
      expect(d.status, JSON.stringify(d.body)).toBe(200)
      expect(d.body.data[0]).toMatchObject({ key: 'Trip', version: n, tenantId: '000000' })
    }
    const deployed = (await get(flow('manager/list'), { ...page, key: 'Trip' })).body.data
    expect(deployed.records.map((r: { version: number }) => r.version)).toEqual([2, 1])
    // Only the latest version is offered to start.
    expect(
      (await get(flow('work/start-list'), page)).body.data.records
        .filter((r: { key: string }) => r.key === 'Trip')
        .map((r: { version: number }) => r.version),
    ).toEqual([2])
    expect((await post(flow('model/remove'), { query: { ids: id } })).status).toBe(200)
    expect((await get(flow('model/detail'), { id })).status).toBe(404)
  })

  it('suspend a definition so it cannot be started, upload BPMN files, and delete deployments', async () => {
    const processDefinitionId = await leaveDefinition()
    refused(
      await post(flow('manager/change-state'), {
        query: { processId: processDefinitionId, state: 'sleeping' },
      }),
      400,
      'state',
    )
    expect(
      (
        await post(flow('manager/change-state'), {
          query: { processId: processDefinitionId, state: 'suspended' },
        })
      ).status,
    ).toBe(200)
    refused(
      await post(leave('start-process'), { json: { processDefinitionId, ...leaveBody } }, office),
      400,
      MSG_SUSPENDED,
    )
    expect(
      (
        await post(flow('manager/change-state'), {
          query: { processId: processDefinitionId, state: 'active' },
        })
      ).status,
    ).toBe(200)
    const form = new FormData()
    form.set('category', 'flow_3')
    form.append(
      'files',
      new Blob([approvalXml('Upload', { groups: 'administrator' })]),
      'upload.bpmn20.xml',
    )
    form.append(
      'files',
      new Blob([approvalXml('Upload2', { groups: 'administrator' })]),
      'upload2.bpmn',
    )
    const upload = await fetch(new URL(flow('manager/deploy-upload'), t.s.baseUrl), {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${t.admin}` },
      body: form,
    })
    const uploaded = (await upload.json()) as {
      data: { key: string; deploymentId: string; resourceName: string }[]
    }
    expect(upload.status, JSON.stringify(uploaded)).toBe(200)
    expect(uploaded.data.map((d) => [d.key, d.resourceName])).toEqual([
      ['Upload', 'upload.bpmn20.xml'],
      ['Upload2', 'upload2.bpmn'],
    ])
    // One upload is one deployment: deleting it takes both processes.
    expect(uploaded.data[0]!.deploymentId).toBe(uploaded.data[1]!.deploymentId)
    const wrong = new FormData()
    wrong.set('category', 'flow_3')
    wrong.append('files', new Blob(['hello']), 'notes.txt')
    const refusedUpload = await fetch(new URL(flow('manager/deploy-upload'), t.s.baseUrl), {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${t.admin}` },
      body: wrong,
    })
    expect(refusedUpload.status).toBe(400)
    expect(
      (
        await post(flow('manager/delete-deployment'), {
          query: { deploymentIds: uploaded.data[0]!.deploymentId },
        })
      ).status,
    ).toBe(200)
    expect((await get(flow('manager/list'), { ...page, key: 'Upload' })).body.data.total).toBe(0)
  })

  it('follow running processes and end one with a reason', async () => {
    const applied = await apply()
    const running = (await get(flow('follow/list'), { ...page, businessId: applied.id })).body.data
    expect(running.records).toEqual([
      expect.objectContaining({
        processInstanceId: applied.processInstanceId,
        processDefinitionKey: LEAVE_PROCESS_KEY,
        startUserId: USER_OFFICE,
        startUser: 'Lê Thị Hoa',
        activityId: 'approve',
        processIsFinished: UNFINISHED,
      }),
    ])
    refused(
      await post(flow('follow/delete-process-instance'), {
        query: { processInstanceId: applied.processInstanceId },
      }),
      400,
      'deleteReason',
    )
    expect(
      (
        await post(flow('follow/delete-process-instance'), {
          query: { processInstanceId: applied.processInstanceId, deleteReason: '重复申请' },
        })
      ).status,
    ).toBe(200)
    expect(
      (await get(flow('follow/list'), { ...page, businessId: applied.id })).body.data.records[0],
    ).toMatchObject({ processIsFinished: FINISHED, activityId: '' })
    expect(await taskOf('claim-list', applied.processInstanceId)).toBeUndefined()
  })

  it('show another tenant nothing of this one', async () => {
    const applied = await apply()
    const made = await post('/api/blade-system/tenant/submit', {
      json: { tenantName: '别家公司', linkman: 'x' },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const other = (await loginAs(t.s.baseUrl, 'admin', '123456', made.body.data.tenantId))
      .access_token
    for (const list of ['claim-list', 'todo-list', 'send-list', 'done-list', 'start-list'])
      expect((await get(flow(`work/${list}`), page, other)).body.data.total).toBe(0)
    for (const list of ['follow/list', 'manager/list', 'model/list'])
      expect((await get(flow(list), page, other)).body.data.total).toBe(0)
    expect(
      (
        await get(
          flow('process/history-flow-list'),
          { processInstanceId: applied.processInstanceId },
          other,
        )
      ).status,
    ).toBe(404)
    expect((await get(leave('detail'), { businessId: applied.id }, other)).status).toBe(404)
    const task = await taskOf('claim-list', applied.processInstanceId)
    expect(
      (await post(flow('work/claim-task'), { query: { taskId: task!.taskId } }, other)).status,
    ).toBe(404)
    expect(
      (
        await post(
          flow('follow/delete-process-instance'),
          { query: { processInstanceId: applied.processInstanceId, deleteReason: 'x' } },
          other,
        )
      ).status,
    ).toBe(404)
  })
})
