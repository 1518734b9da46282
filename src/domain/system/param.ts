import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const param = defineEntity({
  name: 'param',
  title: msg`参数管理`,
  api: '/blade-system/param',
  table: 'blade_param',
  // Per tenant; the platform's rows are every tenant's defaults (server/modules/system/param.ts).
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'param',
  unique: [['paramKey']],
  fields: [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'paramName',
      label: msg`参数名称`,
      type: 'string',
      required: msg`请输入参数名称`,
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'paramKey',
      label: msg`参数键名`,
      type: 'string',
      required: msg`请输入参数键名`,
      maxLength: 255,
      search: 'like',
    },
    {
      name: 'paramValue',
      label: msg`参数键值`,
      type: 'text',
      component: 'textarea',
      required: msg`请输入参数键值`,
      maxLength: 2000,
      span: 24,
    },
    {
      name: 'remark',
      label: msg`备注`,
      type: 'string',
      maxLength: 255,
      list: false,
      component: 'textarea',
      span: 24,
    },
  ],
})
