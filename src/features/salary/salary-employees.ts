// The employees a salary row picks from (GET /api/dmr/employee/select) with what the row is
// computed from, and "Fill from employees": a row per employed employee the salary lacks, worked
// the whole month (an employee with no basic salary but an internship one, as an intern), with
// their benefit, unless another salary of the month already pays them (they are left out and
// counted). The user adjusts days and amounts; the server computes what is stored.
import { useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { config } from '@/config'
import type { FormRow } from '@/crud/form/form-values'
import { EMP_EMPLOYED } from '@/domain/finance/employee'
import type { SalaryBasis } from '@/domain/finance/salary-math'

export interface PickedEmployee {
  id: string
  dmrEmpVnName: string
  dmrEmpCnName: string | null
  dmrEmpStatus: number
  dmrEmpBasicSalary: number
  dmrEmpInternshipSalary: number
  dmrEmpBenefit: number
  label: string
}

const DEFAULT_STANDARD_DAYS = 26

export function useSalaryEmployees() {
  return useQuery({
    queryKey: ['crud', 'employee', 'select'],
    queryFn: async () =>
      (await http.get<PickedEmployee[]>(`${config.apiPrefix}/dmr/employee/select`)) ?? [],
  })
}

export const basisOf = (e: PickedEmployee | undefined): SalaryBasis => ({
  basicSalary: e?.dmrEmpBasicSalary ?? 0,
  internshipSalary: e?.dmrEmpInternshipSalary ?? 0,
  benefit: e?.dmrEmpBenefit ?? 0,
})

/** A new, empty row (standard days as the salary's first row has them). */
export function emptyRow(standardDays: unknown = DEFAULT_STANDARD_DAYS): FormRow {
  return {
    dmrEmpId: null,
    standardDays: typeof standardDays === 'number' ? standardDays : DEFAULT_STANDARD_DAYS,
    labourDays: 0,
    intershipDays: 0,
    salaryAmount: '',
    salaryAmountManual: false,
    intershipAmount: '',
    intershipAmountManual: false,
    benefitAmount: '',
    bonusAmount: 0,
    insuranceAmount: 0,
    insuranceEmpAmount: 0,
    empTax: 0,
    totalAmount: null,
  }
}

/** The employed employees not in `rows` yet, in the picker's order. */
function missing(rows: FormRow[], employees: PickedEmployee[]): PickedEmployee[] {
  const have = new Set(rows.map((r) => String(r.dmrEmpId ?? '')))
  return employees.filter((e) => e.dmrEmpStatus === EMP_EMPLOYED && !have.has(e.id))
}

/** The employed employees "fill" leaves out because another salary of the month pays them. */
export function paidElsewhere(
  rows: FormRow[],
  employees: PickedEmployee[],
  elsewhere: ReadonlyMap<string, unknown>,
): PickedEmployee[] {
  return missing(rows, employees).filter((e) => elsewhere.has(e.id))
}

/** Rows for the employed employees not in `rows` yet and on no other salary of the month, in the picker's order. */
export function rowsFromEmployees(
  rows: FormRow[],
  employees: PickedEmployee[],
  elsewhere: ReadonlyMap<string, unknown> = new Map(),
): FormRow[] {
  const standard =
    rows.find((r) => typeof r.standardDays === 'number' && r.standardDays > 0)?.standardDays ??
    DEFAULT_STANDARD_DAYS
  return missing(rows, employees)
    .filter((e) => !elsewhere.has(e.id))
    .map((e) => {
      const intern = !(e.dmrEmpBasicSalary > 0) && e.dmrEmpInternshipSalary > 0
      return {
        ...emptyRow(standard),
        dmrEmpId: e.id,
        labourDays: intern ? 0 : standard,
        intershipDays: intern ? standard : 0,
        benefitAmount: e.dmrEmpBenefit,
      }
    })
}
