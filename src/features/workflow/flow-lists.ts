// The two workflow lists as the list engine reads them: process models (/blade-flow/model: list,
// detail, submit, remove as the engine calls them) and deployed process definitions
// (/blade-flow/manager: list only; its other calls are the screen's own). Hand-written on the server
// (custom), and not in the entity registry: no generic endpoint, table or export is made from them.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '@/domain/entity'
import { LEAVE_PROCESS_KEY, STATE_ACTIVE, STATE_SUSPENDED } from '@/domain/workflow/flow-records'

/** The `flow` dictionary's entries, as the category a deployment is filed under (flow_<dictKey>). */
const FLOW_CATEGORY = { kind: 'dict', code: 'flow', prefix: 'flow_' } as const

/** The category choice of the deploy and upload dialogs. */
export const CATEGORY_FIELD: FieldDef = {
  name: 'category',
  label: msg`流程分类`,
  type: 'string',
  options: FLOW_CATEGORY,
}

export const flowModel = defineEntity({
  name: 'flowModel',
  title: msg`模型设计`,
  api: '/blade-flow/model',
  table: 'act_de_model',
  tenant: true,
  base: false,
  softDelete: false,
  restore: false,
  custom: true,
  permission: 'flow_model',
  layout: { add: false, edit: false, export: false },
  fields: [
    { name: 'id', label: msg`模型主键`, type: 'id', list: false, form: false, readOnly: true },
    {
      name: 'modelKey',
      label: msg`模型标识`,
      type: 'string',
      search: 'like',
      example: LEAVE_PROCESS_KEY,
      width: 180,
    },
    { name: 'name', label: msg`模型名称`, type: 'string', search: 'like' },
    { name: 'description', label: msg`模型描述`, type: 'text', list: 'hidden' },
    { name: 'version', label: msg`模型版本`, type: 'integer', width: 100 },
    { name: 'created', label: msg`创建时间`, type: 'datetime', width: 170 },
    { name: 'lastUpdated', label: msg`更新时间`, type: 'datetime', width: 170 },
  ],
})

export const flowProcess = defineEntity({
  name: 'flowProcess',
  title: msg`部署管理`,
  api: '/blade-flow/manager',
  table: 'act_re_procdef',
  tenant: true,
  base: false,
  softDelete: false,
  restore: false,
  custom: true,
  permission: 'flow_manager',
  layout: { add: false, edit: false, del: false, export: false },
  fields: [
    { name: 'id', label: msg`流程主键`, type: 'string', list: 'hidden' },
    { name: 'tenantId', label: msg`租户编号`, type: 'string', list: 'hidden', width: 110 },
    { name: 'name', label: msg`流程名称`, type: 'string' },
    { name: 'key', label: msg`流程标识`, type: 'string', search: 'like', width: 160 },
    { ...CATEGORY_FIELD, search: 'equal', list: false, view: false },
    { name: 'categoryName', label: msg`流程分类`, type: 'string', width: 120 },
    { name: 'version', label: msg`流程版本`, type: 'integer', width: 100 },
    {
      name: 'suspensionState',
      label: msg`状态`,
      type: 'integer',
      width: 90,
      options: {
        kind: 'static',
        options: [
          { value: 1, label: msg`激活` },
          { value: 2, label: msg`挂起` },
        ],
      },
    },
    { name: 'deploymentTime', label: msg`部署时间`, type: 'datetime', width: 170 },
  ],
})

/** The state change-state is asked for: the other one of the row's. */
export const nextState = (suspensionState: unknown) =>
  Number(suspensionState) === 1 ? STATE_SUSPENDED : STATE_ACTIVE
