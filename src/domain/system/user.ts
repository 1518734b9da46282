import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** blade_user.status: 0 awaiting audit (self-registered), 1 normal, 2 refused at audit. */
export const USER_STATUS = [
  { value: 0, label: msg`待审核` },
  { value: 1, label: msg`正常` },
  { value: 2, label: msg`审核拒绝` },
]

export const USER_TYPES = [
  { value: 1, label: msg`WEB` },
  { value: 2, label: msg`APP` },
  { value: 3, label: msg`OTHER` },
]

export const user = defineEntity({
  name: 'user',
  title: msg`用户管理`,
  api: '/blade-system/user',
  table: 'blade_user',
  custom: true,
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'user',
  layout: { menuWidth: 200, searchSpan: 6, border: true, selection: true, index: true },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'tenantId', label: msg`所属租户`, type: 'string', list: false, maxLength: 12, options: { kind: 'select', url: '/blade-system/tenant/select', label: 'tenantName', value: 'tenantId' } },
    { name: 'account', label: msg`登录账号`, type: 'string', example: 'nguyen.a', required: msg`请输入登录账号`, maxLength: 45, pattern: { regex: '^\\S+$', message: msg`登录账号不能包含空白字符` }, search: 'like' },
    { name: 'password', label: msg`密码`, type: 'string', component: 'password', required: msg`请输入密码`, maxLength: 100, secret: true, list: false, view: false, form: 'add' },
    { name: 'name', label: msg`用户昵称`, type: 'string', required: msg`请输入用户昵称`, maxLength: 20 },
    { name: 'realName', label: msg`用户姓名`, type: 'string', required: msg`请输入用户姓名`, maxLength: 20, search: 'like' },
    { name: 'code', label: msg`用户编号`, type: 'string', maxLength: 32, list: false },
    { name: 'phone', label: msg`手机号码`, type: 'string', maxLength: 45, example: '09123456789', pattern: { regex: '^\\d{11}$', message: msg`请输入正确的手机号` } },
    { name: 'email', label: msg`电子邮箱`, type: 'string', example: 'nguyen.a@example.com', maxLength: 45, list: false, pattern: { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: msg`请输入正确的邮箱` } },
    { name: 'sex', label: msg`用户性别`, type: 'integer', options: { kind: 'dict', code: 'sex' }, list: false },
    { name: 'birthday', label: msg`用户生日`, type: 'datetime', list: false },
    { name: 'roleId', label: msg`所属角色`, type: 'ids', required: msg`请选择所属角色`, multiple: true, list: false, options: { kind: 'tree', url: '/blade-system/role/tree' } },
    { name: 'deptId', label: msg`所属部门`, type: 'ids', required: msg`请选择所属部门`, multiple: true, list: false, options: { kind: 'tree', url: '/blade-system/dept/tree' } },
    { name: 'postId', label: msg`所属岗位`, type: 'ids', required: msg`请选择所属岗位`, multiple: true, list: false, options: { kind: 'select', url: '/blade-system/post/select', label: 'postName', value: 'id' } },
    { name: 'roleName', label: msg`所属角色`, type: 'string', readOnly: true, form: false, view: false },
    { name: 'deptName', label: msg`所属部门`, type: 'string', readOnly: true, form: false, view: false },
    { name: 'postName', label: msg`所属岗位`, type: 'string', readOnly: true, form: false, view: false },
    { name: 'userType', label: msg`用户平台`, type: 'integer', readOnly: true, form: false, list: false, options: { kind: 'static', options: USER_TYPES } },
    { name: 'status', label: msg`用户状态`, type: 'integer', readOnly: true, form: false, search: 'equal', width: 100, options: { kind: 'static', options: USER_STATUS } },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false, list: false },
  ],
})
