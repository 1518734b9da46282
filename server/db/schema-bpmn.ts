// The rows the BPMN engine (engines/bpmn/engine.ts) reads and writes (camelCase, as the database's
// CamelCasePlugin gives them). The tables are made by the flow migration; the engine owns
// definitions, instances, tasks and history, the flow module reads them for its lists. Declared
// here with the other tables because DB includes them (schema-flow.ts) and the engine sits above
// the database layer.

/** Flowable's suspension states. */
export const STATE_ACTIVE = 1
export const STATE_SUSPENDED = 2

export interface DefinitionRow {
  id: string
  tenantId: string
  deploymentId: string
  processKey: string
  name: string
  category: string
  processVersion: number
  resourceName: string
  xml: string
  suspensionState: number
  deploymentTime: string
}

export interface InstanceRow {
  id: string
  tenantId: string
  definitionId: string
  businessTable: string | null
  businessKey: string | null
  startUser: string
  startTime: string
  endTime: string | null
  finished: number
  deleteReason: string | null
  /** JSON of bpmn-engine's getState() after the last step; null once finished. */
  state: string | null
  version: number
}

export interface TaskRow {
  id: string
  tenantId: string
  instanceId: string
  /** bpmn-engine's execution id of the waiting activity (unique within the instance). */
  executionId: string
  elementId: string
  name: string | null
  assignee: string | null
  /** Comma lists of user ids and of role aliases. */
  candidateUsers: string | null
  candidateGroups: string | null
  createTime: string
  claimTime: string | null
  endTime: string | null
  flag: string | null
  comment: string | null
}

interface HistoryRow {
  id: string
  tenantId: string
  instanceId: string
  executionId: string
  activityId: string
  activityName: string | null
  /** Flowable's names: startEvent, userTask, exclusiveGateway, parallelGateway, endEvent... */
  activityType: string
  assignee: string | null
  taskId: string | null
  startTime: string
  endTime: string | null
  /** Order within the instance (times have second precision). */
  seq: number
}

export interface FlowTables {
  bladeFlowDefinition: DefinitionRow
  bladeFlowInstance: InstanceRow
  bladeFlowTask: TaskRow
  bladeFlowHistory: HistoryRow
}
