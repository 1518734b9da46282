// Employees over real HTTP on SQLite and PostgreSQL: the salary totals computed by the server from
// hand-computed values (floored), the citizen ID unique per tenant, the bank taken by key or name,
// the import (template, preview, idempotent by citizen ID, refused files writing nothing), the
// picker, who may call (finance yes, outreach no; no one adds by hand) and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSheetText } from '../../crud/import/read-sheet.ts'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile, xlsxOf, type TkCell } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_BANK_UNKNOWN, MSG_IDCARD_TAKEN } from './employee-rules.ts'

const API = '/dmr/employee'
const HEADERS = [
  'Citizen ID',
  'Vietnamese Name',
  'Chinese Name',
  'Sex (1 male, 2 female)',
  'Status',
  'Hire Date',
  'Basic Salary',
  'Internship Salary',
  'Benefit',
  'Bank',
  'Bank Account',
  'Birthday',
  'Email',
]
const staff = (): TkCell[][] => [
  [
    '079203001001',
    'Nguyễn Văn An',
    '阮文安',
    1,
    '在职',
    '2024-03-01',
    '12.000.000 ₫',
    6000000,
    1500000,
    'Vietcombank',
    '0071000123456',
    '15/08/1996',
    'an.nguyen@example.com',
  ],
  [
    '079203001002',
    'Trần Thị Bích',
    '',
    2,
    0,
    '01/06/2025',
    9500000.5,
    5000000,
    '800,000',
    'techcombank',
    '19034567890123',
    '1999-02-28',
    '',
  ],
  [
    '079203001003',
    'Lê Hoàng Cường',
    '黎黄强',
    1,
    '离职',
    '2023-11-15',
    15000000,
    0,
    2000000,
    'BIDV',
    '21510000987654',
    '',
    '',
  ],
]

forEachDatabase('employees', (dialect) => {
  let s: TestServer
  let finance: string
  let outreach: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    outreach = (await loginAs(s.baseUrl, 'outreach', '123456')).access_token
  })
  afterAll(() => s?.close())

  const get = (op: string, query: Record<string, string> = {}, token = finance) =>
    call(s.baseUrl, 'GET', `/api${API}/${op}`, { token, query })
  const submit = (json: Record<string, unknown>, token = finance) =>
    call(s.baseUrl, 'POST', `/api${API}/submit`, { token, json })
  const upload = (
    bytes: Uint8Array,
    name: string,
    query: Record<string, string> = {},
    token = finance,
  ) => uploadFile(s.baseUrl, `${API}/import`, token, bytes, name, query)
  const rows = () =>
    s.db
      .selectFrom('dmrEmployee')
      .selectAll()
      .where('tenantId', '=', '000000')
      .where('isDeleted', '=', 0)
      .orderBy('dmrEmpIdcard')
      .execute()
  const byIdcard = async (idcard: string) => (await rows()).find((r) => r.dmrEmpIdcard === idcard)!

  it('answers the import template with its headers', async () => {
    const res = await fetch(`${s.baseUrl}/api${API}/import-template`, {
      headers: { 'Blade-Auth': `bearer ${finance}` },
    })
    expect(res.status).toBe(200)
    const [header] = await readSheetText(new Uint8Array(await res.arrayBuffer()))
    expect(header.slice(0, 4)).toEqual([
      'Citizen ID',
      'Vietnamese Name',
      'Chinese Name',
      'Sex (1 male, 2 female)',
    ])
  })

  it('previews without writing', async () => {
    const res = await upload(await xlsxOf(HEADERS, staff()), 'staff.xlsx', { preview: '1' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.missing).toEqual([])
    expect(res.body.data.rows[0]).toMatchObject({
      row: 2,
      errors: [],
      values: {
        dmrEmpIdcard: '079203001001',
        dmrEmpBasicSalary: 12000000,
        dmrEmpStatus: 0,
        dmrEmpBirthday: '1996-08-15',
      },
    })
    expect(await rows()).toHaveLength(0)
  })

  it('imports employees with their totals computed and floored, banks stored by key', async () => {
    const res = await upload(await xlsxOf(HEADERS, staff()), 'staff.xlsx')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ total: 3, inserted: 3, updated: 0, unchanged: 0 })
    // An: 12 000 000 + 1 500 000; 6 000 000 + 1 500 000.
    expect(await byIdcard('079203001001')).toMatchObject({
      dmrEmpVnName: 'Nguyễn Văn An',
      dmrEmpCnName: '阮文安',
      dmrEmpSex: 1,
      dmrEmpStatus: 0,
      dmrEmpHireDate: '2024-03-01',
      dmrEmpBank: 'vietcombank',
      dmrEmpBirthday: '1996-08-15',
      salaryBasicTotal: 13500000,
      salaryInternshipTotal: 7500000,
    })
    // Bích: 9 500 000.5 + 800 000 = 10 300 000.5, floored; 5 000 000 + 800 000.
    expect(await byIdcard('079203001002')).toMatchObject({
      dmrEmpStatus: 0,
      dmrEmpHireDate: '2025-06-01',
      dmrEmpBank: 'techcombank',
      salaryBasicTotal: 10300000,
      salaryInternshipTotal: 5800000,
    })
    expect(await byIdcard('079203001003')).toMatchObject({
      dmrEmpStatus: 1,
      dmrEmpBank: 'bidv',
      salaryBasicTotal: 17000000,
      salaryInternshipTotal: 2000000,
    })
  })

  it('the same file again, as csv, changes nothing; a newer file updates by citizen ID', async () => {
    const before = await rows()
    const again = await upload(csvOf(HEADERS, staff()), 'staff.csv')
    expect(again.body.data).toMatchObject({ total: 3, inserted: 0, updated: 0, unchanged: 3 })
    expect(await rows()).toEqual(before)
    const newer = staff()
    newer[0]![6] = 13000000
    const res = await upload(csvOf(HEADERS, newer), 'newer.csv')
    expect(res.body.data).toMatchObject({ total: 3, inserted: 0, updated: 1, unchanged: 2 })
    expect(await byIdcard('079203001001')).toMatchObject({
      id: before[0]!.id,
      dmrEmpBasicSalary: 13000000,
      salaryBasicTotal: 14500000,
      version: 2,
    })
  })

  describe('refused files write nothing', () => {
    const refused = async (bytes: Uint8Array, name: string, message: RegExp) => {
      const before = await rows()
      const res = await upload(bytes, name)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.msg).toMatch(message)
      expect(await rows()).toEqual(before)
      return res.body.data
    }
    it('a missing citizen ID column', async () => {
      await refused(
        csvOf(
          HEADERS.slice(1),
          staff().map((r) => r.slice(1)),
        ),
        'x.csv',
        /缺少必需的列: Citizen ID/,
      )
    })
    it('a bad citizen ID and a negative salary, with rows and columns', async () => {
      const bad = staff()
      bad[0]![0] = '07920300'
      bad[2]![6] = -5
      const data = await refused(csvOf(HEADERS, bad), 'bad.csv', /共 2 处错误/)
      expect(data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [2, 'Citizen ID'],
        [4, 'Basic Salary'],
      ])
    })
    it('an unknown bank refuses the whole file, naming the row', async () => {
      const bad = [
        ...staff(),
        ['079203001009', 'Phạm Minh Đức', '', 1, 0, '', 1, 0, 0, 'No Such Bank', '', '', ''],
      ]
      await refused(csvOf(HEADERS, bad), 'bank.csv', /第 5 行: 开户银行不存在: No Such Bank/)
    })
  })

  it('edits recompute the totals; a taken citizen ID or an unknown bank is refused', async () => {
    const an = await byIdcard('079203001001')
    const r = await submit({ id: an.id, dmrEmpBasicSalary: 12345678.9, dmrEmpBenefit: 1000000.2 })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    // 12 345 678.9 + 1 000 000.2 = 13 345 679.1 → 13 345 679; 6 000 000 + 1 000 000.2 → 7 000 000.
    expect(r.body.data).toMatchObject({
      salaryBasicTotal: 13345679,
      salaryInternshipTotal: 7000000,
    })
    const tampered = await submit({ id: an.id, salaryBasicTotal: 1 })
    expect(tampered.body.data.salaryBasicTotal).toBe(13345679)
    const taken = await submit({ id: an.id, dmrEmpIdcard: '079203001002' })
    expect(taken.status).toBe(400)
    expect(taken.body.msg).toBe(MSG_IDCARD_TAKEN('079203001002'))
    const bank = await submit({ id: an.id, dmrEmpBank: 'Nowhere Bank' })
    expect(bank.status).toBe(400)
    expect(bank.body.msg).toBe(MSG_BANK_UNKNOWN('Nowhere Bank'))
    expect(await byIdcard('079203001001')).toMatchObject({
      dmrEmpIdcard: '079203001001',
      dmrEmpBank: 'vietcombank',
    })
  })

  it('the birthday is not editable: an edit keeps the stored one, a newer import file corrects it', async () => {
    const an = await byIdcard('079203001001')
    expect(an.dmrEmpBirthday).toBe('1996-08-15')
    const r = await submit({
      id: an.id,
      dmrEmpBirthday: '2001-01-01',
      dmrEmpVnName: 'Nguyễn Văn An',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.dmrEmpBirthday).toBe('1996-08-15')
    expect((await byIdcard('079203001001')).dmrEmpBirthday).toBe('1996-08-15')
    // A file of only the columns it corrects leaves the others as they are.
    const res = await upload(
      csvOf(
        ['Citizen ID', 'Vietnamese Name', 'Birthday'],
        [['079203001001', 'Nguyễn Văn An', '1996-09-15']],
      ),
      'corrected.csv',
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await byIdcard('079203001001')).toMatchObject({
      dmrEmpBirthday: '1996-09-15',
      dmrEmpBasicSalary: 12345678.9,
    })
  })

  it('lists, filters, details with labels and exports for finance', async () => {
    const page = await get('page', { dmrEmpStatus: '0', descs: 'salary_basic_total' })
    expect(page.status).toBe(200)
    expect(page.body.data.records.map((r: { dmrEmpIdcard: string }) => r.dmrEmpIdcard)).toEqual([
      '079203001001',
      '079203001002',
    ])
    const an = page.body.data.records[0]
    expect(an).toMatchObject({
      dmrEmpStatusName: '在职',
      dmrEmpBankName: 'Vietcombank',
      dmrEmpSexName: '男',
    })
    expect((await get('detail', { id: an.id })).body.data).toMatchObject({
      dmrEmpVnName: 'Nguyễn Văn An',
      salaryBasicTotal: 13345679,
    })
    const file = await fetch(`${s.baseUrl}/api${API}/export?dmrEmpVnName=Bích`, {
      headers: { 'Blade-Auth': `bearer ${finance}` },
    })
    expect(file.status).toBe(200)
    const sheet = await readSheetText(new Uint8Array(await file.arrayBuffer()))
    expect(sheet).toHaveLength(2)
    expect(sheet[1]).toEqual(expect.arrayContaining(['Trần Thị Bích', '10300000']))
  })

  it('the picker lists every employee, employed first, with salaries and a label', async () => {
    const r = await get('select')
    expect(r.status).toBe(200)
    expect(
      r.body.data.map((e: { dmrEmpVnName: string; dmrEmpStatus: number }) => [
        e.dmrEmpVnName,
        e.dmrEmpStatus,
      ]),
    ).toEqual([
      ['Nguyễn Văn An', 0],
      ['Trần Thị Bích', 0],
      ['Lê Hoàng Cường', 1],
    ])
    expect(r.body.data[0]).toMatchObject({
      label: 'Nguyễn Văn An (阮文安)',
      dmrEmpBasicSalary: 12345678.9,
      dmrEmpInternshipSalary: 6000000,
      dmrEmpBenefit: 1000000.2,
    })
    expect(r.body.data[1].label).toBe('Trần Thị Bích')
  })

  it('no one adds by hand without the add button; outreach reads and writes nothing', async () => {
    const before = await rows()
    expect(
      (await submit({ dmrEmpVnName: 'Hồ Thị Mai', dmrEmpIdcard: '079203001010' })).status,
    ).toBe(403)
    for (const op of ['page', 'list', 'select', 'export', 'import-template'])
      expect((await get(op, {}, outreach)).status, op).toBe(403)
    expect((await submit({ id: before[0]!.id, dmrEmpVnName: 'x' }, outreach)).status).toBe(403)
    expect((await upload(csvOf(HEADERS, staff()), 's.csv', {}, outreach)).status).toBe(403)
    expect(
      (
        await call(s.baseUrl, 'POST', `/api${API}/remove`, {
          token: outreach,
          query: { ids: before[0]!.id },
        })
      ).status,
    ).toBe(403)
    expect(await rows()).toEqual(before)
  })

  it('another tenant sees none of them and may reuse a citizen ID', async () => {
    const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      json: { tenantName: '员工租户', linkman: 'x' },
    })
    const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
    const an = await byIdcard('079203001001')
    expect((await get('page', {}, other)).body.data.records).toEqual([])
    expect((await get('select', {}, other)).body.data).toEqual([])
    expect((await get('detail', { id: an.id }, other)).status).toBe(404)
    const mine = await upload(csvOf(HEADERS, staff().slice(0, 1)), 'one.csv', {}, other)
    expect(mine.body.data).toMatchObject({ inserted: 1 })
    expect(await byIdcard('079203001001')).toMatchObject({ id: an.id, version: an.version })
  })

  it('removes an employee, freeing its citizen ID for a new import', async () => {
    const cuong = await byIdcard('079203001003')
    expect(
      (
        await call(s.baseUrl, 'POST', `/api${API}/remove`, {
          token: finance,
          query: { ids: cuong.id },
        })
      ).status,
    ).toBe(200)
    expect((await get('detail', { id: cuong.id })).status).toBe(404)
    const res = await upload(csvOf(HEADERS, staff().slice(2)), 'back.csv')
    expect(res.body.data).toMatchObject({ inserted: 1 })
  })
})
