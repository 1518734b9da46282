// Salary detail (工资明细): the detail rows of every salary, flattened and read-only, one row per
// employee and salary (GET /api/dmr/salary/salaryList, and list/page/detail/export under it),
// filtered by month, source and employee. The rows are written only with their salary
// (server/modules/salary), which copies its month and source and the employee's names into them.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'
import { SALARY_ROW_FIELDS } from './salary.ts'

const rowField = (name: string): FieldDef => ({
  ...SALARY_ROW_FIELDS.find((f) => f.name === name)!,
  required: undefined,
  readOnly: true,
})

export const salaryDetail = defineEntity({
  name: 'salaryDetail',
  title: msg`工资明细`,
  api: '/dmr/salary/salaryList',
  table: 'dmr_salary_detail',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'salary_detail',
  defaultSort: [{ field: 'detailDate', dir: 'desc' }],
  layout: {
    readOnly: true,
    add: false,
    edit: false,
    del: false,
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
    { name: 'salaryId', label: msg`工资单`, type: 'id', list: false, view: false, readOnly: true },
    {
      name: 'detailDate',
      label: msg`工资月份`,
      type: 'month',
      search: 'between',
      sortable: true,
      width: 110,
      readOnly: true,
    },
    {
      name: 'salarySource',
      label: msg`工资来源`,
      type: 'string',
      options: { kind: 'dictBiz', code: 'salary_source' },
      search: 'equal',
      width: 120,
      readOnly: true,
    },
    { ...rowField('dmrEmpId'), list: false, search: 'equal' },
    { name: 'dmrEmpVnName', label: msg`越南语姓名`, type: 'string', width: 160, readOnly: true },
    { name: 'dmrEmpCnName', label: msg`中文姓名`, type: 'string', width: 110, readOnly: true },
    ...[
      'standardDays',
      'labourDays',
      'intershipDays',
      'salaryAmount',
      'intershipAmount',
      'benefitAmount',
      'bonusAmount',
      'insuranceAmount',
      'insuranceEmpAmount',
      'empTax',
    ].map(rowField),
    { ...rowField('totalAmount'), sortable: true },
  ],
})
