// What the designer's side panel shows and changes of the selected BPMN element, read from and
// written to its moddle business object: the name; a user task's flowable:assignee and
// flowable:candidateGroups (see flowable-moddle.ts); a sequence flow's condition when it leaves an
// exclusive gateway. The writes are the properties bpmn-js's modeling.updateProperties sets, so
// that each change is one undoable step on the canvas.

/** The part of a moddle element the panel reads. */
export interface BusinessObject {
  $type: string
  id: string
  name?: string
  get(name: string): unknown
  conditionExpression?: { body?: string }
  sourceRef?: { $type: string }
}

type ElementKind = 'userTask' | 'gatewayFlow' | 'other'

export interface ElementProps {
  id: string
  type: string
  kind: ElementKind
  name: string
  assignee: string
  candidateGroups: string[]
  condition: string
}

/** A change made in the panel. */
export type PanelChange =
  { name: string } | { assignee: string } | { candidateGroups: string[] } | { condition: string }

/**
 * A named user as a task's assignee, as BladeX writes it (TaskUtil.getTaskUser): the work lists
 * find a user's tasks by this name.
 */
const TASK_USER_PREFIX = 'taskUser_'
export const userAssignee = (userId: string) => `${TASK_USER_PREFIX}${userId}`
/** The user id of an assignee that names one user, else null (an expression such as ${taskUser}). */
export const assigneeUser = (assignee: string) =>
  new RegExp(`^${TASK_USER_PREFIX}(\\d+)$`).exec(assignee)?.[1] ?? null

/** A UEL expression, as Flowable evaluates assignees and conditions: ${...}. */
export const EXPRESSION = /^\$\{[^{}]+\}$/

const text = (v: unknown) => (typeof v === 'string' ? v : '')

export function readElement(bo: BusinessObject): ElementProps {
  const kind: ElementKind =
    bo.$type === 'bpmn:UserTask'
      ? 'userTask'
      : bo.$type === 'bpmn:SequenceFlow' && bo.sourceRef?.$type === 'bpmn:ExclusiveGateway'
        ? 'gatewayFlow'
        : 'other'
  return {
    id: bo.id,
    type: bo.$type,
    kind,
    name: text(bo.name),
    assignee: text(bo.get('flowable:assignee')),
    candidateGroups: text(bo.get('flowable:candidateGroups'))
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
    condition: text(bo.conditionExpression?.body),
  }
}

/**
 * The properties to set for a change; an empty value removes the attribute. `expression` makes the
 * bpmn:FormalExpression a condition is written as (bpmnFactory.create on the canvas).
 */
export function toProperties(
  change: PanelChange,
  expression: (body: string) => unknown,
): Record<string, unknown> {
  if ('name' in change) return { name: change.name.trim() || undefined }
  if ('assignee' in change) return { 'flowable:assignee': change.assignee.trim() || undefined }
  if ('candidateGroups' in change)
    return { 'flowable:candidateGroups': change.candidateGroups.join(',') || undefined }
  const body = change.condition.trim()
  return { conditionExpression: body ? expression(body) : undefined }
}
