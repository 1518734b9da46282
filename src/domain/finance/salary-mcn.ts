// An MCN salary (MCN工资, fields ours): an anchor employee's month — live hours, the gift value of
// their anchor account's gift details of that month (computed by the server from the gift details,
// in đồng at the tenant's coin value, never taken from a request), a gift commission rate, sales
// with a sales commission rate, and a base amount. The server (server/modules/salary-extra) keeps
// giftValue, the commissions and totalAmount (salary-extra-math.ts), one live row per month,
// employee and anchor, and the employee's and the anchor's names.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { decimalPattern } from '../floor-money.ts'
import {
  computed,
  employeeFields,
  MAX_SALES,
  money,
  monthField,
  percent,
  tailFields,
} from './salary-extra-fields.ts'

export const salaryMcn = defineEntity({
  name: 'salaryMcn',
  title: msg`MCN工资`,
  api: '/dmr/salaryMcn',
  table: 'dmr_salary_mcn',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['detailDate', 'dmrEmpId', 'anchorId']],
  permission: 'salary_mcn',
  defaultSort: [{ field: 'detailDate', dir: 'desc' }],
  layout: { searchSpan: 6, border: true, selection: true, index: true },
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
    monthField,
    ...employeeFields,
    {
      name: 'anchorId',
      label: msg`主播ID`,
      type: 'string',
      required: msg`请输入主播ID`,
      maxLength: 64,
      search: 'equal',
      example: 'A-1001',
      width: 130,
    },
    {
      name: 'anchorName',
      label: msg`主播名称`,
      type: 'string',
      readOnly: true,
      form: false,
      width: 140,
    },
    {
      name: 'liveHours',
      label: msg`直播时长(小时)`,
      type: 'number',
      min: 0,
      max: 744,
      pattern: { regex: decimalPattern(2), message: msg`直播时长最多保留2位小数` },
      defaultValue: 0,
      example: 86.5,
      width: 110,
    },
    computed('giftValue', msg`礼物价值`),
    percent('giftRate', msg`礼物提成比例`),
    computed('giftCommission', msg`礼物提成`),
    money('salesAmount', msg`带货销售额`, { max: MAX_SALES, example: 250000000, width: 150 }),
    percent('salesRate', msg`销售提成比例`),
    computed('salesCommission', msg`销售提成`),
    money('baseAmount', msg`底薪`, { example: 8000000 }),
    computed('totalAmount', msg`实发工资`, { sortable: true }),
    ...tailFields,
  ],
})
