// Employees (/api/dmr/employee): the generic page, list, detail, submit, remove, export and import
// with the employee rules (employee-rules.ts), and `select`, the employees every finance screen
// picks from (salaries, customer-service and MCN salaries), with what a salary row is computed from.
import { employee } from '../../../src/domain/finance/employee.ts'
import type { CrudOptions } from '../../crud/options.ts'
import { pickerRoute } from '../../crud/picker.ts'
import type { Module } from '../../core/routes.ts'
import { employeeRules, EMPLOYEE_TABLE } from './employee-rules.ts'

/** The finance screens that pick employees; any one of their menus opens the picker. */
const EMPLOYEE_PICKERS = [
  'employee',
  'salary',
  'salary_detail',
  'salary_month',
  'salary_cs',
  'salary_mcn',
]

/** The most employees a picker lists. */
const EMPLOYEE_SELECT_MAX = 2000

export const employeeCrud: Record<string, CrudOptions> = {
  [employee.name]: employeeRules,
}

const label = (r: Record<string, unknown>) =>
  r.dmrEmpCnName ? `${String(r.dmrEmpVnName)} (${String(r.dmrEmpCnName)})` : String(r.dmrEmpVnName)

export const employeeModule: Module = (ctx) => [
  // Employed and resigned alike (a resigned employee is still paid their last month), employed first.
  pickerRoute(ctx, {
    url: `${employee.api}/select`,
    access: { kind: 'anyButton', codes: EMPLOYEE_PICKERS },
    table: EMPLOYEE_TABLE,
    columns: [
      'id',
      'dmr_emp_vn_name',
      'dmr_emp_cn_name',
      'dmr_emp_status',
      'dmr_emp_basic_salary',
      'dmr_emp_internship_salary',
      'dmr_emp_benefit',
    ],
    orderBy: [
      ['dmr_emp_status', 'asc'],
      ['dmr_emp_vn_name', 'asc'],
      ['id', 'asc'],
    ],
    limit: EMPLOYEE_SELECT_MAX,
    map: (r) => ({
      ...r,
      dmrEmpBasicSalary: Number(r.dmrEmpBasicSalary),
      dmrEmpInternshipSalary: Number(r.dmrEmpInternshipSalary),
      dmrEmpBenefit: Number(r.dmrEmpBenefit),
      label: label(r),
    }),
  }),
]
