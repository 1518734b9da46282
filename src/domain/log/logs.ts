// The three log lists (blade-log): read-only, written by the server itself.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'

const common: FieldDef[] = [
  { name: 'id', label: msg`主键`, type: 'id', list: false, view: false, readOnly: true },
  {
    name: 'serviceId',
    label: msg`服务ID`,
    type: 'string',
    search: 'like',
    readOnly: true,
    width: 120,
  },
  { name: 'serverHost', label: msg`服务器名`, type: 'string', readOnly: true, list: false },
  {
    name: 'serverIp',
    label: msg`服务器IP`,
    type: 'string',
    search: 'like',
    readOnly: true,
    list: false,
  },
  { name: 'env', label: msg`软件环境`, type: 'string', readOnly: true, list: false },
  {
    name: 'method',
    label: msg`请求方法`,
    type: 'string',
    search: 'equal',
    readOnly: true,
    width: 90,
  },
  { name: 'requestUri', label: msg`请求接口`, type: 'string', search: 'like', readOnly: true },
  { name: 'remoteIp', label: msg`请求IP`, type: 'string', readOnly: true, list: false },
  { name: 'userAgent', label: msg`用户代理`, type: 'string', readOnly: true, list: false },
  { name: 'methodClass', label: msg`方法类`, type: 'string', readOnly: true, list: false },
  { name: 'methodName', label: msg`方法名`, type: 'string', readOnly: true, list: false },
  { name: 'params', label: msg`请求数据`, type: 'text', readOnly: true, list: false },
  {
    name: 'createBy',
    label: msg`操作人`,
    type: 'string',
    search: 'like',
    readOnly: true,
    width: 110,
  },
  {
    name: 'createTime',
    label: msg`日志时间`,
    type: 'datetime',
    search: 'between',
    readOnly: true,
    width: 170,
  },
]

const layout = {
  add: false,
  edit: false,
  del: false,
  readOnly: true,
  defaultDateRange: 'yesterday' as const,
}

export const logUsual = defineEntity({
  name: 'logUsual',
  title: msg`通用日志`,
  api: '/blade-log/usual',
  table: 'blade_log_usual',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'log_usual',
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  layout,
  fields: [
    ...common,
    {
      name: 'logLevel',
      label: msg`日志级别`,
      type: 'string',
      search: 'equal',
      readOnly: true,
      width: 90,
    },
    { name: 'logId', label: msg`日志业务ID`, type: 'string', search: 'like', readOnly: true },
    { name: 'logData', label: msg`日志数据`, type: 'text', readOnly: true, list: false },
  ],
})

export const logApi = defineEntity({
  name: 'logApi',
  title: msg`接口日志`,
  api: '/blade-log/api',
  table: 'blade_log_api',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'log_api',
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  layout,
  fields: [
    ...common,
    { name: 'title', label: msg`日志名`, type: 'string', search: 'like', readOnly: true },
    { name: 'type', label: msg`日志类型`, type: 'string', readOnly: true, list: false },
    { name: 'time', label: msg`执行时间(ms)`, type: 'string', readOnly: true, width: 110 },
  ],
})

export const logError = defineEntity({
  name: 'logError',
  title: msg`错误日志`,
  api: '/blade-log/error',
  table: 'blade_log_error',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'log_error',
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  layout,
  fields: [
    ...common,
    { name: 'exceptionName', label: msg`异常名`, type: 'string', search: 'like', readOnly: true },
    { name: 'message', label: msg`异常信息`, type: 'text', readOnly: true },
    { name: 'stackTrace', label: msg`异常堆栈`, type: 'text', readOnly: true, list: false },
    { name: 'fileName', label: msg`文件名`, type: 'string', readOnly: true, list: false },
    { name: 'lineNumber', label: msg`行号`, type: 'integer', readOnly: true, list: false },
  ],
})
