import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const tenantDatasource = defineEntity({
  name: 'tenantDatasource',
  title: msg`租户数据源`,
  api: '/blade-system/tenant-datasource',
  table: 'blade_tenant_datasource',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'tenant_data_source',
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
      name: 'tenantId',
      label: msg`租户`,
      type: 'string',
      required: msg`请选择租户`,
      maxLength: 12,
      search: 'equal',
      options: {
        kind: 'select',
        url: '/blade-system/tenant/select',
        label: 'tenantName',
        value: 'tenantId',
      },
    },
    {
      name: 'datasourceId',
      label: msg`数据源`,
      type: 'id',
      required: msg`请选择数据源`,
      options: {
        kind: 'select',
        url: '/blade-develop/datasource/select',
        label: 'name',
        value: 'id',
      },
    },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, span: 24 },
  ],
})
