import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const apiScope = defineEntity({
  name: 'apiScope',
  title: msg`接口权限`,
  api: '/blade-system/api-scope',
  table: 'blade_api_scope',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'api_scope',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'menuId', label: msg`菜单`, type: 'id', required: msg`请选择菜单`, search: 'equal', list: false, options: { kind: 'tree', url: '/blade-system/menu/tree' } },
    { name: 'scopeName', label: msg`权限名称`, type: 'string', required: msg`请输入权限名称`, maxLength: 255, search: 'like' },
    { name: 'resourceCode', label: msg`权限编号`, type: 'string', required: msg`请输入权限编号`, maxLength: 255, search: 'like' },
    { name: 'scopePath', label: msg`权限路径`, type: 'string', required: msg`请输入权限路径`, maxLength: 255, example: '/blade-system/param' },
    { name: 'scopeType', label: msg`接口类型`, type: 'integer', required: msg`请选择接口类型`, options: { kind: 'dict', code: 'api_scope_type' }, search: 'equal' },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
