// The salary guards over real HTTP on SQLite and PostgreSQL, hand-computed: a row's days worked
// and interned never exceed its standard days (else 400 naming the employee, nothing written); an
// employee already on another salary of the month is refused with a message naming them and that
// salary unless the body confirms it (confirmOtherSheets), also when a salary moves to that month;
// the form's list of who the month's salaries pay; the monthly summary counts and names them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

const HEADERS = [
  'Citizen ID',
  'Vietnamese Name',
  'Status',
  'Basic Salary',
  'Internship Salary',
  'Benefit',
]
const STAFF = [
  ['079203009001', 'Nguyễn Văn An', 0, 12000000, 6000000, 1500000],
  ['079203009002', 'Trần Thị Bích', 0, 9500000, 5000000, 800000],
  ['079203009003', 'Lê Hoàng Cường', 0, 15000000, 0, 2000000],
]

forEachDatabase('salary guards', (dialect) => {
  let s: TestServer
  let finance: string
  const emp = { an: '', bich: '', cuong: '' }
  beforeAll(async () => {
    s = await startTestServer(dialect)
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    const imported = await uploadFile(
      s.baseUrl,
      '/dmr/employee/import',
      finance,
      csvOf(HEADERS, STAFF),
      'staff.csv',
    )
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    const ids = await s.db
      .selectFrom('dmrEmployee')
      .select(['id', 'dmrEmpIdcard'])
      .orderBy('dmrEmpIdcard')
      .execute()
    ;[emp.an, emp.bich, emp.cuong] = ids.map((r) => r.id)
  })
  afterAll(() => s?.close())

  const submit = (json: Record<string, unknown>) =>
    call(s.baseUrl, 'POST', '/api/dmr/salary/submit', { token: finance, json })
  const get = (path: string, query: Record<string, string>) =>
    call(s.baseUrl, 'GET', `/api/dmr/salary/${path}`, { token: finance, query })
  const counts = async () => ({
    salaries: (await s.db.selectFrom('dmrSalary').select('id').where('isDeleted', '=', 0).execute())
      .length,
    rows: (await s.db.selectFrom('dmrSalaryDetail').select('id').execute()).length,
  })
  const created = async (json: Record<string, unknown>) => {
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { id: string }
  }
  const refused = async (json: Record<string, unknown>, ...parts: string[]) => {
    const before = await counts()
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    for (const p of parts) expect(r.body.msg).toContain(p)
    expect(await counts()).toEqual(before)
  }

  describe('days', () => {
    it('refuses 31 days worked of 20 standard days, naming the row and its employee', async () => {
      await refused(
        {
          detailDate: '2026-09',
          salarySource: 'office',
          detail: [{ dmrEmpId: emp.an, standardDays: 20, labourDays: 31 }],
        },
        '第 1 行',
        'Nguyễn Văn An',
        '出勤天数与实习天数之和不能超过标准天数',
        '31 + 0 > 20',
      )
    })

    it('counts internship days too: 10 + 10.5 of 20 refused on the second row', async () => {
      const detail = [
        { dmrEmpId: emp.an, standardDays: 20, labourDays: 20 },
        { dmrEmpId: emp.bich, standardDays: 20, labourDays: 10, intershipDays: 10.5 },
      ]
      await refused(
        { detailDate: '2026-09', salarySource: 'office', detail },
        '第 2 行',
        'Trần Thị Bích',
        '10 + 10.5 > 20',
      )
    })

    it('takes exactly the standard days: 10 worked + 10 interned of 20 pays half of each salary', async () => {
      const salary = await created({
        detailDate: '2026-09',
        salarySource: 'office',
        detail: [{ dmrEmpId: emp.an, standardDays: 20, labourDays: 10, intershipDays: 10 }],
      })
      // 12 000 000 × 10 / 20 = 6 000 000; 6 000 000 × 10 / 20 = 3 000 000; + benefit 1 500 000.
      expect(salary).toMatchObject({ employeeCount: 1, totalAmount: 10500000 })
    })
  })

  describe('another salary of the month', () => {
    let office = ''
    it('refuses An on the warehouse salary of October while the office salary pays him, naming him and it', async () => {
      office = (
        await created({
          detailDate: '2026-10',
          salarySource: 'office',
          detail: [
            { dmrEmpId: emp.an, standardDays: 26, labourDays: 26 },
            { dmrEmpId: emp.bich, standardDays: 26, labourDays: 26 },
          ],
        })
      ).id
      const warehouse = {
        detailDate: '2026-10',
        salarySource: 'warehouse',
        detail: [
          { dmrEmpId: emp.cuong, standardDays: 26, labourDays: 26 },
          { dmrEmpId: emp.an, standardDays: 26, labourDays: 13 },
        ],
      }
      await refused(
        warehouse,
        '第 2 行',
        'Nguyễn Văn An',
        '2026-10',
        '「办公室」',
        'confirmOtherSheets',
      )
      await refused({ ...warehouse, confirmOtherSheets: false }, 'Nguyễn Văn An')
      // Both of them: the first row names the first, and says how many.
      await refused(
        {
          ...warehouse,
          detail: [{ dmrEmpId: emp.bich, standardDays: 26, labourDays: 26 }, ...warehouse.detail],
        },
        '第 1 行',
        'Trần Thị Bích 等 2 名员工',
      )
    })

    it('pays him on both when the body confirms it; the office salary saves again over its own rows', async () => {
      const warehouse = await created({
        detailDate: '2026-10',
        salarySource: 'warehouse',
        confirmOtherSheets: true,
        detail: [
          { dmrEmpId: emp.cuong, standardDays: 26, labourDays: 26 },
          { dmrEmpId: emp.an, standardDays: 26, labourDays: 13 },
        ],
      })
      // 15 000 000 + 2 000 000 for Cường; 12 000 000 × 13 / 26 = 6 000 000 + 1 500 000 for An.
      expect(warehouse).toMatchObject({ employeeCount: 2, totalAmount: 24500000 })
      // The office salary still pays An: saving it again without its rows changes nothing about them;
      // with its rows it must confirm too, now that the warehouse salary pays him.
      expect((await submit({ id: office, remark: '十月' })).status).toBe(200)
      const again = {
        id: office,
        detailDate: '2026-10',
        salarySource: 'office',
        detail: [{ dmrEmpId: emp.an, standardDays: 26, labourDays: 26 }],
      }
      await refused(again, 'Nguyễn Văn An', '「仓库」')
      expect(
        (
          await submit({
            ...again,
            detail: [
              { dmrEmpId: emp.bich, standardDays: 26, labourDays: 26 },
              { dmrEmpId: emp.an, standardDays: 26, labourDays: 26 },
            ],
            confirmOtherSheets: true,
          })
        ).status,
      ).toBe(200)
    })

    it('lists who the month’s salaries pay, but for the salary being edited', async () => {
      const all = await get('month-employees', { detailDate: '2026-10' })
      expect(all.status).toBe(200)
      const pairs = (rows: { dmrEmpId: string; salarySource: string }[]) =>
        rows.map((r) => `${r.salarySource}:${r.dmrEmpId}`).sort()
      expect(pairs(all.body.data)).toEqual(
        [
          `office:${emp.an}`,
          `office:${emp.bich}`,
          `warehouse:${emp.an}`,
          `warehouse:${emp.cuong}`,
        ].sort(),
      )
      const others = await get('month-employees', { detailDate: '2026-10', exceptId: office })
      expect(others.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            dmrEmpId: emp.an,
            dmrEmpVnName: 'Nguyễn Văn An',
            salarySource: 'warehouse',
          }),
        ]),
      )
      expect(pairs(others.body.data)).toEqual([`warehouse:${emp.an}`, `warehouse:${emp.cuong}`])
      expect((await get('month-employees', {})).status).toBe(400)
    })

    it('the monthly summary marks An on both October salaries and nobody in September', async () => {
      const r = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/page', {
        token: finance,
        query: { detailDate_ge: '2026-09', detailDate_le: '2026-10' },
      })
      expect(r.status).toBe(200)
      const marks = (r.body.data.records as Record<string, unknown>[]).map((x) => [
        x.detailDate,
        x.salarySource,
        x.repeatCount,
        x.repeatNames,
      ])
      expect(marks).toEqual([
        ['2026-10', 'office', 1, 'Nguyễn Văn An'],
        ['2026-10', 'warehouse', 1, 'Nguyễn Văn An'],
        ['2026-09', 'office', 0, ''],
      ])
    })

    it('refuses moving a salary to a month whose other salary pays its employees, unless confirmed', async () => {
      const sept = (await get('page', { detailDate_ge: '2026-09', detailDate_le: '2026-09' })).body
        .data.records[0] as { id: string }
      // September's salary pays An, whom October's office and warehouse salaries pay: moved to
      // November (free) it is fine; to October (office taken, so as a third source) it is refused.
      await refused(
        { id: sept.id, detailDate: '2026-10', salarySource: 'live' },
        'Nguyễn Văn An',
        '2026-10',
      )
      expect((await submit({ id: sept.id, detailDate: '2026-11' })).status).toBe(200)
    })
  })
})
