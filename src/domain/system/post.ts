import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const post = defineEntity({
  name: 'post',
  title: msg`岗位管理`,
  api: '/blade-system/post',
  table: 'blade_post',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'post',
  defaultSort: [{ field: 'sort', dir: 'asc' }],
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
      name: 'category',
      label: msg`岗位类型`,
      type: 'integer',
      required: msg`请选择岗位类型`,
      options: { kind: 'dict', code: 'post_category' },
      search: 'equal',
    },
    {
      name: 'postCode',
      label: msg`岗位编号`,
      type: 'string',
      required: msg`请输入岗位编号`,
      maxLength: 12,
      search: 'like',
    },
    {
      name: 'postName',
      label: msg`岗位名称`,
      type: 'string',
      required: msg`请输入岗位名称`,
      maxLength: 64,
      search: 'like',
    },
    {
      name: 'sort',
      label: msg`岗位排序`,
      type: 'integer',
      required: msg`请输入岗位排序`,
      min: 0,
      defaultValue: 1,
    },
    { name: 'remark', label: msg`岗位描述`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
