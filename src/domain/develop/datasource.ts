import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** driverClass choices (spec §3) plus SQLite, the embedded default. */
export const DRIVER_CLASSES = [
  'com.mysql.cj.jdbc.Driver',
  'org.postgresql.Driver',
  'oracle.jdbc.OracleDriver',
  'com.microsoft.sqlserver.jdbc.SQLServerDriver',
  'dm.jdbc.driver.DmDriver',
  'org.sqlite.JDBC',
] as const

export const datasource = defineEntity({
  name: 'datasource',
  title: msg`数据源管理`,
  api: '/blade-develop/datasource',
  table: 'blade_datasource',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'datasource',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'name', label: msg`名称`, type: 'string', required: msg`请输入数据源名称`, maxLength: 100, search: 'like' },
    { name: 'category', label: msg`类型`, type: 'integer', required: msg`请选择数据源类型`, defaultValue: 1, options: { kind: 'dict', code: 'datasource_category' }, search: 'equal' },
    { name: 'driverClass', label: msg`驱动类`, type: 'string', required: msg`请选择驱动类`, requiredWhen: { field: 'category', equals: 1 }, visibleWhen: { field: 'category', equals: 1 }, options: { kind: 'static', options: [
      { value: DRIVER_CLASSES[0], label: msg`MySQL` }, { value: DRIVER_CLASSES[1], label: msg`PostgreSQL` }, { value: DRIVER_CLASSES[2], label: msg`Oracle` },
      { value: DRIVER_CLASSES[3], label: msg`SQL Server` }, { value: DRIVER_CLASSES[4], label: msg`达梦` }, { value: DRIVER_CLASSES[5], label: msg`SQLite` },
    ] } },
    { name: 'username', label: msg`用户名`, type: 'string', required: msg`请输入用户名`, requiredWhen: { field: 'category', equals: 1 }, visibleWhen: { field: 'category', equals: 1 }, maxLength: 45 },
    { name: 'password', label: msg`密码`, type: 'string', component: 'password', required: msg`请输入密码`, requiredWhen: { field: 'category', equals: 1 }, visibleWhen: { field: 'category', equals: 1 }, maxLength: 255, list: false, secret: true },
    { name: 'url', label: msg`连接地址`, type: 'string', required: msg`请输入连接地址`, requiredWhen: { field: 'category', equals: 1 }, visibleWhen: { field: 'category', equals: 1 }, maxLength: 500, span: 24, example: 'jdbc:postgresql://127.0.0.1:5432/test' },
    { name: 'shardingConfig', label: msg`分库分表配置`, type: 'text', required: msg`请输入分库分表YAML配置`, requiredWhen: { field: 'category', equals: 2 }, visibleWhen: { field: 'category', equals: 2 }, list: false, span: 24 },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
