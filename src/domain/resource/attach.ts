import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const attach = defineEntity({
  name: 'attach',
  title: msg`附件管理`,
  api: '/blade-resource/attach',
  table: 'blade_attach',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'attach',
  layout: { add: false, edit: false },
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
      name: 'link',
      label: msg`附件地址`,
      type: 'string',
      required: true,
      maxLength: 1000,
      width: 280,
    },
    { name: 'domain', label: msg`附件域名`, type: 'string', maxLength: 500, list: false },
    {
      name: 'name',
      label: msg`附件名称`,
      type: 'string',
      required: true,
      maxLength: 500,
      search: 'like',
    },
    { name: 'originalName', label: msg`附件原名`, type: 'string', maxLength: 500, search: 'like' },
    { name: 'extension', label: msg`附件拓展名`, type: 'string', maxLength: 12, search: 'equal' },
    { name: 'attachSize', label: msg`附件大小`, type: 'integer', min: 0, format: 'kb' },
    { name: 'createTime', label: msg`上传时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
