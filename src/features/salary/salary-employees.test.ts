// "Fill from employees": a row per employed employee the salary lacks, worked the whole month at the
// salary's standard days (interns as interns), with their benefit; resigned employees are left out.
import { describe, expect, it } from 'vitest'
import { emptyRow, paidElsewhere, rowsFromEmployees, type PickedEmployee } from './salary-employees'

const emp = (
  id: string,
  status: number,
  basic: number,
  internship: number,
  benefit: number,
): PickedEmployee => ({
  id,
  dmrEmpVnName: id,
  dmrEmpCnName: null,
  dmrEmpStatus: status,
  dmrEmpBasicSalary: basic,
  dmrEmpInternshipSalary: internship,
  dmrEmpBenefit: benefit,
  label: id,
})

describe('rowsFromEmployees', () => {
  const staff = [
    emp('an', 0, 12000000, 6000000, 1500000),
    emp('bich', 0, 0, 5000000, 800000),
    emp('cuong', 1, 15000000, 0, 2000000),
    emp('dung', 0, 8000000, 0, 0),
  ]

  it('adds the employed employees missing from the rows, at the rows’ standard days', () => {
    const rows = [{ ...emptyRow(24), dmrEmpId: 'dung' }]
    expect(rowsFromEmployees(rows, staff)).toEqual([
      { ...emptyRow(24), dmrEmpId: 'an', labourDays: 24, intershipDays: 0, benefitAmount: 1500000 },
      {
        ...emptyRow(24),
        dmrEmpId: 'bich',
        labourDays: 0,
        intershipDays: 24,
        benefitAmount: 800000,
      },
    ])
  })

  it('starts at 26 days on an empty salary and adds nothing twice', () => {
    const first = rowsFromEmployees([], staff)
    expect(first.map((r) => [r.dmrEmpId, r.standardDays, r.labourDays])).toEqual([
      ['an', 26, 26],
      ['bich', 26, 0],
      ['dung', 26, 26],
    ])
    expect(rowsFromEmployees(first, staff)).toEqual([])
  })

  it('leaves out the employees another salary of the month pays, and names them', () => {
    const elsewhere = new Map([
      ['an', ['仓库']],
      ['cuong', ['仓库']],
    ])
    expect(rowsFromEmployees([], staff, elsewhere).map((r) => r.dmrEmpId)).toEqual(['bich', 'dung'])
    // Cường resigned: he is not left out, he was never in.
    expect(paidElsewhere([], staff, elsewhere).map((e) => e.id)).toEqual(['an'])
    expect(paidElsewhere([{ ...emptyRow(), dmrEmpId: 'an' }], staff, elsewhere)).toEqual([])
  })
})
