import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const client = defineEntity({
  name: 'client',
  title: msg`应用管理`,
  api: '/blade-system/client',
  table: 'blade_client',
  tenant: false,
  base: true,
  softDelete: true,
  permission: 'client',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'clientId', label: msg`应用ID`, type: 'string', required: msg`请输入应用ID`, maxLength: 64, search: 'like' },
    { name: 'clientSecret', label: msg`应用密钥`, type: 'string', component: 'password', required: msg`请输入应用密钥`, maxLength: 256, list: false, secret: true },
    { name: 'scope', label: msg`授权范围`, type: 'string', required: msg`请输入授权范围`, maxLength: 256, defaultValue: 'all' },
    { name: 'authorizedGrantTypes', label: msg`授权类型`, type: 'string', required: msg`请选择授权类型`, multiple: true, span: 24, defaultValue: 'password,refresh_token', options: { kind: 'static', options: [
      { value: 'password', label: msg`密码模式` }, { value: 'captcha', label: msg`验证码模式` }, { value: 'refresh_token', label: msg`刷新令牌` },
      { value: 'sms_code', label: msg`短信验证码` }, { value: 'register', label: msg`注册` }, { value: 'social', label: msg`第三方登录` }, { value: 'authorization_code', label: msg`授权码模式` },
    ] } },
    { name: 'accessTokenValidity', label: msg`令牌秒数`, type: 'integer', required: msg`请输入令牌秒数`, min: 1, defaultValue: 3600 },
    { name: 'refreshTokenValidity', label: msg`刷新令牌秒数`, type: 'integer', required: msg`请输入刷新令牌秒数`, min: 1, defaultValue: 604800 },
    { name: 'webServerRedirectUri', label: msg`回调地址`, type: 'string', maxLength: 256, list: false },
    { name: 'resourceIds', label: msg`资源集合`, type: 'string', maxLength: 256, list: false },
    { name: 'authorities', label: msg`权限`, type: 'string', maxLength: 256, list: false },
    { name: 'autoapprove', label: msg`自动授权`, type: 'string', maxLength: 256, list: false },
    { name: 'additionalInformation', label: msg`附加说明`, type: 'text', maxLength: 4096, list: false, span: 24 },
  ],
})
