// The salary of a row, hand-computed: prorated by days and floored in exact integer arithmetic,
// hand-set amounts kept (a flag of false computes again), the benefit from the employee when the
// row has none, company insurance not deducted, nothing computed over zero standard days.
import { describe, expect, it } from 'vitest'
import { daysOverStandard, isManual, prorated, salaryAmounts } from './salary-math.ts'

const an = { basicSalary: 12000000, internshipSalary: 6000000, benefit: 1500000 }

describe('salary math', () => {
  it('prorates exactly and floors', () => {
    // 12 000 000 × 22 / 26 = 10 153 846.15…; 9 500 000 × 13.5 / 26 = 4 932 692.30…
    expect(prorated(12000000, 22, 26)).toBe(10153846)
    expect(prorated(9500000, 13.5, 26)).toBe(4932692)
    // Whole months stay whole, whatever binary fractions would make of them.
    expect(prorated(10000000, 26, 26)).toBe(10000000)
    expect(prorated(3000000.3, 0.1, 0.3)).toBe(1000000)
    expect(prorated(12000000, 22, 0)).toBeNull()
  })

  it('sums the net pay: salary + internship + benefit + bonus − employee insurance − tax', () => {
    expect(
      salaryAmounts(an, {
        standardDays: 26,
        labourDays: 22,
        intershipDays: 4,
        bonusAmount: 500000,
        insuranceAmount: 2520000,
        insuranceEmpAmount: 1260000,
        empTax: 200000.9,
      }),
    ).toEqual({
      salaryAmount: 10153846,
      // 6 000 000 × 4 / 26 = 923 076.9…
      intershipAmount: 923076,
      benefitAmount: 1500000,
      bonusAmount: 500000,
      insuranceAmount: 2520000,
      insuranceEmpAmount: 1260000,
      empTax: 200000,
      totalAmount: 10153846 + 923076 + 1500000 + 500000 - 1260000 - 200000,
    })
  })

  it('keeps hand-set amounts unless their flag says otherwise; an explicit benefit of 0 stays 0', () => {
    expect(isManual(5000000, undefined)).toBe(true)
    expect(isManual(5000000, false)).toBe(false)
    expect(isManual('', true)).toBe(false)
    const row = {
      standardDays: 0,
      labourDays: 10,
      salaryAmount: 5000000.7,
      intershipAmount: 0,
      benefitAmount: 0,
    }
    expect(salaryAmounts(an, row)).toMatchObject({
      salaryAmount: 5000000,
      intershipAmount: 0,
      benefitAmount: 0,
      totalAmount: 5000000,
    })
    expect(salaryAmounts(an, { ...row, salaryAmountManual: false })).toMatchObject({
      salaryAmount: null,
      totalAmount: null,
    })
  })

  it('refuses more days worked and interned than the standard days, exactly in halves', () => {
    expect(daysOverStandard({ standardDays: 20, labourDays: 31 })).toBe(true)
    expect(daysOverStandard({ standardDays: 26, labourDays: 10, intershipDays: 16 })).toBe(false)
    expect(daysOverStandard({ standardDays: 26, labourDays: 10.5, intershipDays: 16 })).toBe(true)
    expect(daysOverStandard({ standardDays: 0.3, labourDays: 0.1, intershipDays: 0.2 })).toBe(false)
    // Zero standard days is refused for its own reason.
    expect(daysOverStandard({ standardDays: 0, labourDays: 5 })).toBe(false)
  })
})
