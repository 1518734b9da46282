import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const dept = defineEntity({
  name: 'dept',
  title: msg`部门管理`,
  api: '/blade-system/dept',
  table: 'blade_dept',
  custom: true,
  tenant: true,
  base: false,
  softDelete: true,
  permission: 'dept',
  tree: { parent: 'parentId' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  layout: { searchSpan: 6, border: true, selection: true },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'deptName', label: msg`机构名称`, type: 'string', required: msg`请输入机构名称`, maxLength: 45, search: 'like' },
    { name: 'fullName', label: msg`机构全称`, type: 'string', required: msg`请输入机构全称`, maxLength: 45, search: 'like' },
    { name: 'tenantId', label: msg`所属租户`, type: 'string', readOnly: true, form: false, list: false },
    { name: 'parentId', label: msg`上级机构`, type: 'id', list: false, options: { kind: 'tree', url: '/blade-system/dept/tree' } },
    { name: 'deptCategory', label: msg`机构类型`, type: 'integer', required: msg`请选择机构类型`, options: { kind: 'dict', code: 'org_category' } },
    { name: 'sort', label: msg`排序`, type: 'integer', required: msg`请输入排序`, min: 0, defaultValue: 1 },
    { name: 'ancestors', label: msg`祖级机构`, type: 'string', readOnly: true, form: false, list: false },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
