// Salaries over real HTTP on SQLite and PostgreSQL: the rows' amounts computed by the server from
// hand-computed values (prorated by days, floored, benefit from the employee when the row has none,
// hand overrides kept and released), zero standardDays refused with a clear 400, one employee once
// per salary, one salary per month × source, the declared required messages; the flattened rows
// (salaryList), the monthly summary equal to the sums of the rows, the month's cost for the
// dashboard; save and update (totals recomputed, unknown or missing ids refused), the xlsx exports of
// the salaries and the summary; who may call (finance yes, outreach no) and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { MSG_RESTORE_TAKEN } from '../../crud/restore.ts'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { salaryCostOfMonth } from './cost.ts'
import { MSG_EMPLOYEE_UNKNOWN, MSG_MONTH_TAKEN } from './salary-rules.ts'

const HEADERS = [
  'Citizen ID',
  'Vietnamese Name',
  'Status',
  'Basic Salary',
  'Internship Salary',
  'Benefit',
]
const STAFF = [
  ['079203002001', 'Nguyễn Văn An', 0, 12000000, 6000000, 1500000],
  ['079203002002', 'Trần Thị Bích', 0, 9500000, 5000000, 800000],
  ['079203002003', 'Lê Hoàng Cường', 1, 15000000, 0, 2000000],
  ['079203002004', 'Phạm Thu Dung', 0, 8000000, 4500000, 500000],
]

type Line = Record<string, unknown>

forEachDatabase('salaries', (dialect) => {
  let s: TestServer
  let finance: string
  let outreach: string
  const emp: Record<'an' | 'bich' | 'cuong' | 'dung', string> = {
    an: '',
    bich: '',
    cuong: '',
    dung: '',
  }
  beforeAll(async () => {
    s = await startTestServer(dialect)
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    outreach = (await loginAs(s.baseUrl, 'outreach', '123456')).access_token
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
    ;[emp.an, emp.bich, emp.cuong, emp.dung] = ids.map((r) => r.id)
  })
  afterAll(() => s?.close())

  const api = (op: string) => `/api/dmr/salary/${op}`
  const submit = (json: Record<string, unknown>, token = finance) =>
    call(s.baseUrl, 'POST', api('submit'), { token, json })
  const get = (op: string, query: Record<string, string> = {}, token = finance) =>
    call(s.baseUrl, 'GET', api(op), { token, query })
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
  const detail = async (id: string) => {
    const r = await get('detail', { id })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Record<string, unknown> & { detail: Line[] }
  }
  const refused = async (json: Record<string, unknown>, message: string) => {
    const before = await counts()
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    expect(r.body.msg).toContain(message)
    expect(await counts()).toEqual(before)
  }
  // March, office: An full-time 22 of 26 days; Bích 13.5 days, no benefit; Dung 10 days + 16 intern days.
  const march = (): { detailDate: string; salarySource: string; detail: Line[] } => ({
    detailDate: '2026-03',
    salarySource: 'office',
    detail: [
      {
        dmrEmpId: emp.an,
        standardDays: 26,
        labourDays: 22,
        intershipDays: 0,
        bonusAmount: 500000,
        insuranceAmount: 2520000,
        insuranceEmpAmount: 1260000,
        empTax: 200000,
      },
      { dmrEmpId: emp.bich, standardDays: 26, labourDays: 13.5, benefitAmount: 0 },
      {
        dmrEmpId: emp.dung,
        standardDays: 26,
        labourDays: 10,
        intershipDays: 16,
        benefitAmount: 500000.9,
      },
    ],
  })
  let marchId = ''

  describe('amounts', () => {
    it('prorates by days and floors; the benefit comes from the employee when the row has none', async () => {
      const salary = await created({ ...march(), totalAmount: 1, employeeCount: 99 })
      marchId = salary.id
      // An: ⌊12 000 000 × 22 / 26⌋ = 10 153 846; + 1 500 000 + 500 000 − 1 260 000 − 200 000 = 10 693 846 (company insurance not deducted).
      // Bích: ⌊9 500 000 × 13.5 / 26⌋ = 4 932 692. Dung: ⌊8 000 000 × 10 / 26⌋ = 3 076 923, ⌊4 500 000 × 16 / 26⌋ = 2 769 230, + 500 000 = 6 346 153.
      expect(salary).toMatchObject({ employeeCount: 3, totalAmount: 21972691 })
      const d = await detail(salary.id)
      expect(d).toMatchObject({
        detailDate: '2026-03',
        salarySource: 'office',
        salarySourceName: '办公室',
        totalAmount: 21972691,
      })
      expect(d.detail).toEqual([
        {
          dmrEmpId: emp.an,
          standardDays: 26,
          labourDays: 22,
          intershipDays: 0,
          salaryAmount: 10153846,
          salaryAmountManual: false,
          intershipAmount: 0,
          intershipAmountManual: false,
          benefitAmount: 1500000,
          bonusAmount: 500000,
          insuranceAmount: 2520000,
          insuranceEmpAmount: 1260000,
          empTax: 200000,
          totalAmount: 10693846,
        },
        {
          dmrEmpId: emp.bich,
          standardDays: 26,
          labourDays: 13.5,
          intershipDays: 0,
          salaryAmount: 4932692,
          salaryAmountManual: false,
          intershipAmount: 0,
          intershipAmountManual: false,
          benefitAmount: 0,
          bonusAmount: 0,
          insuranceAmount: 0,
          insuranceEmpAmount: 0,
          empTax: 0,
          totalAmount: 4932692,
        },
        {
          dmrEmpId: emp.dung,
          standardDays: 26,
          labourDays: 10,
          intershipDays: 16,
          salaryAmount: 3076923,
          salaryAmountManual: false,
          intershipAmount: 2769230,
          intershipAmountManual: false,
          benefitAmount: 500000,
          bonusAmount: 0,
          insuranceAmount: 0,
          insuranceEmpAmount: 0,
          empTax: 0,
          totalAmount: 6346153,
        },
      ])
    })

    it('keeps a hand-set amount, recomputes the others from a round-tripped detail, and releases an override', async () => {
      const first = march()
      first.detail[1] = { ...first.detail[1], salaryAmount: 5000000.7 }
      let r = await submit({ id: marchId, ...first })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      // Bích set by hand: 5 000 000 (floored). 10 693 846 + 5 000 000 + 6 346 153.
      expect(r.body.data.totalAmount).toBe(22039999)
      const round = await detail(marchId)
      expect(round.detail[1]).toMatchObject({
        salaryAmount: 5000000,
        salaryAmountManual: true,
        totalAmount: 5000000,
      })
      // The detail sent back with An now at 26 days: his stale computed amount is recomputed, Bích's stays.
      round.detail[0]!.labourDays = 26
      r = await submit({
        id: marchId,
        detailDate: round.detailDate,
        salarySource: round.salarySource,
        detail: round.detail,
      })
      // An: 12 000 000 + 1 500 000 + 500 000 − 1 260 000 − 200 000 = 12 540 000.
      expect(r.body.data.totalAmount).toBe(12540000 + 5000000 + 6346153)
      const again = await detail(marchId)
      expect(again.detail.map((l) => l.totalAmount)).toEqual([12540000, 5000000, 6346153])
      // Released: Bích computed again from her days.
      again.detail[1]!.salaryAmountManual = false
      r = await submit({ id: marchId, detail: again.detail })
      expect((await detail(marchId)).detail[1]).toMatchObject({
        salaryAmount: 4932692,
        salaryAmountManual: false,
        totalAmount: 4932692,
      })
      expect(r.body.data.totalAmount).toBe(12540000 + 4932692 + 6346153)
    })

    it('refuses zero standardDays with a clear 400, not Infinity, and writes nothing', async () => {
      await refused(
        {
          detailDate: '2026-04',
          salarySource: 'office',
          detail: [{ dmrEmpId: emp.an, standardDays: 0, labourDays: 22 }],
        },
        '第 1 行: 标准天数必须大于0',
      )
      await refused(
        {
          id: marchId,
          detail: [
            { dmrEmpId: emp.an, standardDays: 26, labourDays: 1 },
            { dmrEmpId: emp.bich, labourDays: 3 },
          ],
        },
        '第 2 行: 标准天数必须大于0',
      )
      expect((await detail(marchId)).detail).toHaveLength(3)
    })

    it('refuses a row that pays less than nothing', async () => {
      await refused(
        {
          detailDate: '2026-04',
          salarySource: 'office',
          detail: [
            {
              dmrEmpId: emp.bich,
              standardDays: 26,
              labourDays: 1,
              benefitAmount: 0,
              empTax: 400000,
            },
          ],
        },
        '第 1 行: 实发工资不能为负数',
      )
    })
  })

  describe('rules', () => {
    it('one employee once per salary; employees of the tenant only', async () => {
      await refused(
        {
          detailDate: '2026-04',
          salarySource: 'office',
          detail: [
            { dmrEmpId: emp.an, standardDays: 26 },
            { dmrEmpId: emp.bich, standardDays: 26 },
            { dmrEmpId: emp.an, standardDays: 26 },
          ],
        },
        '第 3 行: 同一工资单中每位员工只能出现一次（与第 1 行相同）',
      )
      await refused(
        {
          detailDate: '2026-04',
          salarySource: 'office',
          detail: [{ dmrEmpId: '1234567890123', standardDays: 26 }],
        },
        MSG_EMPLOYEE_UNKNOWN(['1234567890123']),
      )
    })

    it('one salary per month and source; another source or month is another salary', async () => {
      await refused({ ...march(), salarySource: 'office' }, MSG_MONTH_TAKEN('2026-03', '办公室'))
      const warehouse = await created({
        detailDate: '2026-03',
        salarySource: 'warehouse',
        detail: [{ dmrEmpId: emp.cuong, standardDays: 26, labourDays: 26, bonusAmount: 1000000 }],
      })
      // A resigned employee is paid his last month: 15 000 000 + 2 000 000 + 1 000 000.
      expect(warehouse.totalAmount).toBe(18000000)
      await created({
        detailDate: '2026-02',
        salarySource: 'office',
        detail: [{ dmrEmpId: emp.an, standardDays: 24, labourDays: 24 }],
      })
      // Moving the February salary onto March office is refused as well.
      const feb = (await get('page', { detailDate: '2026-02' })).body.data.records[0]
      await refused({ id: feb.id, detailDate: '2026-03' }, MSG_MONTH_TAKEN('2026-03', '办公室'))
    })

    it('undoing a remove brings the salary back with its rows as they were, while its month and source are free', async () => {
      const jan = await created({
        detailDate: '2029-01',
        salarySource: 'office',
        detail: [
          { dmrEmpId: emp.an, standardDays: 26, labourDays: 20 },
          { dmrEmpId: emp.bich, standardDays: 26, labourDays: 26 },
        ],
      })
      const rowsOf = () =>
        s.db
          .selectFrom('dmrSalaryDetail')
          .selectAll()
          .where('salaryId', '=', jan.id)
          .orderBy('lineNo')
          .execute()
      const rows = await rowsOf()
      expect(rows).toHaveLength(2)
      const before = await detail(jan.id)
      const post = (op: string) =>
        call(s.baseUrl, 'POST', api(op), { token: finance, query: { ids: jan.id } })
      expect((await post('remove')).status).toBe(200)
      expect(await rowsOf()).toEqual([])
      expect((await post('restore')).status).toBe(200)
      expect(await rowsOf()).toEqual(rows)
      expect((await detail(jan.id)).detail).toEqual(before.detail)
      // Removed again, and another January office salary made meanwhile: refused, nothing comes back.
      expect((await post('remove')).status).toBe(200)
      const other = await created({
        detailDate: '2029-01',
        salarySource: 'office',
        detail: [{ dmrEmpId: emp.dung, standardDays: 26, labourDays: 1 }],
      })
      const r = await post('restore')
      expect([r.status, r.body.msg]).toEqual([400, `${MSG_RESTORE_TAKEN}: 2029-01 / office`])
      expect(await rowsOf()).toEqual([])
      // The month's summary and cost are the other tests' again.
      expect(
        (await call(s.baseUrl, 'POST', api('remove'), { token: finance, query: { ids: other.id } }))
          .status,
      ).toBe(200)
    })

    it('answers the declared messages for a missing date, source, detail and employee', async () => {
      await refused({ salarySource: 'office', detail: march().detail }, '请选择工资月份')
      await refused({ detailDate: '2026-05', detail: march().detail }, '请选择工资来源')
      await refused({ detailDate: '2026-05', salarySource: 'office' }, '请添加工资明细')
      await refused({ detailDate: '2026-05', salarySource: 'office', detail: [] }, '请添加工资明细')
      await refused(
        {
          detailDate: '2026-05',
          salarySource: 'office',
          detail: [{ standardDays: 26, labourDays: 2 }],
        },
        '请选择员工',
      )
    })
  })

  describe('reads', () => {
    it('lists salaries with their totals, and their rows flattened with filters by month, source and employee', async () => {
      const page = await get('page', { detailDate_ge: '2026-03', detailDate_le: '2026-03' })
      expect(
        page.body.data.records
          .map((r: Line) => [r.salarySource, r.employeeCount, r.totalAmount])
          .sort(),
      ).toEqual([
        ['office', 3, 12540000 + 4932692 + 6346153],
        ['warehouse', 1, 18000000],
      ])
      const rows = await get('salaryList', { detailDate: '2026-03', size: '50' })
      expect(rows.status).toBe(200)
      expect(rows.body.data.total).toBe(4)
      const an = await get('salaryList', { dmrEmpId: emp.an })
      expect(
        an.body.data.records.map((r: Line) => [
          r.detailDate,
          r.salarySource,
          r.dmrEmpVnName,
          r.totalAmount,
        ]),
      ).toEqual([
        ['2026-03', 'office', 'Nguyễn Văn An', 12540000],
        // February: 24 of 24 days: 12 000 000 + 1 500 000.
        ['2026-02', 'office', 'Nguyễn Văn An', 13500000],
      ])
      const warehouse = await call(s.baseUrl, 'GET', '/api/dmr/salary/salaryList/list', {
        token: finance,
        query: { salarySource: 'warehouse' },
      })
      expect(warehouse.body.data.records).toMatchObject([
        {
          dmrEmpVnName: 'Lê Hoàng Cường',
          salarySourceName: '仓库',
          salaryAmount: 15000000,
          totalAmount: 18000000,
        },
      ])
    })

    it('summarises each month and source as the sums of its rows, newest first', async () => {
      const summary = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/list', {
        token: finance,
        query: { size: '50' },
      })
      expect(summary.status, JSON.stringify(summary.body)).toBe(200)
      const records = summary.body.data.records as Line[]
      expect(records.map((r) => [r.detailDate, r.salarySource])).toEqual([
        ['2026-03', 'office'],
        ['2026-03', 'warehouse'],
        ['2026-02', 'office'],
      ])
      expect(records[0]).toMatchObject({
        id: marchId,
        salarySourceName: '办公室',
        employeeCount: 3,
        salaryAmountTotal: 12000000 + 4932692 + 3076923,
        intershipAmountTotal: 2769230,
        benefitAmountTotal: 2000000,
        bonusAmountTotal: 500000,
        insuranceAmountTotal: 2520000,
        insuranceEmpAmountTotal: 1260000,
        empTaxTotal: 200000,
        totalAmount: 23818845,
      })
      // Every summary row equals the sums of the flattened rows of its month and source.
      const all = (await get('salaryList', { size: '500' })).body.data.records as Line[]
      for (const r of records) {
        const mine = all.filter(
          (x) => x.detailDate === r.detailDate && x.salarySource === r.salarySource,
        )
        const sum = (k: string) => mine.reduce((acc, x) => acc + Number(x[k]), 0)
        expect(r, `${String(r.detailDate)} ${String(r.salarySource)}`).toMatchObject({
          employeeCount: mine.length,
          salaryAmountTotal: sum('salaryAmount'),
          intershipAmountTotal: sum('intershipAmount'),
          benefitAmountTotal: sum('benefitAmount'),
          bonusAmountTotal: sum('bonusAmount'),
          totalAmount: sum('totalAmount'),
        })
      }
      const march = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/page', {
        token: finance,
        query: { detailDate_ge: '2026-03', detailDate_le: '2026-03', salarySource: 'warehouse' },
      })
      expect(march.body.data).toMatchObject({
        total: 1,
        records: [{ detailDate: '2026-03', salarySource: 'warehouse', totalAmount: 18000000 }],
      })
      const oldest = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/list', {
        token: finance,
        query: { ascs: 'detailDate', size: '1' },
      })
      expect(oldest.body.data).toMatchObject({
        total: 3,
        pages: 3,
        records: [{ detailDate: '2026-02' }],
      })
    })

    it('exports the summary and the rows', async () => {
      const file = await fetch(`${s.baseUrl}/api/dmr/salary/summary/export?detailDate_ge=2026-03`, {
        headers: { 'Blade-Auth': `bearer ${finance}` },
      })
      expect(file.status).toBe(200)
      const sheet = await readSheetText(new Uint8Array(await file.arrayBuffer()))
      expect(sheet[0]!.slice(0, 3)).toEqual(['工资月份', '工资来源', '人数'])
      expect(sheet.slice(1).map((r) => [r[0], r[1], r[10], r[11]])).toEqual([
        ['2026-03', '办公室', '23818845', '0'],
        ['2026-03', '仓库', '18000000', '0'],
      ])
      const rows = await fetch(
        `${s.baseUrl}/api/dmr/salary/salaryList/export?salarySource=warehouse`,
        { headers: { 'Blade-Auth': `bearer ${finance}` } },
      )
      expect((await readSheetText(new Uint8Array(await rows.arrayBuffer()))).slice(1)).toEqual([
        expect.arrayContaining(['Lê Hoàng Cường', '18000000']),
      ])
    })

    it('the dashboard gets the month cost of every source', async () => {
      expect(await salaryCostOfMonth(s.db, '000000', '2026-03')).toBe(23818845 + 18000000)
      expect(await salaryCostOfMonth(s.db, '000000', '2026-02')).toBe(13500000)
      expect(await salaryCostOfMonth(s.db, '000000', '2026-07')).toBe(0)
      await expect(salaryCostOfMonth(s.db, '000000', '2026-3')).rejects.toThrow(/yyyy-MM/)
    })
  })

  describe('access', () => {
    it('outreach reads and writes nothing of salaries', async () => {
      const before = await counts()
      for (const path of [
        'page',
        'list',
        'detail',
        'salaryList',
        'export',
        'salaryList/list',
        'summary/list',
        'summary/page',
        'summary/export',
      ]) {
        expect((await get(path, { id: marchId }, outreach)).status, path).toBe(403)
      }
      expect((await submit(march(), outreach)).status).toBe(403)
      expect(
        (await call(s.baseUrl, 'POST', api('remove'), { token: outreach, query: { ids: marchId } }))
          .status,
      ).toBe(403)
      expect(await counts()).toEqual(before)
    })

    it('another tenant sees none of them and cannot pay this tenant’s employees', async () => {
      const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '工资租户', linkman: 'x' },
      })
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      expect((await get('page', {}, other)).body.data.records).toEqual([])
      expect((await get('salaryList', {}, other)).body.data.records).toEqual([])
      expect(
        (await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/list', { token: other })).body.data
          .records,
      ).toEqual([])
      expect((await get('detail', { id: marchId }, other)).status).toBe(404)
      const r = await submit(march(), other)
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain('员工不存在')
      expect(
        (await call(s.baseUrl, 'POST', api('remove'), { token: other, query: { ids: marchId } }))
          .status,
      ).toBe(200)
      expect((await detail(marchId)).detail).toHaveLength(3)
      expect(await salaryCostOfMonth(s.db, t.body.data.tenantId as string, '2026-03')).toBe(0)
    })

    it('finance removes a salary: its rows, summary and cost go with it', async () => {
      const r = await call(s.baseUrl, 'POST', api('remove'), {
        token: finance,
        query: { ids: marchId },
      })
      expect(r.status).toBe(200)
      expect((await get('detail', { id: marchId })).status).toBe(404)
      expect(
        (await get('salaryList', { detailDate: '2026-03', salarySource: 'office' })).body.data
          .total,
      ).toBe(0)
      expect(
        (await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/list', { token: finance })).body.data
          .total,
      ).toBe(2)
      expect(await salaryCostOfMonth(s.db, '000000', '2026-03')).toBe(18000000)
      // The month is free again.
      await created(march())
    })
  })

  // After 'access': these salaries would change the counts the reads above assert.
  describe('save, update and export', () => {
    const post = (op: 'save' | 'update', json: Record<string, unknown>) =>
      call(s.baseUrl, 'POST', api(op), { token: finance, json })
    const download = async (path: string, query: Record<string, string>) => {
      const file = await fetch(
        `${s.baseUrl}/api/dmr/salary/${path}?${new URLSearchParams(query).toString()}`,
        { headers: { 'Blade-Auth': `bearer ${finance}` } },
      )
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toContain('spreadsheetml')
      return readSheetText(new Uint8Array(await file.arrayBuffer()))
    }
    let mayId = ''

    it('save creates a salary with the amounts computed as submit does', async () => {
      const r = await post('save', {
        detailDate: '2026-05',
        salarySource: 'warehouse',
        totalAmount: 1,
        detail: [
          { dmrEmpId: emp.an, standardDays: 26, labourDays: 20, bonusAmount: 300000 },
          { dmrEmpId: emp.cuong, standardDays: 26, labourDays: 13, empTax: 100000 },
        ],
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      // An: ⌊12 000 000 × 20 / 26⌋ = 9 230 769; + 1 500 000 + 300 000 = 11 030 769.
      // Cường: ⌊15 000 000 × 13 / 26⌋ = 7 500 000; + 2 000 000 − 100 000 = 9 400 000. The client's total is ignored.
      expect(r.body.data).toMatchObject({
        detailDate: '2026-05',
        salarySource: 'warehouse',
        employeeCount: 2,
        totalAmount: 20430769,
      })
      mayId = String(r.body.data.id)
      const d = await detail(mayId)
      expect(
        d.detail.map((l) => [
          l.dmrEmpId,
          l.salaryAmount,
          l.benefitAmount,
          l.bonusAmount,
          l.empTax,
          l.totalAmount,
        ]),
      ).toEqual([
        [emp.an, 9230769, 1500000, 300000, 0, 11030769],
        [emp.cuong, 7500000, 2000000, 0, 100000, 9400000],
      ])
    })

    it('update changes the rows and recomputes the totals; without detail it keeps them, and the rows follow the month', async () => {
      const r = await post('update', {
        id: mayId,
        detail: [
          {
            dmrEmpId: emp.an,
            standardDays: 26,
            labourDays: 20,
            bonusAmount: 300000,
            insuranceAmount: 2000000,
            insuranceEmpAmount: 1000000,
          },
          { dmrEmpId: emp.cuong, standardDays: 26, labourDays: 26, empTax: 100000 },
          { dmrEmpId: emp.dung, standardDays: 26, labourDays: 0, intershipDays: 13 },
        ],
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      // An: 11 030 769 − 1 000 000 (own insurance) = 10 030 769. Cường: 15 000 000 + 2 000 000 − 100 000 = 16 900 000.
      // Dung: ⌊4 500 000 × 13 / 26⌋ = 2 250 000 + 500 000 = 2 750 000.
      expect(r.body.data).toMatchObject({ id: mayId, employeeCount: 3, totalAmount: 29680769 })
      expect((await detail(mayId)).detail.map((l) => l.totalAmount)).toEqual([
        10030769, 16900000, 2750000,
      ])
      const moved = await post('update', { id: mayId, detailDate: '2026-06', remark: '六月发放' })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      expect(moved.body.data).toMatchObject({
        detailDate: '2026-06',
        remark: '六月发放',
        employeeCount: 3,
        totalAmount: 29680769,
      })
      expect((await get('salaryList', { detailDate: '2026-06' })).body.data.total).toBe(3)
      expect((await get('salaryList', { detailDate: '2026-05' })).body.data.total).toBe(0)
    })

    it('refuses an update of an unknown, a removed or a missing id and writes nothing', async () => {
      const before = await counts()
      const body = {
        detailDate: '2026-07',
        salarySource: 'office',
        detail: [{ dmrEmpId: emp.an, standardDays: 26, labourDays: 26 }],
      }
      // The generic update answers 404 for an id it does not find, 400 without one, 409 for a removed one (docs/offline.md R9).
      for (const [json, status, message] of [
        [{ id: '1234567890123', ...body }, 404, '数据不存在或已被删除'],
        [body, 400, '请求参数缺失: id'],
        [{ id: marchId, ...body }, 409, '数据已在服务器上删除'],
        [{ id: 'not-an-id', ...body }, 400, '请求参数格式错误: id'],
      ] as const) {
        const r = await post('update', json)
        expect(r.status, JSON.stringify(json)).toBe(status)
        expect(r.body, JSON.stringify(json)).toMatchObject({ success: false, msg: message })
      }
      expect(await counts()).toEqual(before)
      expect((await get('salaryList', { detailDate: '2026-07' })).body.data.total).toBe(0)
    })

    it('exports the salaries with their month, source, head count and total', async () => {
      const sheet = await download('export', {})
      expect(sheet[0]).toEqual(['工资月份', '工资来源', '人数', '实发工资合计'])
      // Newest month first; March office is the one recreated in 'access': 10 693 846 + 4 932 692 + 6 346 153.
      expect(sheet.slice(1).map((r) => r[0])).toEqual(['2026-06', '2026-03', '2026-03', '2026-02'])
      expect(sheet.slice(1).sort()).toEqual([
        ['2026-02', '办公室', '1', '13500000'],
        ['2026-03', '仓库', '1', '18000000'],
        ['2026-03', '办公室', '3', '21972691'],
        ['2026-06', '仓库', '3', '29680769'],
      ])
      expect(
        (await download('export', { salarySource: 'office', detailDate_le: '2026-02' })).slice(1),
      ).toEqual([['2026-02', '办公室', '1', '13500000']])
    })

    it("exports the summary with every sum of the month's rows", async () => {
      const sheet = await download('summary/export', {
        detailDate_ge: '2026-06',
        detailDate_le: '2026-06',
      })
      expect(sheet[0]).toEqual([
        '工资月份',
        '工资来源',
        '人数',
        '工资金额合计',
        '实习工资合计',
        '福利合计',
        '奖金合计',
        '公司缴纳保险合计',
        '个人缴纳保险合计',
        '个人所得税合计',
        '实发工资合计',
        '重复发放人数',
      ])
      // Salary 9 230 769 + 15 000 000; internship 2 250 000; benefit 1 500 000 + 2 000 000 + 500 000; bonus 300 000;
      // insurance 2 000 000 / 1 000 000; tax 100 000; total 29 680 769 (as the update answered).
      expect(sheet.slice(1)).toEqual([
        [
          '2026-06',
          '仓库',
          '3',
          '24230769',
          '2250000',
          '4000000',
          '300000',
          '2000000',
          '1000000',
          '100000',
          '29680769',
          '0',
        ],
      ])
    })
  })
})
