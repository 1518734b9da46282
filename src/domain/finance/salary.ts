// A salary (工资管理, docs/product.md §3): one month (detailDate) of one salary source, with a detail
// row per employee (the body field `detail`). The server (server/modules/salary) keeps what a
// declaration cannot say: one live salary per month × source, each employee once, the rows' amounts
// computed and floored (salary-math.ts) unless set by hand, the salary's totals, and the rows in a
// table of their own (dmr_salary_detail: the salary detail list and the monthly summary read them).
// Wire names keep their spellings (intershipDays, intershipAmount: docs/product.md §3).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'
import { MAX_SALARY } from './employee.ts'

/** The most rows one salary holds. */
const MAX_SALARY_ROWS = 500
/** Day counts of a month (halves allowed). */
const days = { type: 'number' as const, min: 0, max: 31, width: 90 }
const money = {
  type: 'number' as const,
  min: 0,
  max: MAX_SALARY,
  format: 'vnd' as const,
  width: 130,
}

/** Fields of each detail row; the amounts come back computed. */
export const SALARY_ROW_FIELDS: FieldDef[] = [
  {
    name: 'dmrEmpId',
    label: msg`员工`,
    type: 'id',
    required: msg`请选择员工`,
    width: 200,
    options: { kind: 'select', url: '/dmr/employee/select', label: 'label', value: 'id' },
  },
  { name: 'standardDays', label: msg`标准天数`, ...days, defaultValue: 26, example: 26 },
  { name: 'labourDays', label: msg`出勤天数`, ...days, defaultValue: 0, example: 22 },
  { name: 'intershipDays', label: msg`实习天数`, ...days, defaultValue: 0, example: 0 },
  { name: 'salaryAmount', label: msg`工资金额`, ...money },
  { name: 'salaryAmountManual', label: msg`工资金额手工调整`, type: 'boolean' },
  { name: 'intershipAmount', label: msg`实习工资金额`, ...money },
  { name: 'intershipAmountManual', label: msg`实习工资手工调整`, type: 'boolean' },
  { name: 'benefitAmount', label: msg`福利金额`, ...money },
  { name: 'bonusAmount', label: msg`奖金`, ...money, defaultValue: 0 },
  { name: 'insuranceAmount', label: msg`公司缴纳保险`, ...money, defaultValue: 0 },
  { name: 'insuranceEmpAmount', label: msg`个人缴纳保险`, ...money, defaultValue: 0 },
  { name: 'empTax', label: msg`个人所得税`, ...money, defaultValue: 0 },
  {
    name: 'totalAmount',
    label: msg`实发工资`,
    type: 'number',
    readOnly: true,
    format: 'vnd',
    width: 130,
  },
]

export const salary = defineEntity({
  name: 'salary',
  title: msg`工资管理`,
  api: '/dmr/salary',
  table: 'dmr_salary',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['detailDate', 'salarySource']],
  permission: 'salary',
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
    {
      name: 'detailDate',
      label: msg`工资月份`,
      type: 'month',
      required: msg`请选择工资月份`,
      search: 'between',
      sortable: true,
      width: 120,
      example: '2026-01',
    },
    {
      name: 'salarySource',
      label: msg`工资来源`,
      type: 'string',
      required: msg`请选择工资来源`,
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'salary_source' },
      search: 'equal',
      width: 140,
    },
    {
      name: 'employeeCount',
      label: msg`人数`,
      type: 'integer',
      readOnly: true,
      form: false,
      width: 90,
    },
    {
      name: 'totalAmount',
      label: msg`实发工资合计`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
      width: 160,
    },
    {
      name: 'detail',
      label: msg`工资明细`,
      type: 'rows',
      required: msg`请添加工资明细`,
      max: MAX_SALARY_ROWS,
      // Rows of dmr_salary_detail (server/modules/salary), not a column of the salary.
      external: true,
      list: false,
      span: 24,
      rows: SALARY_ROW_FIELDS,
    },
    { name: 'remark', label: msg`备注`, type: 'string', maxLength: 500, list: false, span: 24 },
    {
      name: 'createTime',
      label: msg`创建时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      list: false,
    },
  ],
})
