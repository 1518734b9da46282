// Bank statement import into a statement over real HTTP on SQLite and PostgreSQL: signed amounts
// become income (positive) and expense (negative) details of the source `bank` with the
// hand-computed amountVnd and statement totals; the same file twice changes nothing (equal lines of
// one file stay apart); a corrected detail is left as corrected; a longer file adds only its new
// lines; bad files are refused with row errors and write nothing; the statement must be the caller's.
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

const API = '/reconciliation/reconciliationDetail'
const HEADERS = ['Date', 'Description', 'Amount', 'Currency', 'Exchange Rate']
const LINES: TkCell[][] = [
  ['03/01/2026', 'Chuyển khoản TikTok Shop', '12,500,000', 'VND', ''],
  ['2026-01-04', 'Phí SMS', -11000, 'VND', ''],
  // The same fee twice on one day: two lines, two details.
  ['2026-01-04', 'Phí SMS', -11000, 'VND', ''],
  // 1000.5 × 25400.25 = 25,412,950.125
  ['2026-01-06', 'USD payout', 1000.5, 'USD', 25400.25],
  // 2000 × 3500.5 = 7,001,000
  ['2026-01-07', 'Alibaba 采购', -2000, 'CNY', '3,500.5'],
  ['2026-01-08', 'Rút tiền mặt', '(500,000)', 'VND', ''],
]
const INCOME = 12500000 + 25412950
const EXPENSE = 11000 + 11000 + 7001000 + 500000

forEachDatabase('bank statement import', (dialect) => {
  let s: TestServer
  let finance: string
  let warehouse: string
  let admin: string
  let statementId: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
    statementId = (
      await call(s.baseUrl, 'POST', '/api/reconciliation/reconciliationStatement/submit', {
        token: finance,
        json: { statementDate: '2026-01-31' },
      })
    ).body.data.id
  })
  afterAll(() => s?.close())

  const upload = (
    bytes: Uint8Array,
    name: string,
    query: Record<string, string> = {},
    fields: Record<string, string> = {},
    token = finance,
  ) => uploadFile(s.baseUrl, `${API}/import`, token, bytes, name, query, fields)
  const rows = (id = statementId) =>
    s.db
      .selectFrom('dmrReconciliationDetail')
      .selectAll()
      .where('statementId', '=', id)
      .where('isDeleted', '=', 0)
      .orderBy('transactionDate')
      .orderBy('importRef')
      .execute()
  const totals = async (id = statementId) => {
    const r = await call(s.baseUrl, 'GET', '/api/reconciliation/reconciliationStatement/detail', {
      token: finance,
      query: { id },
    })
    return {
      income: Number(r.body.data.totalIncomeVnd),
      expense: Number(r.body.data.totalExpenseVnd),
      balance: Number(r.body.data.balanceVnd),
    }
  }

  it('answers the template with the bank columns', async () => {
    const res = await fetch(`${s.baseUrl}/api${API}/import-template`, {
      headers: { 'Blade-Auth': `bearer ${finance}` },
    })
    expect(res.status).toBe(200)
    const [header] = await readSheetText(new Uint8Array(await res.arrayBuffer()))
    expect(header).toEqual(HEADERS)
  })

  it('previews into a statement without writing; without a statement it is a 400', async () => {
    const none = await upload(csvOf(HEADERS, LINES), 'bank.csv', { preview: '1' })
    expect(none.status).toBe(400)
    expect(none.body.msg).toContain('请选择对账单')
    const res = await upload(csvOf(HEADERS, LINES), 'bank.csv', { preview: '1', statementId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.missing).toEqual([])
    expect(res.body.data.rows).toHaveLength(6)
    expect(res.body.data.rows[0]).toMatchObject({
      row: 2,
      errors: [],
      values: { transactionDate: '2026-01-03', amount: 12500000, currency: 'VND', statementId },
    })
    expect(res.body.data.rows[5].values.amount).toBe(-500000)
    expect(await rows()).toHaveLength(0)
  })

  it('books positive lines as income and negative ones as expense, with the hand-computed totals', async () => {
    const res = await upload(
      csvOf(HEADERS, LINES),
      'bank.csv',
      {},
      { statementId, importId: 'bank-import-first' },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toEqual({
      importId: 'bank-import-first',
      total: 6,
      inserted: 6,
      updated: 0,
      unchanged: 0,
    })
    const stored = await rows()
    expect(
      stored.map((r) => [
        r.transactionDate,
        r.category,
        Number(r.amount),
        r.currency,
        Number(r.exchangeRate),
        Number(r.amountVnd),
        r.source,
      ]),
    ).toEqual([
      ['2026-01-03', 1, 12500000, 'VND', 1, 12500000, 'bank'],
      ...[
        ['2026-01-04', 2, 11000, 'VND', 1, 11000, 'bank'],
        ['2026-01-04', 2, 11000, 'VND', 1, 11000, 'bank'],
      ],
      ['2026-01-06', 1, 1000.5, 'USD', 25400.25, 25412950, 'bank'],
      ['2026-01-07', 2, 2000, 'CNY', 3500.5, 7001000, 'bank'],
      ['2026-01-08', 2, 500000, 'VND', 1, 500000, 'bank'],
    ])
    expect(new Set(stored.map((r) => r.importRef)).size).toBe(6)
    expect(stored.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(String(r.recordDate)))).toBe(true)
    expect(await totals()).toEqual({ income: INCOME, expense: EXPENSE, balance: INCOME - EXPENSE })
  })

  it('changes nothing when the same file comes again, and leaves a corrected line as corrected', async () => {
    const before = await rows()
    const fee = before.find((r) => r.description === 'Phí SMS')!
    const edit = await call(s.baseUrl, 'POST', `/api${API}/submit`, {
      token: finance,
      json: { id: fee.id, description: 'Phí SMS tháng 1', source: 'other' },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const res = await upload(csvOf(HEADERS, LINES), 'bank.csv', { statementId })
    expect(res.body.data).toMatchObject({ total: 6, inserted: 0, updated: 0, unchanged: 6 })
    const after = await rows()
    expect(after.map((r) => [r.id, r.version])).toEqual(
      before.map((r) => [r.id, r.id === fee.id ? Number(r.version) + 1 : r.version]),
    )
    expect(after.find((r) => r.id === fee.id)).toMatchObject({
      description: 'Phí SMS tháng 1',
      source: 'other',
    })
    expect(await totals()).toEqual({ income: INCOME, expense: EXPENSE, balance: INCOME - EXPENSE })
  })

  it('adds only the new lines of a longer statement (a third equal fee among them)', async () => {
    const longer = [
      ...LINES,
      ['2026-01-04', 'Phí SMS', -11000, 'VND', ''],
      ['2026-01-09', 'Hoàn tiền', 250000, 'VND', ''],
    ]
    const res = await upload(csvOf(HEADERS, longer), 'bank-2.csv', { statementId })
    expect(res.body.data).toMatchObject({ total: 8, inserted: 2, unchanged: 6 })
    expect(await totals()).toEqual({
      income: INCOME + 250000,
      expense: EXPENSE + 11000,
      balance: INCOME + 250000 - EXPENSE - 11000,
    })
  })

  it('imports an xlsx (Excel date cells, numbers) into another statement on its own', async () => {
    const other = (
      await call(s.baseUrl, 'POST', '/api/reconciliation/reconciliationStatement/submit', {
        token: finance,
        json: { statementDate: '2026-02-28' },
      })
    ).body.data.id as string
    const xlsxLines = LINES.map((l, i) =>
      i === 1 ? [new Date(Date.UTC(2026, 0, 4)), ...l.slice(1)] : l,
    )
    const res = await upload(await xlsxOf(HEADERS, xlsxLines), 'bank.xlsx', { statementId: other })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ inserted: 6, unchanged: 0 })
    expect(await totals(other)).toEqual({
      income: INCOME,
      expense: EXPENSE,
      balance: INCOME - EXPENSE,
    })
  })

  it('refuses a file with bad lines, listing them, and writes nothing', async () => {
    const before = await rows()
    const was = await totals()
    const bad: TkCell[][] = [
      ['2026-01-10', 'ok', 1000, 'VND', ''],
      ['2026-01-10', 'zero', 0, 'VND', ''],
      ['2026-01-11', 'no rate', 50, 'USD', ''],
      ['2026-02-30', 'bad date', 100, 'VND', ''],
      ['2026-01-12', 'bad currency', 100, 'EUR', ''],
      ['2026-01-13', 'cents', 100.123, 'VND', ''],
    ]
    const res = await upload(csvOf(HEADERS, bad), 'bad.csv', { statementId })
    expect(res.status).toBe(400)
    expect(res.body.msg).toContain('未写入任何数据')
    expect(res.body.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7])
    expect(JSON.stringify(res.body.data.errors)).toContain('汇率')
    expect(await rows()).toEqual(before)
    expect(await totals()).toEqual(was)
    const missing = await upload(
      csvOf(['Date', 'Description'], [['2026-01-10', 'x']]),
      'short.csv',
      { statementId },
    )
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('Amount')
    expect(await rows()).toEqual(before)
  })

  describe('whose statement', () => {
    it('refuses an unknown or removed statement before reading the file', async () => {
      for (const id of ['1234567890123', 'abc']) {
        const r = await upload(csvOf(HEADERS, LINES), 'bank.csv', { statementId: id })
        expect(r.status, id).toBe(400)
      }
      const gone = (
        await call(s.baseUrl, 'POST', '/api/reconciliation/reconciliationStatement/submit', {
          token: finance,
          json: { statementDate: '2026-03-31' },
        })
      ).body.data.id as string
      await call(s.baseUrl, 'POST', '/api/reconciliation/reconciliationStatement/remove', {
        token: finance,
        query: { ids: gone },
      })
      const r = await upload(csvOf(HEADERS, LINES), 'bank.csv', { statementId: gone })
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain('对账单不存在')
    })

    it("keeps another tenant's import out of our statement, and warehouse out of the import", async () => {
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '银行租户', linkman: 'x' },
      })
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      const before = await rows()
      const r = await upload(csvOf(HEADERS, LINES), 'bank.csv', { statementId }, {}, other)
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain('对账单不存在')
      expect(
        (await upload(csvOf(HEADERS, LINES), 'bank.csv', { statementId }, {}, warehouse)).status,
      ).toBe(403)
      expect(
        (await call(s.baseUrl, 'GET', `/api${API}/import-template`, { token: warehouse })).status,
      ).toBe(403)
      expect(await rows()).toEqual(before)
    })
  })
})
