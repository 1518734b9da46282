import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const tenant = defineEntity({
  name: 'tenant',
  title: msg`租户管理`,
  api: '/blade-system/tenant',
  table: 'blade_tenant',
  tenant: false,
  base: true,
  softDelete: true,
  custom: true,
  permission: 'tenant',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'tenantId', label: msg`租户ID`, type: 'string', readOnly: true, search: 'like', width: 100 },
    { name: 'tenantName', label: msg`租户名称`, type: 'string', required: msg`请输入租户名称`, maxLength: 100, search: 'like' },
    { name: 'linkman', label: msg`联系人`, type: 'string', required: msg`请输入联系人`, maxLength: 50, search: 'like' },
    { name: 'contactNumber', label: msg`联系电话`, type: 'string', maxLength: 30 },
    { name: 'address', label: msg`联系地址`, type: 'string', maxLength: 255, list: false, span: 24 },
    { name: 'domain', label: msg`绑定域名`, type: 'string', maxLength: 255 },
    { name: 'backgroundUrl', label: msg`系统背景`, type: 'string', component: 'upload', maxLength: 1000, list: false },
    { name: 'accountNumber', label: msg`账号额度`, type: 'integer', min: -1, readOnly: true, form: false },
    { name: 'expireTime', label: msg`过期时间`, type: 'datetime', readOnly: true, form: false },
    { name: 'packageId', label: msg`产品包`, type: 'id', readOnly: true, form: false, list: false, options: { kind: 'select', url: '/blade-system/tenant-package/select', label: 'packageName', value: 'id' } },
    { name: 'datasourceId', label: msg`数据源`, type: 'id', readOnly: true, form: false, list: false, options: { kind: 'select', url: '/blade-develop/datasource/select', label: 'name', value: 'id' } },
    { name: 'status', label: msg`状态`, type: 'integer', readOnly: true, form: false, options: { kind: 'static', options: [{ value: 1, label: msg`正常` }, { value: 2, label: msg`已回收` }] } },
  ],
})
