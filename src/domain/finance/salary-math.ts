// The salary of one employee for one month (docs/product.md §3), as the server stores it and the
// salary form previews it: salaryAmount = basic × labourDays / standardDays and intershipAmount =
// internship × intershipDays / standardDays (each may be set by hand instead), totalAmount = salary
// + internship + benefit + bonus − insuranceEmpAmount − empTax (the company-paid insuranceAmount is
// shown, not deducted). Every amount is floored to whole đồng (docs/product.md §9). Pure and
// isomorphic.
import { msg } from '@lingui/core/runtime-macro'

/** What the employee record gives a salary row. */
export interface SalaryBasis {
  basicSalary: number
  internshipSalary: number
  /** The benefit a row without its own benefitAmount takes. */
  benefit: number
}

/** The amounts of a row, computed and floored; null where standardDays is 0 and the amount is not set by hand. */
export interface SalaryAmounts {
  salaryAmount: number | null
  intershipAmount: number | null
  benefitAmount: number
  bonusAmount: number
  insuranceAmount: number
  insuranceEmpAmount: number
  empTax: number
  totalAmount: number | null
}

export const salaryMessages = {
  standardDays: msg`标准天数必须大于0，才能按出勤天数计算工资`,
  duplicateEmployee: msg`同一工资单中每位员工只能出现一次`,
  negativeTotal: msg`实发工资不能为负数：扣除项大于应发工资`,
  daysOverStandard: msg`出勤天数与实习天数之和不能超过标准天数`,
}

const blank = (v: unknown) => v === undefined || v === null || v === ''

/** A money input as whole đồng (empty: 0). */
const wholeDong = (v: unknown): number => (blank(v) ? 0 : Math.floor(Number(v)))

/** Hundredths of a day count (days may be halves), exactly. */
const hundredths = (v: unknown): bigint => BigInt(Math.round((blank(v) ? 0 : Number(v)) * 100))

/**
 * Whether a row's days worked and interned add up to more than its standard days (more than the
 * whole month's pay); a row without positive standard days is refused for that instead.
 */
export function daysOverStandard(row: Record<string, unknown>): boolean {
  const standard = hundredths(row.standardDays)
  return standard > 0n && hundredths(row.labourDays) + hundredths(row.intershipDays) > standard
}

/** monthly × days / standardDays, floored, in integer arithmetic; null when standardDays is 0. */
export function prorated(monthly: unknown, days: unknown, standardDays: unknown): number | null {
  const standard = hundredths(standardDays)
  if (standard <= 0n) return null
  return Number((hundredths(monthly) * hundredths(days)) / (standard * 100n))
}

/** Whether an amount is set by hand: its flag says so, or (no flag sent) it carries a value. */
export function isManual(amount: unknown, flag: unknown): boolean {
  if (blank(amount)) return false
  if (blank(flag)) return true
  return flag === true || flag === 1 || flag === '1' || flag === 'true'
}

export function salaryAmounts(basis: SalaryBasis, row: Record<string, unknown>): SalaryAmounts {
  const salaryAmount = isManual(row.salaryAmount, row.salaryAmountManual)
    ? wholeDong(row.salaryAmount)
    : prorated(basis.basicSalary, row.labourDays, row.standardDays)
  const intershipAmount = isManual(row.intershipAmount, row.intershipAmountManual)
    ? wholeDong(row.intershipAmount)
    : prorated(basis.internshipSalary, row.intershipDays, row.standardDays)
  const benefitAmount = blank(row.benefitAmount)
    ? wholeDong(basis.benefit)
    : wholeDong(row.benefitAmount)
  const bonusAmount = wholeDong(row.bonusAmount)
  const insuranceAmount = wholeDong(row.insuranceAmount)
  const insuranceEmpAmount = wholeDong(row.insuranceEmpAmount)
  const empTax = wholeDong(row.empTax)
  const totalAmount =
    salaryAmount === null || intershipAmount === null
      ? null
      : salaryAmount + intershipAmount + benefitAmount + bonusAmount - insuranceEmpAmount - empTax
  return {
    salaryAmount,
    intershipAmount,
    benefitAmount,
    bonusAmount,
    insuranceAmount,
    insuranceEmpAmount,
    empTax,
    totalAmount,
  }
}
