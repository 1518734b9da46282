import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** REST reports (/blade-report/report/rest): the saved report files of the report designer. */
export const reportFile = defineEntity({
  name: 'reportFile',
  title: msg`报表列表`,
  api: '/blade-report/report/rest',
  table: 'blade_report_file',
  tenant: false,
  base: false,
  softDelete: true,
  permission: 'report_rest',
  defaultSort: [{ field: 'updateTime', dir: 'desc' }],
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
      name: 'name',
      label: msg`文件名`,
      type: 'string',
      required: msg`请输入文件名`,
      maxLength: 100,
      search: 'like',
    },
    { name: 'content', label: msg`文件内容`, type: 'text', list: false, span: 24 },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true },
    { name: 'updateTime', label: msg`更新时间`, type: 'datetime', readOnly: true },
  ],
})
