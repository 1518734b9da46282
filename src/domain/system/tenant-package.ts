import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const tenantPackage = defineEntity({
  name: 'tenantPackage',
  title: msg`租户产品包`,
  api: '/blade-system/tenant-package',
  table: 'blade_tenant_package',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'tenant_package',
  layout: { view: false },
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
      name: 'packageName',
      label: msg`产品包名`,
      type: 'string',
      required: msg`请输入产品包名称`,
      maxLength: 100,
      search: 'like',
    },
    {
      name: 'menuId',
      label: msg`菜单列表`,
      type: 'ids',
      required: msg`请选择菜单列表`,
      multiple: true,
      list: false,
      span: 24,
      options: { kind: 'tree', url: '/blade-system/menu/tree' },
    },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, span: 24 },
  ],
})
