// The monthly salary summary (月度工资汇总, docs/product.md §3): per detailDate + salarySource (one
// salary) the sums of its detail rows, computed by the server
// (GET /api/dmr/salary/summary/list|page|export, server/modules/salary); a row's id is its
// salary's. Read-only; menu width 300 (docs/product.md §2), where each month opens its detail rows.
// repeatCount marks the employees the salary pays who are also on another salary of the month (paid
// twice), repeatNames names them.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'

type Label = FieldDef['label']
const total = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'number',
  format: 'vnd',
  width: 140,
  stored: false,
})

export const salaryMonth = defineEntity({
  name: 'salaryMonth',
  title: msg`月度工资汇总`,
  api: '/dmr/salary/summary',
  table: 'dmr_salary_detail',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'salary_month',
  custom: true,
  defaultSort: [{ field: 'detailDate', dir: 'desc' }],
  layout: {
    readOnly: true,
    add: false,
    edit: false,
    view: false,
    del: false,
    menuWidth: 300,
    searchSpan: 6,
    border: true,
    selection: true,
    index: true,
  },
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
      name: 'detailDate',
      label: msg`工资月份`,
      type: 'month',
      search: 'between',
      sortable: true,
      width: 110,
    },
    {
      name: 'salarySource',
      label: msg`工资来源`,
      type: 'string',
      options: { kind: 'dictBiz', code: 'salary_source' },
      search: 'equal',
      width: 120,
    },
    { name: 'employeeCount', label: msg`人数`, type: 'integer', width: 80, stored: false },
    total('salaryAmountTotal', msg`工资金额合计`),
    total('intershipAmountTotal', msg`实习工资合计`),
    total('benefitAmountTotal', msg`福利合计`),
    total('bonusAmountTotal', msg`奖金合计`),
    total('insuranceAmountTotal', msg`公司缴纳保险合计`),
    total('insuranceEmpAmountTotal', msg`个人缴纳保险合计`),
    total('empTaxTotal', msg`个人所得税合计`),
    total('totalAmount', msg`实发工资合计`),
    {
      name: 'repeatCount',
      label: msg`重复发放人数`,
      type: 'integer',
      width: 110,
      stored: false,
    },
    { name: 'repeatNames', label: msg`重复发放员工`, type: 'string', list: false, stored: false },
  ],
})
