import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const notice = defineEntity({
  name: 'notice',
  title: msg`通知公告`,
  api: '/blade-desk/notice',
  table: 'blade_notice',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'notice',
  defaultSort: [{ field: 'releaseTime', dir: 'desc' }],
  layout: { defaultDateRange: 'yesterday' },
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
      name: 'title',
      label: msg`通知标题`,
      type: 'string',
      required: msg`请输入通知标题`,
      maxLength: 255,
      search: 'like',
      span: 24,
    },
    {
      name: 'category',
      label: msg`通知类型`,
      type: 'integer',
      required: msg`请选择通知类型`,
      options: { kind: 'dict', code: 'notice' },
      search: 'equal',
    },
    {
      name: 'releaseTime',
      label: msg`通知时间`,
      type: 'datetime',
      required: msg`请选择通知时间`,
      search: 'between',
    },
    {
      name: 'content',
      label: msg`通知内容`,
      type: 'text',
      component: 'editor',
      list: false,
      span: 24,
    },
  ],
})
