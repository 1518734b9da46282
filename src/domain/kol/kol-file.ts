// A KOL (creator / anchor) file (达人档案, spec §3 "KOL"). Both the `kol_file` and the `kol` menus
// show KOLs over this API. contactStatus starts at 'created'; follow-ups (kol-follow-up.ts) move it
// and lastContactTime on the server.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** Optional sign, digits, optional decimals (spec §5). */
export const NUMBERS_ONLY = { regex: '^[+-]?\\d+(\\.\\d+)?$', message: msg`只能输入数字` }

export const kolFile = defineEntity({
  name: 'kolFile',
  title: msg`达人档案`,
  api: '/kolFile/kolFile',
  table: 'dmr_kol_file',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'kol_file',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'kolName', label: msg`达人名称`, type: 'string', maxLength: 100, search: 'like' },
    { name: 'tkUserName', label: msg`TikTokId`, type: 'string', required: msg`请输入TikTokId`, maxLength: 100, search: 'like' },
    { name: 'tkUrl', label: msg`TikTok主页`, type: 'string', maxLength: 500, list: false },
    { name: 'contactStatus', label: msg`联系状态`, type: 'string', maxLength: 32, options: { kind: 'dictBiz', code: 'kol_contact_status' }, defaultValue: 'created', search: 'equal' },
    { name: 'kolSex', label: msg`性别`, type: 'integer', required: msg`请选择性别`, options: { kind: 'dict', code: 'sex' }, search: 'equal' },
    { name: 'kolType', label: msg`达人类型`, type: 'string', required: msg`请选择达人类型`, maxLength: 500, multiple: true, options: { kind: 'dictBiz', code: 'kol_type' }, search: 'equal' },
    { name: 'tkFollowers', label: msg`粉丝数`, type: 'number', pattern: NUMBERS_ONLY, format: 'kFollowers', sortable: true },
    { name: 'kolCategory', label: msg`达人类目`, type: 'string', required: msg`请选择达人类目`, maxLength: 64, options: { kind: 'dictBiz', code: 'kol_category' }, search: 'equal' },
    { name: 'kolTags', label: msg`达人标签`, type: 'string', required: msg`请选择达人标签`, maxLength: 500, multiple: true, options: { kind: 'dictBiz', code: 'kol_tags' }, search: 'equal' },
    { name: 'kolContact', label: msg`联系方式`, type: 'string', maxLength: 255 },
    { name: 'kolFrom', label: msg`所在城市`, type: 'string', maxLength: 100, search: 'like' },
    { name: 'engagementRate', label: msg`互动率`, type: 'number', min: 0, max: 100, format: 'percent' },
    { name: 'kolScore', label: msg`达人评分`, type: 'number', min: 0, max: 100 },
    { name: 'dmrEmpId', label: msg`负责员工`, type: 'id', list: false },
    { name: 'dmrEmpVnName', label: msg`负责员工姓名`, type: 'string', maxLength: 100, search: 'like' },
    { name: 'lastContactTime', label: msg`最近联系时间`, type: 'datetime', readOnly: true, form: false, sortable: true },
    { name: 'responseDeadline', label: msg`回复期限`, type: 'datetime', sortable: true },
    { name: 'archivedReason', label: msg`归档原因`, type: 'string', maxLength: 500, list: false, component: 'textarea', span: 24 },
    { name: 'createByEmpId', label: msg`创建员工`, type: 'id', list: false },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
