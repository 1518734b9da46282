// The engine's rows in BladeX's wire shapes (src/domain/workflow/flow-records.ts).
import {
  FINISHED,
  UNFINISHED,
  type BladeFlow,
  type FlowExecution,
  type FlowModel,
  type FlowProcess,
} from '../../../src/domain/workflow/flow-records.ts'
import type { Selectable } from 'kysely'
import type { FlowModelTable } from '../../db/schema-flow.ts'
import type { DefinitionRow, InstanceRow, TaskRow } from '../../db/schema-bpmn.ts'

type Names = Map<string, string>

export const toModel = (r: Selectable<FlowModelTable>, withXml: boolean): FlowModel => ({
  id: r.id,
  modelKey: r.modelKey,
  name: r.name,
  description: r.description ?? '',
  ...(withXml ? { xml: r.xml } : {}),
  version: r.version,
  created: r.createTime ?? '',
  lastUpdated: r.updateTime ?? r.createTime ?? '',
  tenantId: r.tenantId,
})

export const toProcess = (d: DefinitionRow, categories: Names): FlowProcess => ({
  id: d.id,
  tenantId: d.tenantId,
  name: d.name,
  key: d.processKey,
  category: d.category,
  categoryName: categories.get(d.category) ?? d.category,
  version: d.processVersion,
  deploymentId: d.deploymentId,
  resourceName: d.resourceName,
  suspensionState: d.suspensionState,
  deploymentTime: d.deploymentTime,
})

export const toExecution = (
  i: InstanceRow,
  d: DefinitionRow | undefined,
  names: Names,
  waitingIn: string[],
): FlowExecution => ({
  id: i.id,
  processInstanceId: i.id,
  processDefinitionId: i.definitionId,
  processDefinitionKey: d?.processKey ?? '',
  processDefinitionName: d?.name ?? '',
  processDefinitionVersion: d?.processVersion ?? 0,
  category: d?.category ?? '',
  businessId: i.businessKey ?? '',
  startUserId: i.startUser,
  startUser: names.get(i.startUser) ?? '',
  startTime: i.startTime,
  activityId: i.finished ? '' : waitingIn.join(','),
  suspensionState: d?.suspensionState ?? 1,
  processIsFinished: i.finished === 1 ? FINISHED : UNFINISHED,
})

/** A task (or, for send-list, a process with its current task if any) as the work lists show it. */
export const toBladeFlow = (
  t: TaskRow | undefined,
  i: InstanceRow,
  d: DefinitionRow | undefined,
  names: Names,
  categories: Names,
): BladeFlow => ({
  taskId: t?.id ?? '',
  taskName: t?.name ?? '',
  taskDefinitionKey: t?.elementId ?? '',
  assignee: t?.assignee ?? '',
  assigneeName: t?.assignee ? (names.get(t.assignee) ?? '') : '',
  startUserName: names.get(i.startUser) ?? '',
  category: d?.category ?? '',
  categoryName: d ? (categories.get(d.category) ?? d.category) : '',
  createTime: t?.createTime ?? i.startTime,
  endTime: t ? (t.endTime ?? '') : (i.endTime ?? ''),
  claimTime: t?.claimTime ?? '',
  processInstanceId: i.id,
  processDefinitionId: i.definitionId,
  processDefinitionKey: d?.processKey ?? '',
  processDefinitionName: d?.name ?? '',
  processDefinitionVersion: d?.processVersion ?? 0,
  businessTable: i.businessTable ?? '',
  businessId: i.businessKey ?? '',
  status: i.finished === 1 ? 'finished' : 'todo',
  processIsFinished: i.finished === 1 ? FINISHED : UNFINISHED,
  flag: t?.flag ?? '',
  comment: t?.comment ?? '',
})
