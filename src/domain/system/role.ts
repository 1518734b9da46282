import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const role = defineEntity({
  name: 'role',
  title: msg`角色管理`,
  api: '/blade-system/role',
  table: 'blade_role',
  custom: true,
  tenant: true,
  base: false,
  softDelete: true,
  permission: 'role',
  tree: { parent: 'parentId' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  layout: { searchSpan: 6, border: true, selection: true, menuWidth: 260 },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'roleName', label: msg`角色名称`, type: 'string', required: msg`请输入角色名称`, maxLength: 255, search: 'like' },
    { name: 'tenantId', label: msg`所属租户`, type: 'string', readOnly: true, form: false, list: false },
    { name: 'roleAlias', label: msg`角色别名`, type: 'string', example: 'clerk', required: msg`请输入角色别名`, maxLength: 255, pattern: { regex: '^[A-Za-z0-9_-]+$', message: msg`角色别名只能包含字母、数字、下划线和中划线` }, search: 'like' },
    { name: 'parentId', label: msg`上级角色`, type: 'id', list: false, options: { kind: 'tree', url: '/blade-system/role/tree' } },
    { name: 'sort', label: msg`角色排序`, type: 'integer', required: msg`请输入角色排序`, min: 0, defaultValue: 1 },
  ],
})
