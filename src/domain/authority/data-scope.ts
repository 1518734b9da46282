import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const dataScope = defineEntity({
  name: 'dataScope',
  title: msg`数据权限`,
  api: '/blade-system/data-scope',
  table: 'blade_data_scope',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'data_scope',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'menuId', label: msg`菜单`, type: 'id', required: msg`请选择菜单`, search: 'equal', list: false, options: { kind: 'tree', url: '/blade-system/menu/tree' } },
    { name: 'scopeName', label: msg`权限名称`, type: 'string', required: msg`请输入权限名称`, maxLength: 255, search: 'like' },
    { name: 'resourceCode', label: msg`权限编号`, type: 'string', required: msg`请输入权限编号`, maxLength: 255, search: 'like' },
    { name: 'scopeColumn', label: msg`权限字段`, type: 'string', required: msg`请输入权限字段`, maxLength: 255, defaultValue: 'create_user' },
    { name: 'scopeType', label: msg`规则类型`, type: 'integer', required: msg`请选择规则类型`, options: { kind: 'dict', code: 'data_scope_type' }, search: 'equal' },
    { name: 'scopeField', label: msg`可见字段`, type: 'string', maxLength: 255, list: false, defaultValue: '*' },
    { name: 'scopeClass', label: msg`权限类名`, type: 'string', maxLength: 500, list: false },
    { name: 'scopeValue', label: msg`规则值`, type: 'text', maxLength: 2000, list: false, span: 24 },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
