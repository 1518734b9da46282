import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const topMenu = defineEntity({
  name: 'topMenu',
  title: msg`顶部菜单`,
  api: '/blade-system/topmenu',
  table: 'blade_top_menu',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'topmenu',
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
      name: 'name',
      label: msg`菜单名称`,
      type: 'string',
      required: msg`请输入菜单名称`,
      maxLength: 255,
      search: 'like',
    },
    { name: 'alias', label: msg`英文名称`, type: 'string', maxLength: 255 },
    {
      name: 'code',
      label: msg`菜单编号`,
      type: 'string',
      required: msg`请输入菜单编号`,
      maxLength: 255,
      search: 'like',
    },
    { name: 'source', label: msg`菜单图标`, type: 'string', maxLength: 255 },
    { name: 'path', label: msg`路由地址`, type: 'string', maxLength: 255 },
    {
      name: 'sort',
      label: msg`菜单排序`,
      type: 'integer',
      required: msg`请输入菜单排序`,
      min: 0,
      defaultValue: 1,
    },
  ],
})
