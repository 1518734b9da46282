// Reads a BPMN 2.0 file with bpmn-moddle and checks that the engine can run it: one executable
// process made of start events, user tasks (plain and manual tasks pass through), exclusive,
// parallel and inclusive gateways, sequence flows (conditions in the expression syntax of
// expressions.ts) and end events. Timers, messages, scripts and service calls are refused, so a
// deployed file never runs code. A user task's assignee, candidateUsers and candidateGroups are read
// from Flowable's (or Activiti's, Camunda's) attributes, and may hold expressions such as ${taskUser}.
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle'
import { checkExpressions, ExpressionError } from './expressions.ts'

interface TaskSpec {
  name: string
  assignee: string | null
  candidateUsers: string | null
  candidateGroups: string | null
}

export interface ProcessModel {
  /** The process id: the definition's key. */
  key: string
  name: string
  userTasks: Map<string, TaskSpec>
}

/** A file the engine will not take; the message says why, for the person who sent it. */
export class ModelError extends Error {}

export const MSG_XML = '流程文件不是有效的 BPMN 2.0 XML'
export const MSG_NO_PROCESS = '流程文件中没有可执行的流程 (isExecutable="true")'
const MSG_MANY_PROCESSES = '一个流程文件只能包含一个可执行的流程'
const MSG_NO_START = '流程缺少开始事件'

const RUNNABLE = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
])
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

const attr = (el: ModdleElement, name: string): string | null => {
  const hit = Object.entries(el.$attrs ?? {}).find(([k]) => k === name || k.endsWith(`:${name}`))
  const v = hit?.[1]?.trim()
  return v ? v : null
}

function checked(text: string | null, where: string): string | null {
  if (text === null) return null
  try {
    checkExpressions(text)
  } catch (e) {
    if (e instanceof ExpressionError) throw new ModelError(`${where}: ${e.message}`)
    throw e
  }
  return text
}

export async function readModel(xml: string): Promise<ProcessModel> {
  if (typeof xml !== 'string' || !xml.trim().startsWith('<')) throw new ModelError(MSG_XML)
  let root: ModdleElement
  try {
    root = (await new BpmnModdle().fromXML(xml)).rootElement
  } catch (e) {
    throw new ModelError(`${MSG_XML}: ${(e as Error).message.split('\n')[0]}`)
  }
  if (root?.$type !== 'bpmn:Definitions') throw new ModelError(MSG_XML)
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable === true,
  )
  if (processes.length === 0) throw new ModelError(MSG_NO_PROCESS)
  if (processes.length > 1) throw new ModelError(MSG_MANY_PROCESSES)
  const process = processes[0]!
  const key = process.id ?? ''
  if (!KEY.test(key))
    throw new ModelError(
      `流程标识 (process id) 须以字母开头, 由字母、数字、_ . - 组成, 不超过64个字符: ${key}`,
    )
  const userTasks = new Map<string, TaskSpec>()
  let starts = 0
  for (const el of (process.flowElements as ModdleElement[] | undefined) ?? []) {
    const what = `${el.name ?? el.id ?? ''} (${el.$type.replace('bpmn:', '')})`
    if (!RUNNABLE.has(el.$type)) throw new ModelError(`流程引擎不支持该元素: ${what}`)
    if (Array.isArray(el.eventDefinitions) && el.eventDefinitions.length)
      throw new ModelError(`流程引擎不支持定时、消息等事件: ${what}`)
    if (el.$type === 'bpmn:StartEvent') starts++
    if (el.$type === 'bpmn:SequenceFlow' && el.conditionExpression) {
      const cond = el.conditionExpression as ModdleElement & { body?: string; language?: string }
      if (cond.language) throw new ModelError(`流程条件只支持表达式, 不支持脚本: ${what}`)
      checked(cond.body ?? '', `条件 ${what}`)
    }
    if (el.$type === 'bpmn:UserTask') {
      userTasks.set(el.id ?? '', {
        name: el.name ?? el.id ?? '',
        assignee: checked(attr(el, 'assignee'), `办理人 ${what}`),
        candidateUsers: checked(attr(el, 'candidateUsers'), `候选人 ${what}`),
        candidateGroups: checked(attr(el, 'candidateGroups'), `候选组 ${what}`),
      })
    }
  }
  if (starts === 0) throw new ModelError(MSG_NO_START)
  return { key, name: process.name?.trim() || key, userTasks }
}
