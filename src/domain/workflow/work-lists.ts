// The workflow's read-only lists (我的事务 and 流程跟踪), declared for the app's list engine. They
// are not in the registry: the server's workflow module answers them by hand (another list verb
// each under /blade-flow/work), in the shapes of flow-records.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef, type LayoutOptions, type OptionSource } from '../entity.ts'

const suspension: OptionSource = {
  kind: 'static',
  options: [
    { value: 1, label: msg`激活` },
    { value: 2, label: msg`挂起` },
  ],
}

/** Read-only: no add, edit, engine view or delete; the screens add their own row actions. */
const layout: LayoutOptions = {
  add: false,
  edit: false,
  view: false,
  del: false,
  readOnly: true,
  selection: false,
  export: false,
  menuWidth: 220,
}

const process: FieldDef[] = [
  { name: 'categoryName', label: msg`流程分类`, type: 'string', width: 110 },
  { name: 'processDefinitionName', label: msg`流程名称`, type: 'string', search: 'like' },
  { name: 'processDefinitionVersion', label: msg`流程版本`, type: 'integer', width: 90 },
]

const base = {
  api: '/blade-flow/work',
  table: 'act_ru_task',
  tenant: true,
  base: false,
  softDelete: false,
  custom: true,
  layout,
} as const

export const workStart = defineEntity({
  ...base,
  name: 'workStart',
  title: msg`发起事务`,
  permission: 'work_start',
  fields: [
    { name: 'id', label: msg`流程主键`, type: 'string', list: false },
    { name: 'categoryName', label: msg`流程分类`, type: 'string', width: 110 },
    { name: 'key', label: msg`流程标识`, type: 'string', width: 140 },
    { name: 'name', label: msg`流程名称`, type: 'string', search: 'like' },
    { name: 'version', label: msg`流程版本`, type: 'integer', width: 90 },
    { name: 'suspensionState', label: msg`状态`, type: 'integer', width: 90, options: suspension },
    { name: 'deploymentTime', label: msg`部署时间`, type: 'datetime', width: 170 },
  ],
})

const task = (name: string, title: MessageDescriptor, permission: string) =>
  defineEntity({
    ...base,
    name,
    title,
    permission,
    key: 'taskId',
    fields: [
      ...process,
      { name: 'taskName', label: msg`当前步骤`, type: 'string', width: 130 },
      { name: 'startUserName', label: msg`申请人`, type: 'string', width: 110 },
      { name: 'createTime', label: msg`申请时间`, type: 'datetime', width: 170 },
    ],
  })

export const workClaim = task('workClaim', msg`待签事务`, 'work_claim')
export const workTodo = task('workTodo', msg`待办事务`, 'work_todo')

/** Processes the caller started (已发) or took part in to the end (办结): one row per process. */
const processList = (name: string, title: MessageDescriptor, permission: string, key: string) =>
  defineEntity({
    ...base,
    name,
    title,
    permission,
    key,
    fields: [
      ...process,
      { name: 'taskName', label: msg`当前步骤`, type: 'string', width: 130 },
      { name: 'createTime', label: msg`发起时间`, type: 'datetime', width: 170 },
      { name: 'processIsFinished', label: msg`流程状态`, type: 'string', width: 100 },
    ],
  })

export const workSend = processList('workSend', msg`已发事务`, 'work_send', 'processInstanceId')
export const workDone = processList('workDone', msg`办结事务`, 'work_done', 'taskId')
/** The caller's leave requests: the send list narrowed to the leave category. */
export const leaveRequests = processList(
  'leaveRequests',
  msg`请假流程`,
  'leave',
  'processInstanceId',
)

export const flowFollow = defineEntity({
  ...base,
  api: '/blade-flow/follow',
  table: 'act_ru_execution',
  name: 'flowFollow',
  title: msg`流程跟踪`,
  permission: 'flow_follow',
  fields: [
    { name: 'id', label: msg`执行ID`, type: 'string', list: false },
    {
      name: 'processDefinitionKey',
      label: msg`流程标识`,
      type: 'string',
      search: 'equal',
      width: 140,
    },
    { name: 'processDefinitionName', label: msg`流程名称`, type: 'string' },
    { name: 'processInstanceId', label: msg`实例ID`, type: 'string', search: 'equal', width: 200 },
    { name: 'businessId', label: msg`业务ID`, type: 'string', search: 'equal', width: 200 },
    { name: 'suspensionState', label: msg`状态`, type: 'integer', width: 90, options: suspension },
    { name: 'processIsFinished', label: msg`流程状态`, type: 'string', width: 100 },
    { name: 'startUser', label: msg`发起人`, type: 'string', width: 110 },
    { name: 'startTime', label: msg`开始时间`, type: 'datetime', width: 170 },
  ],
})
