// Test fixtures (msw only, tests only): workflow answers in the wire shapes of flow-records.ts, and
// a log of the calls the screens made.
import { http as mock, HttpResponse } from 'msw'
import {
  LEAVE_CATEGORY,
  type BladeFlow,
  type FlowExecution,
  type FlowHistoryEntry,
  type FlowModelView,
  type FlowProcess,
  type ProcessLeave,
} from '@/domain/workflow/flow-records'
import { API } from '@/test/msw'

export const ok = (data: unknown) =>
  HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
export const refuse = (msg: string, code = 400) =>
  HttpResponse.json({ code, success: false, msg, data: null }, { status: code })
export const page = <T>(records: T[]) =>
  ok({ records, total: records.length, size: 10, current: 1, pages: 1 })

export interface Sent {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}
export const sent: Sent[] = []

/** Logs a call, then answers it. */
export async function log(request: Request): Promise<Sent> {
  const url = new URL(request.url)
  const text = request.method === 'POST' ? await request.text() : ''
  const s = {
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    query: Object.fromEntries(url.searchParams),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  }
  sent.push(s)
  return s
}

export const sentTo = (path: string) => sent.filter((s) => s.path === path)

export const leaveProcess: FlowProcess = {
  id: 'Leave:2:2002',
  tenantId: '000000',
  name: '请假流程',
  key: 'Leave',
  category: LEAVE_CATEGORY,
  categoryName: '请假流程',
  version: 2,
  deploymentId: '2001',
  resourceName: 'leave.bpmn20.xml',
  suspensionState: 1,
  deploymentTime: '2026-01-05 09:00:00',
}
export const oldLeave: FlowProcess = {
  ...leaveProcess,
  id: 'Leave:1:1002',
  version: 1,
  deploymentId: '1001',
}
export const otherProcess: FlowProcess = {
  ...leaveProcess,
  id: 'Expense:1:3002',
  name: '报销流程',
  key: 'Expense',
  category: 'flow_9',
  categoryName: '报销流程',
  version: 1,
}

export function task(n: number, over: Partial<BladeFlow> = {}): BladeFlow {
  return {
    taskId: `70${n}`,
    taskName: '审批',
    taskDefinitionKey: 'approve',
    assignee: '',
    assigneeName: '',
    startUserName: `申请人${n}`,
    category: LEAVE_CATEGORY,
    categoryName: '请假流程',
    createTime: `2026-02-0${n} 10:00:00`,
    endTime: '',
    claimTime: '',
    processInstanceId: `50${n}`,
    processDefinitionId: leaveProcess.id,
    processDefinitionKey: 'Leave',
    processDefinitionName: '请假流程',
    processDefinitionVersion: 2,
    businessTable: 'blade_process_leave',
    businessId: `90${n}`,
    status: 'todo',
    processIsFinished: 'unfinished',
    flag: '',
    comment: '',
    ...over,
  }
}

export function execution(n: number, over: Partial<FlowExecution> = {}): FlowExecution {
  return {
    id: `60${n}`,
    processInstanceId: `50${n}`,
    processDefinitionId: leaveProcess.id,
    processDefinitionKey: 'Leave',
    processDefinitionName: '请假流程',
    processDefinitionVersion: 2,
    category: LEAVE_CATEGORY,
    businessId: `90${n}`,
    startUserId: '6',
    startUser: `申请人${n}`,
    startTime: `2026-02-0${n} 10:00:00`,
    activityId: 'approve',
    suspensionState: 1,
    processIsFinished: 'unfinished',
    ...over,
  }
}

export const history: FlowHistoryEntry[] = [
  {
    historyActivityId: 'start',
    historyActivityName: '开始',
    historyActivityType: 'startEvent',
    assignee: '6',
    assigneeName: '阿梅',
    createTime: '2026-02-01 10:00:00',
    endTime: '2026-02-01 10:00:00',
    historyActivityDurationTime: '',
    comment: '',
  },
  {
    historyActivityId: 'flow1',
    historyActivityName: '',
    historyActivityType: 'sequenceFlow',
    assignee: '',
    assigneeName: '',
    createTime: '2026-02-01 10:00:00',
    endTime: '2026-02-01 10:00:00',
    historyActivityDurationTime: '',
    comment: '',
  },
  {
    historyActivityId: 'approve',
    historyActivityName: '经理审批',
    historyActivityType: 'userTask',
    assignee: '1',
    assigneeName: '管理员',
    createTime: '2026-02-01 10:00:01',
    endTime: '',
    historyActivityDurationTime: '',
    comment: '',
  },
]

export const XML =
  '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="Leave"/></definitions>'

export const modelView: FlowModelView = {
  xml: XML,
  flow: [
    {
      historyActivityId: 'start',
      historyActivityType: 'startEvent',
      endTime: '2026-02-01 10:00:00',
    },
    {
      historyActivityId: 'flow1',
      historyActivityType: 'sequenceFlow',
      endTime: '2026-02-01 10:00:00',
    },
    { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '' },
  ],
}

export const leave: ProcessLeave = {
  id: '901',
  processDefinitionId: leaveProcess.id,
  processInstanceId: '501',
  startTime: '2026-02-10 09:00:00',
  endTime: '2026-02-12 18:00:00',
  days: 2.5,
  reason: '回老家探亲',
  taskUser: '',
  applyTime: '2026-02-01 10:00:00',
  createUser: '6',
  flow: task(1, { startUserName: '阿梅' }),
}

/** The flow dictionary: leave (flow_1) has its screens; 报销 (flow_9) is named but has none. */
export const flowDict = [
  { dictKey: '1', dictValue: '请假流程', remark: 'leave' },
  { dictKey: '9', dictValue: '报销流程', remark: '' },
]

/** The answers every workflow screen reads besides its own list. */
export const commonHandlers = [
  mock.get(`${API}/blade-system/dict/dictionary`, ({ request }) =>
    new URL(request.url).searchParams.get('code') === 'flow' ? ok(flowDict) : ok([]),
  ),
  mock.get(
    `${API}/blade-flow/process/model-view`,
    async ({ request }) => (await log(request), ok(modelView)),
  ),
  mock.get(
    `${API}/blade-flow/process/history-flow-list`,
    async ({ request }) => (await log(request), ok(history)),
  ),
]
