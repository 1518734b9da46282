// What the workflow calls (/api/blade-flow, /api/blade-desk/process/leave) answer, in BladeX's
// shapes: the server builds these, the app reads them, and a real BladeX server answers the same.
// Ids are strings on the wire (contract: 64-bit ids); times are 'YYYY-MM-DD HH:mm:ss'.

/** The BPMN category of a deployed process; its `flow` dictionary entry gives the form route. */
export const LEAVE_CATEGORY = 'flow_1'
/** The key of the seeded leave process (its BPMN process id). */
export const LEAVE_PROCESS_KEY = 'Leave'
/** complete-task's `flag`: this approves; anything else rejects. */
export const FLAG_OK = 'ok'
/** Whether a process has ended, as BladeX's flow records say it (strings, not booleans). */
export const FINISHED = 'finished'
export const UNFINISHED = 'unfinished'
type FinishedState = typeof FINISHED | typeof UNFINISHED
/** Deployment states of manager/change-state (Flowable's suspension state). */
export const STATE_ACTIVE = 'active'
export const STATE_SUSPENDED = 'suspended'

/** A process model (模型设计): model/list, model/detail; model/submit takes it with `xml`. */
export interface FlowModel {
  id: string
  modelKey: string
  name: string
  description: string
  /** The model's BPMN 2.0 XML (detail only; lists leave it out). */
  xml?: string
  version: number
  created: string
  lastUpdated: string
  tenantId: string
}

/** A deployed process definition (部署管理): manager/list and work/start-list. */
export interface FlowProcess {
  id: string
  tenantId: string
  name: string
  key: string
  category: string
  categoryName: string
  version: number
  deploymentId: string
  resourceName: string
  /** 1 active, 2 suspended (Flowable's numbers). */
  suspensionState: number
  deploymentTime: string
}

/** A running or finished process instance (流程跟踪): follow/list. */
export interface FlowExecution {
  id: string
  processInstanceId: string
  processDefinitionId: string
  processDefinitionKey: string
  processDefinitionName: string
  processDefinitionVersion: number
  category: string
  businessId: string
  startUserId: string
  startUser: string
  startTime: string
  /** The activity ids the process waits in now (comma-separated), empty when finished. */
  activityId: string
  suspensionState: number
  processIsFinished: FinishedState
}

/** A task or a process as the work lists show it (BladeX's BladeFlow record). */
export interface BladeFlow {
  taskId: string
  taskName: string
  taskDefinitionKey: string
  assignee: string
  assigneeName: string
  /** The process's starter (an addition to BladeX's record: its lists show 申请人 from it). */
  startUserName?: string
  category: string
  categoryName: string
  createTime: string
  endTime: string
  claimTime: string
  processInstanceId: string
  processDefinitionId: string
  processDefinitionKey: string
  processDefinitionName: string
  processDefinitionVersion: number
  /** The business row's table and id, e.g. blade_process_leave and the leave's id. */
  businessTable: string
  businessId: string
  /** 'todo' (waits on someone), 'finished'. */
  status: string
  processIsFinished: FinishedState
  /** The outcome a done task was completed with (ok, or a rejection), and its comment. */
  flag: string
  comment: string
}

/** One entry of process/history-flow-list: who did what, when, with what comment. */
export interface FlowHistoryEntry {
  historyActivityId: string
  historyActivityName: string
  historyActivityType: string
  assignee: string
  assigneeName: string
  createTime: string
  endTime: string
  /** e.g. '2小时5分' (Flowable's duration, in the product's words). */
  historyActivityDurationTime: string
  comment: string
}

/** process/model-view: the diagram's XML and the activities passed (endTime empty = active now). */
export interface FlowModelView {
  xml: string
  flow: { historyActivityId: string; historyActivityType: string; endTime: string }[]
}

/** complete-task's body. */
export interface FlowCompleteBody {
  taskId: string
  processInstanceId: string
  flag: string
  comment: string
  variables?: Record<string, unknown>
}

/** A leave request (blade_process_leave); detail answers it with its flow. */
export interface ProcessLeave {
  id: string
  processDefinitionId: string
  processInstanceId: string
  startTime: string
  endTime: string
  days: number
  reason: string
  /** The approver's user id when one was named; empty leaves it to the administrator role. */
  taskUser: string
  applyTime: string
  createUser: string
  flow?: BladeFlow
}

/** start-process's body. */
export interface LeaveStartBody {
  processDefinitionId: string
  startTime: string
  endTime: string
  reason: string
  taskUser?: string
}
