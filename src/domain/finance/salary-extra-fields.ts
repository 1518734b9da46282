// Fields the customer-service and MCN salaries share: the month, the employee (picked from the
// employees, the name copied by the server for the list and the export), whole-đồng money inputs,
// percentages 0–100 and the remark.
import { msg } from '@lingui/core/runtime-macro'
import type { MessageDescriptor } from '@lingui/core'
import type { FieldDef } from '../entity.ts'
import { decimalPattern } from '../floor-money.ts'
import { MAX_SALARY } from './employee.ts'

/** The largest sales amount of a month (đồng). */
export const MAX_SALES = 1_000_000_000_000

const WHOLE_DONG = { regex: '^\\d+$', message: msg`金额只能是整数（越南盾）` }

export const monthField: FieldDef = {
  name: 'detailDate',
  label: msg`工资月份`,
  type: 'month',
  required: msg`请选择工资月份`,
  search: 'between',
  sortable: true,
  width: 120,
  example: '2026-01',
}

export const employeeFields: FieldDef[] = [
  {
    name: 'dmrEmpId',
    label: msg`员工`,
    type: 'id',
    required: msg`请选择员工`,
    list: false,
    view: false,
    search: 'equal',
    options: { kind: 'select', url: '/dmr/employee/select', label: 'label', value: 'id' },
  },
  {
    name: 'dmrEmpVnName',
    label: msg`员工姓名`,
    type: 'string',
    readOnly: true,
    form: false,
    sortable: true,
    width: 180,
  },
]

/** A money input in whole đồng (0 when empty). */
export const money = (
  name: string,
  label: MessageDescriptor,
  over: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  label,
  type: 'number',
  min: 0,
  max: MAX_SALARY,
  pattern: WHOLE_DONG,
  format: 'vnd',
  defaultValue: 0,
  width: 130,
  ...over,
})

/** A money figure the server computes. */
export const computed = (
  name: string,
  label: MessageDescriptor,
  over: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  label,
  type: 'number',
  readOnly: true,
  form: false,
  format: 'vnd',
  width: 140,
  ...over,
})

/** A percentage 0–100 with at most two decimals. */
export const percent = (name: string, label: MessageDescriptor): FieldDef => ({
  name,
  label,
  type: 'number',
  min: 0,
  max: 100,
  rangeMessage: msg`比例应在0到100之间`,
  pattern: { regex: decimalPattern(2), message: msg`比例最多保留2位小数` },
  format: 'percent',
  defaultValue: 0,
  width: 100,
})

export const tailFields: FieldDef[] = [
  { name: 'remark', label: msg`备注`, type: 'string', maxLength: 500, list: false, span: 24 },
  {
    name: 'createTime',
    label: msg`创建时间`,
    type: 'datetime',
    readOnly: true,
    form: false,
    list: false,
  },
]
