import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const oss = defineEntity({
  name: 'oss',
  title: msg`对象存储`,
  api: '/blade-resource/oss',
  table: 'blade_oss',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'oss',
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
          { value: 1, label: msg`本地存储` },
          { value: 2, label: msg`MinIO` },
          { value: 3, label: msg`七牛云` },
          { value: 4, label: msg`阿里云` },
          { value: 5, label: msg`腾讯云` },
        ],
      },
    },
    {
      name: 'ossCode',
      label: msg`资源编号`,
      type: 'string',
      required: msg`请输入资源编号`,
      maxLength: 32,
      search: 'like',
    },
    {
      name: 'endpoint',
      label: msg`资源地址`,
      type: 'string',
      required: msg`请输入资源地址`,
      maxLength: 255,
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
    { name: 'bucketName', label: msg`空间名`, type: 'string', maxLength: 255 },
    { name: 'appId', label: msg`应用ID`, type: 'string', maxLength: 255, list: false },
    { name: 'region', label: msg`地域`, type: 'string', maxLength: 255, list: false },
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
