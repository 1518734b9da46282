import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const sms = defineEntity({
  name: 'sms',
  title: msg`短信配置`,
  api: '/blade-resource/sms',
  table: 'blade_sms',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'sms',
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
      name: 'category',
      label: msg`分类`,
      type: 'integer',
      required: msg`请选择分类`,
      search: 'equal',
      options: {
        kind: 'static',
        options: [
          { value: 1, label: msg`日志输出` },
          { value: 2, label: msg`云片` },
          { value: 3, label: msg`七牛云` },
          { value: 4, label: msg`阿里云` },
          { value: 5, label: msg`腾讯云` },
        ],
      },
    },
    {
      name: 'smsCode',
      label: msg`资源编号`,
      type: 'string',
      required: msg`请输入资源编号`,
      maxLength: 32,
      search: 'like',
    },
    {
      name: 'templateId',
      label: msg`模板ID`,
      type: 'string',
      required: msg`请输入模板ID`,
      maxLength: 64,
    },
    { name: 'accessKey', label: msg`accessKey`, type: 'string', maxLength: 255, list: false },
    {
      name: 'secretKey',
      label: msg`secretKey`,
      type: 'string',
      component: 'password',
      maxLength: 255,
      list: false,
      secret: true,
    },
    { name: 'regionId', label: msg`regionId`, type: 'string', maxLength: 255, list: false },
    { name: 'signName', label: msg`短信签名`, type: 'string', maxLength: 64 },
    {
      name: 'status',
      label: msg`是否启用`,
      type: 'integer',
      readOnly: true,
      form: false,
      options: {
        kind: 'static',
        options: [
          { value: 1, label: msg`否` },
          { value: 2, label: msg`是` },
        ],
      },
    },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 255, list: false, span: 24 },
  ],
})
