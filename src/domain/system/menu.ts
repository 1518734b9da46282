import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const menu = defineEntity({
  name: 'menu',
  title: msg`菜单管理`,
  api: '/blade-system/menu',
  table: 'blade_menu',
  custom: true,
  tenant: false,
  base: false,
  softDelete: true,
  permission: 'menu',
  tree: { parent: 'parentId' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  layout: { searchSpan: 6, border: true, selection: true },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'name', label: msg`菜单名称`, type: 'string', required: msg`请输入菜单名称`, maxLength: 255, search: 'like' },
    { name: 'path', label: msg`路由地址`, type: 'string', maxLength: 255 },
    { name: 'parentId', label: msg`上级菜单`, type: 'id', list: false, options: { kind: 'tree', url: '/blade-system/menu/tree' } },
    { name: 'source', label: msg`菜单图标`, type: 'string', maxLength: 255 },
    { name: 'code', label: msg`菜单编号`, type: 'string', required: msg`请输入菜单编号`, maxLength: 255, search: 'like' },
    { name: 'category', label: msg`菜单类型`, type: 'integer', component: 'radio', required: msg`请选择菜单类型`, defaultValue: 1, options: { kind: 'dict', code: 'menu_category' } },
    { name: 'alias', label: msg`菜单别名`, type: 'string', required: msg`请输入菜单别名`, maxLength: 255, search: 'like' },
    { name: 'action', label: msg`按钮功能`, type: 'integer', component: 'radio', defaultValue: 0, list: false, options: { kind: 'dict', code: 'button_func' } },
    { name: 'sort', label: msg`菜单排序`, type: 'integer', required: msg`请输入菜单排序`, min: 0, defaultValue: 1 },
    { name: 'isOpen', label: msg`新窗口`, type: 'integer', component: 'radio', required: msg`请选择新窗口打开`, defaultValue: 1, list: false, options: { kind: 'dict', code: 'yes_no' } },
    { name: 'remark', label: msg`菜单备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
