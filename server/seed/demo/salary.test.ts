// The demo employees and salary on SQLite and PostgreSQL: 30 employees with valid citizen IDs, banks
// of the dictionary and totals as the server keeps them; last month's office salary for the employed
// ones whose every row is what the salary rules compute, whose totals, summary and month cost are
// the sums of its rows, and which the API reads and accepts back unchanged; a second run adds nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { employee } from '../../../src/domain/finance/employee.ts'
import { salaryAmounts } from '../../../src/domain/finance/salary-math.ts'
import { validateRecord } from '../../../src/domain/validate.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { salaryCostOfMonth } from '../../modules/salary/cost.ts'
import { DEMO_EMPLOYEES, DEMO_SALARY_SOURCE, incomeTax, salaryDemo } from './salary.ts'

/** mulberry32: the same numbers for the same seed. */
function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

it('taxes income progressively', () => {
  // 5 000 000 × 5 % + 5 000 000 × 10 % + 2 000 000 × 15 %.
  expect(incomeTax(12_000_000)).toBe(250_000 + 500_000 + 300_000)
  expect(incomeTax(0)).toBe(0)
})

forEachDatabase('demo employees and salary', (dialect) => {
  let s: TestServer
  const today = new Date(2026, 2, 15, 9, 0, 0)
  beforeAll(async () => {
    s = await startTestServer(dialect)
    await salaryDemo.run({
      db: s.db,
      dialect: s.dialect,
      tenantId: '000000',
      today,
      random: seeded(7),
    })
  })
  afterAll(() => s?.close())

  it('adds 30 employees the declaration accepts, with banks of the dictionary and kept totals', async () => {
    const rows = await s.db
      .selectFrom('dmrEmployee')
      .selectAll()
      .where('tenantId', '=', '000000')
      .execute()
    expect(rows).toHaveLength(DEMO_EMPLOYEES)
    expect(new Set(rows.map((r) => r.dmrEmpIdcard)).size).toBe(DEMO_EMPLOYEES)
    expect(new Set(rows.map((r) => r.dmrEmpVnName)).size).toBe(DEMO_EMPLOYEES)
    const banks = new Set(
      (
        await s.db
          .selectFrom('bladeDictBiz')
          .select('dictKey')
          .where('code', '=', 'bank')
          .where('parentId', '<>', '0')
          .execute()
      ).map((b) => b.dictKey),
    )
    for (const r of rows) {
      const wire = Object.fromEntries(
        employee.fields.map((f) => [f.name, (r as Record<string, unknown>)[f.name] ?? '']),
      )
      expect(validateRecord(employee, wire, 'add'), r.dmrEmpVnName).toEqual([])
      expect(banks.has(String(r.dmrEmpBank))).toBe(true)
      expect(Number(r.salaryBasicTotal)).toBe(
        Math.floor(Number(r.dmrEmpBasicSalary) + Number(r.dmrEmpBenefit)),
      )
      expect(Number(r.salaryInternshipTotal)).toBe(
        Math.floor(Number(r.dmrEmpInternshipSalary) + Number(r.dmrEmpBenefit)),
      )
      expect(Number(r.dmrEmpBasicSalary)).toBeGreaterThanOrEqual(7_000_000)
    }
    expect(rows.filter((r) => r.dmrEmpStatus === 1)).toHaveLength(2)
    expect(rows.filter((r) => r.dmrEmpCnName)).toHaveLength(3)
  })

  it('pays last month for the employed, each row as the salary rules compute it, totals the sums of the rows', async () => {
    const [salary, ...others] = await s.db
      .selectFrom('dmrSalary')
      .selectAll()
      .where('tenantId', '=', '000000')
      .execute()
    expect(others).toEqual([])
    expect(salary).toMatchObject({
      detailDate: '2026-02',
      salarySource: DEMO_SALARY_SOURCE,
      employeeCount: DEMO_EMPLOYEES - 2,
    })
    const lines = await s.db
      .selectFrom('dmrSalaryDetail')
      .selectAll()
      .where('salaryId', '=', salary!.id)
      .orderBy('lineNo')
      .execute()
    const staff = new Map(
      (await s.db.selectFrom('dmrEmployee').selectAll().execute()).map((e) => [e.id, e]),
    )
    expect(lines).toHaveLength(DEMO_EMPLOYEES - 2)
    for (const l of lines) {
      const e = staff.get(l.dmrEmpId)!
      expect(e.dmrEmpStatus).toBe(0)
      const a = salaryAmounts(
        {
          basicSalary: Number(e.dmrEmpBasicSalary),
          internshipSalary: Number(e.dmrEmpInternshipSalary),
          benefit: Number(e.dmrEmpBenefit),
        },
        { ...l, salaryAmount: null, intershipAmount: null },
      )
      expect({
        salary: Number(l.salaryAmount),
        internship: Number(l.intershipAmount),
        total: Number(l.totalAmount),
      }).toEqual({ salary: a.salaryAmount, internship: a.intershipAmount, total: a.totalAmount })
      expect(Number(l.totalAmount)).toBeGreaterThan(0)
    }
    const sum = lines.reduce((acc, l) => acc + Number(l.totalAmount), 0)
    expect(Number(salary!.totalAmount)).toBe(sum)
    expect(await salaryCostOfMonth(s.db, '000000', '2026-02')).toBe(sum)
    // Two newcomers are paid internship days only.
    expect(
      lines.filter((l) => Number(l.intershipDays) > 0 && Number(l.labourDays) === 0),
    ).toHaveLength(2)

    const finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    const summary = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/list', { token: finance })
    expect(summary.body.data.records).toMatchObject([
      {
        id: salary!.id,
        detailDate: '2026-02',
        employeeCount: DEMO_EMPLOYEES - 2,
        totalAmount: sum,
      },
    ])
    // The month read through the API and saved back unchanged keeps every figure.
    const detail = (
      await call(s.baseUrl, 'GET', '/api/dmr/salary/detail', {
        token: finance,
        query: { id: salary!.id },
      })
    ).body.data
    const saved = await call(s.baseUrl, 'POST', '/api/dmr/salary/submit', {
      token: finance,
      json: detail,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.totalAmount).toBe(sum)
  })

  it('runs once: a tenant with employees gets nothing more', async () => {
    await salaryDemo.run({
      db: s.db,
      dialect: s.dialect,
      tenantId: '000000',
      today,
      random: seeded(8),
    })
    expect(await s.db.selectFrom('dmrEmployee').select('id').execute()).toHaveLength(DEMO_EMPLOYEES)
    expect(await s.db.selectFrom('dmrSalary').select('id').execute()).toHaveLength(1)
  })
})
