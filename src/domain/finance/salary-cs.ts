// A customer-service salary (客服工资, fields ours): one employee's month of orders handled, paid a
// commission per order on top of a base amount, with a bonus and a deduction. The server
// (server/modules/salary-extra) keeps commissionAmount and totalAmount (salary-extra-math.ts), one
// live row per month and employee, and the employee's name.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { computed, employeeFields, money, monthField, tailFields } from './salary-extra-fields.ts'

export const salaryCs = defineEntity({
  name: 'salaryCs',
  title: msg`客服工资`,
  api: '/dmr/salaryCs',
  table: 'dmr_salary_cs',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['detailDate', 'dmrEmpId']],
  permission: 'salary_cs',
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
      name: 'orderCount',
      label: msg`订单数`,
      type: 'integer',
      required: msg`请输入订单数`,
      min: 0,
      max: 1_000_000,
      example: 320,
      width: 100,
    },
    money('commissionPerOrder', msg`每单提成`, {
      required: msg`请输入每单提成`,
      max: 10_000_000,
      defaultValue: undefined,
      example: 1500,
    }),
    computed('commissionAmount', msg`提成金额`),
    money('baseAmount', msg`底薪`, { example: 6000000 }),
    money('bonusAmount', msg`奖金`),
    money('deductionAmount', msg`扣款`),
    computed('totalAmount', msg`实发工资`, { sortable: true }),
    ...tailFields,
  ],
})
