// Kysely types of the finance tables: employees (migration 018), salaries and their detail rows
// (migration 019); merged into DB in schema.ts.
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

interface Versioned {
  tenantId: Generated<string>
  version: Generated<number>
}

export interface EmployeeTable extends BaseColumns, Versioned {
  id: string
  dmrEmpCnName: string | null
  dmrEmpVnName: string
  dmrEmpSex: number | null
  /** 0 employed, 1 resigned. */
  dmrEmpStatus: Generated<number>
  dmrEmpHireDate: string | null
  dmrEmpRegularDate: string | null
  dmrEmpInternshipSalary: Generated<number>
  dmrEmpBasicSalary: Generated<number>
  dmrEmpBenefit: Generated<number>
  /** Internship salary + benefit, floored; kept by the server. */
  salaryInternshipTotal: Generated<number>
  /** Basic salary + benefit, floored; kept by the server. */
  salaryBasicTotal: Generated<number>
  dmrEmpBank: string | null
  dmrEmpBankAccount: string | null
  dmrEmpAddress: string | null
  dmrEmpBirthday: string | null
  dmrEmpIdcard: string
  dmrEmpEmail: string | null
}

/** One salary: a month of one salary source; its totals are its rows' sums, kept by the server. */
export interface SalaryTable extends BaseColumns, Versioned {
  id: string
  /** yyyy-MM. */
  detailDate: string
  salarySource: string
  employeeCount: Generated<number>
  totalAmount: Generated<number>
  remark: string | null
}

/** One employee's row of a salary; month, source and names copied from the salary and the employee. */
export interface SalaryDetailTable {
  id: string
  tenantId: Generated<string>
  salaryId: string
  detailDate: string
  salarySource: string
  lineNo: number
  dmrEmpId: string
  dmrEmpVnName: string | null
  dmrEmpCnName: string | null
  standardDays: number | null
  labourDays: number | null
  intershipDays: number | null
  /** 1: salaryAmount was set by hand, else computed from the days. */
  salaryAmountManual: Generated<number>
  intershipAmountManual: Generated<number>
  salaryAmount: Generated<number>
  intershipAmount: Generated<number>
  benefitAmount: Generated<number>
  bonusAmount: Generated<number>
  insuranceAmount: Generated<number>
  insuranceEmpAmount: Generated<number>
  empTax: Generated<number>
  totalAmount: Generated<number>
  createTime: string | null
  updateTime: string | null
}

export interface FinanceTables {
  dmrEmployee: EmployeeTable
  dmrSalary: SalaryTable
  dmrSalaryDetail: SalaryDetailTable
}
