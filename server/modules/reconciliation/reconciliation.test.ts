// Reconciliation statements and details over real HTTP on SQLite and PostgreSQL: amountVnd and the
// statement totals against hand-computed figures (exact decimals, floored once), the totals equal
// to the SQL sums of the live details after creates, edits, moves between statements and removes,
// the refusals (400, nothing written), access per menu code and tenant isolation.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_STATEMENT_GONE } from './detail-rules.ts'

const STATEMENTS = '/api/reconciliation/reconciliationStatement'
const DETAILS = '/api/reconciliation/reconciliationDetail'

type Json = Record<string, unknown>

/** Five details of one statement and their đồng by hand: ⌊amount × rate⌋ in exact decimals. */
const LINES: { json: Json; amountVnd: number }[] = [
  {
    json: {
      transactionDate: '2026-01-05',
      category: 1,
      source: 'tiktok_settlement',
      currency: 'VND',
      amount: 1500000,
      description: 'TikTok Shop 结算 1 月上',
    },
    amountVnd: 1500000,
  },
  // 1234.56 × 25450.5 = 31,420,169.28
  {
    json: {
      transactionDate: '2026-01-08',
      category: 1,
      source: 'bank',
      currency: 'USD',
      amount: 1234.56,
      exchangeRate: 25450.5,
      description: 'USD 回款',
    },
    amountVnd: 31420169,
  },
  // 0.29 × 100 = 29 exactly (a double product gives 28.999999999999996)
  {
    json: {
      transactionDate: '2026-01-09',
      category: 1,
      source: 'other',
      currency: 'USD',
      amount: 0.29,
      exchangeRate: 100,
      description: '利息',
    },
    amountVnd: 29,
  },
  // 3333.33 × 3520.75 = 11,735,821.5975
  {
    json: {
      transactionDate: '2026-01-12',
      category: 2,
      source: 'ads',
      currency: 'CNY',
      amount: 3333.33,
      exchangeRate: 3520.75,
      description: '广告费',
    },
    amountVnd: 11735821,
  },
  // VND at the fixed rate 1, whatever the request says; 99,999.99 floored
  {
    json: {
      transactionDate: '2026-01-20',
      category: 2,
      source: 'cash',
      currency: 'VND',
      amount: 99999.99,
      exchangeRate: 5,
      description: '现金支出',
    },
    amountVnd: 99999,
  },
]
const INCOME = 1500000 + 31420169 + 29
const EXPENSE = 11735821 + 99999

forEachDatabase('reconciliation statements and details', (dialect) => {
  let s: TestServer
  let admin: string
  let finance: string
  let warehouse: string
  let statementId: string
  const detailIds: string[] = []
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const post = (path: string, json: Json, token = finance) =>
    call(s.baseUrl, 'POST', path, { token, json })
  const remove = (path: string, ids: string, token = finance) =>
    call(s.baseUrl, 'POST', `${path}/remove`, { token, query: { ids } })
  const statement = async (id: string) => {
    const r = await call(s.baseUrl, 'GET', `${STATEMENTS}/detail`, {
      token: finance,
      query: { id },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as Json
  }
  const totalsOf = async (id: string) => {
    const st = await statement(id)
    return {
      totalIncomeVnd: Number(st.totalIncomeVnd),
      totalExpenseVnd: Number(st.totalExpenseVnd),
      balanceVnd: Number(st.balanceVnd),
    }
  }
  /** The totals as SQL sums them from the live details. */
  const summed = async (id: string) => {
    const rows = await s.db
      .selectFrom('dmrReconciliationDetail')
      .select(['category', 'amountVnd'])
      .where('statementId', '=', id)
      .where('isDeleted', '=', 0)
      .execute()
    const sum = (c: number) =>
      rows.filter((r) => Number(r.category) === c).reduce((a, r) => a + Number(r.amountVnd), 0)
    return { totalIncomeVnd: sum(1), totalExpenseVnd: sum(2), balanceVnd: sum(1) - sum(2) }
  }
  const detailCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('dmrReconciliationDetail')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('creates a statement with zero totals; totals sent by the client are ignored; one statement per date', async () => {
    const r = await post(`${STATEMENTS}/submit`, {
      statementDate: '2026-01-31',
      totalIncomeVnd: 999,
      balanceVnd: 999,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    statementId = r.body.data.id
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: 0,
      totalExpenseVnd: 0,
      balanceVnd: 0,
    })
    expect(r.body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const again = await post(`${STATEMENTS}/submit`, { statementDate: '2026-01-31' })
    expect(again.status).toBe(400)
    expect(again.body.msg).toContain('已存在')
  })

  it('computes every amountVnd and the statement totals by hand', async () => {
    for (const line of LINES) {
      const r = await post(`${DETAILS}/submit`, { ...line.json, statementId })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(Number(r.body.data.amountVnd), String(line.json.description)).toBe(line.amountVnd)
      detailIds.push(r.body.data.id)
    }
    const vnd = await call(s.baseUrl, 'GET', `${DETAILS}/detail`, {
      token: finance,
      query: { id: detailIds[4]! },
    })
    expect(vnd.body.data).toMatchObject({
      exchangeRate: 1,
      amountVnd: 99999,
      categoryName: '支出',
      sourceName: '现金',
    })
    // recordDate is today when none is given.
    expect(vnd.body.data.recordDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: INCOME,
      totalExpenseVnd: EXPENSE,
      balanceVnd: INCOME - EXPENSE,
    })
    expect(await summed(statementId)).toEqual(await totalsOf(statementId))
    // The statement's details through the list filter.
    const list = await call(s.baseUrl, 'GET', `${DETAILS}/list`, {
      token: finance,
      query: { statementId, size: '50' },
    })
    expect(list.body.data.total).toBe(LINES.length)
  })

  it('refuses bad details with a clear 400 and writes nothing', async () => {
    const base = { ...LINES[0]!.json, statementId }
    const before = await detailCount()
    const cases: [Json, string][] = [
      [{ ...base, currency: 'USD' }, '请输入汇率'],
      [{ ...base, currency: 'USD', exchangeRate: 0 }, '汇率'],
      [{ ...base, currency: 'EUR' }, '币种'],
      [{ ...base, category: 3 }, '收支类别'],
      [{ ...base, source: 'lottery' }, '来源不存在'],
      [{ ...base, amount: 0 }, '金额'],
      [{ ...base, amount: -5 }, '金额'],
      [{ ...base, amount: 10.001 }, '2位小数'],
      [{ ...base, currency: 'USD', exchangeRate: 1.00001 }, '4位小数'],
      [{ ...base, statementId: '1234567890123' }, '对账单不存在'],
      [{ ...base, statementId: undefined }, '请选择对账单'],
      [{ ...base, transactionDate: '2026-02-30' }, '交易日期'],
    ]
    for (const [json, message] of cases) {
      const r = await post(`${DETAILS}/submit`, json)
      expect(r.status, JSON.stringify(json)).toBe(400)
      expect(r.body.msg, JSON.stringify(json)).toContain(message)
    }
    // An edit that moves a VND detail to USD without a rate keeps nothing of VND's 1.
    const switched = await post(`${DETAILS}/submit`, { id: detailIds[0], currency: 'USD' })
    expect(switched.status).toBe(400)
    expect(switched.body.msg).toContain('请输入汇率')
    expect(await detailCount()).toBe(before)
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: INCOME,
      totalExpenseVnd: EXPENSE,
      balanceVnd: INCOME - EXPENSE,
    })
  })

  it('keeps the totals equal to the sums of the details through edits, moves and removes', async () => {
    // The income of 1,500,000 becomes an expense of 2,000,000.
    expect(
      (await post(`${DETAILS}/submit`, { id: detailIds[0], category: 2, amount: 2000000 })).status,
    ).toBe(200)
    let income = INCOME - 1500000
    let expense = EXPENSE + 2000000
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: income,
      totalExpenseVnd: expense,
      balanceVnd: income - expense,
    })
    // A new rate changes the USD income: 1234.56 × 25000 = 30,864,000.
    expect(
      (await post(`${DETAILS}/submit`, { id: detailIds[1], exchangeRate: 25000 })).status,
    ).toBe(200)
    income = income - 31420169 + 30864000
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: income,
      totalExpenseVnd: expense,
      balanceVnd: income - expense,
    })

    // Moved to another statement: both follow.
    const other = (await post(`${STATEMENTS}/submit`, { statementDate: '2026-02-28' })).body.data
      .id as string
    expect((await post(`${DETAILS}/submit`, { id: detailIds[3], statementId: other })).status).toBe(
      200,
    )
    expense -= 11735821
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: income,
      totalExpenseVnd: expense,
      balanceVnd: income - expense,
    })
    expect(await totalsOf(other)).toEqual({
      totalIncomeVnd: 0,
      totalExpenseVnd: 11735821,
      balanceVnd: -11735821,
    })

    // Removed (two at once): the totals lose them.
    expect((await remove(DETAILS, `${detailIds[2]},${detailIds[4]}`)).status).toBe(200)
    income -= 29
    expense -= 99999
    expect(await totalsOf(statementId)).toEqual({
      totalIncomeVnd: income,
      totalExpenseVnd: expense,
      balanceVnd: income - expense,
    })
    for (const id of [statementId, other]) expect(await summed(id)).toEqual(await totalsOf(id))

    // A removed statement takes its details with it; the other statement stays as it was.
    expect((await remove(STATEMENTS, other)).status).toBe(200)
    expect(
      (
        await call(s.baseUrl, 'GET', `${DETAILS}/detail`, {
          token: finance,
          query: { id: detailIds[3]! },
        })
      ).status,
    ).toBe(404)
    expect(
      (await post(`${DETAILS}/submit`, { ...LINES[0]!.json, statementId: other })).body.msg,
    ).toContain('对账单不存在')
    expect(await summed(statementId)).toEqual(await totalsOf(statementId))
    // Its date is free again.
    expect((await post(`${STATEMENTS}/submit`, { statementDate: '2026-02-28' })).status).toBe(200)
  })

  it('undoing a statement remove brings back the details it took along, not those removed before', async () => {
    const id = (await post(`${STATEMENTS}/submit`, { statementDate: '2026-05-31' })).body.data
      .id as string
    const made = []
    for (const amount of [1000, 2000, 4000])
      made.push(
        (await post(`${DETAILS}/submit`, { ...LINES[0]!.json, statementId: id, amount })).body.data
          .id as string,
      )
    const [kept, along, before] = made as [string, string, string]
    expect((await remove(DETAILS, before)).status).toBe(200)
    const totals = await totalsOf(id)
    expect((await remove(STATEMENTS, id)).status).toBe(200)
    // A detail cannot come back into a removed statement.
    const early = await call(s.baseUrl, 'POST', `${DETAILS}/restore`, {
      token: finance,
      query: { ids: kept },
    })
    expect([early.status, early.body.msg]).toEqual([400, MSG_STATEMENT_GONE])
    expect(
      (
        await call(s.baseUrl, 'POST', `${STATEMENTS}/restore`, {
          token: finance,
          query: { ids: id },
        })
      ).status,
    ).toBe(200)
    const live = await s.db
      .selectFrom('dmrReconciliationDetail')
      .select('id')
      .where('statementId', '=', id)
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute()
    expect(live.map((r) => r.id).sort()).toEqual([kept, along].sort())
    expect(await totalsOf(id)).toEqual(totals)
    expect(await summed(id)).toEqual(totals)
    // The detail removed on its own comes back on its own, and the totals follow.
    expect(
      (
        await call(s.baseUrl, 'POST', `${DETAILS}/restore`, {
          token: finance,
          query: { ids: before },
        })
      ).status,
    ).toBe(200)
    expect(await totalsOf(id)).toEqual({
      ...totals,
      totalIncomeVnd: totals.totalIncomeVnd + 4000,
      balanceVnd: totals.balanceVnd + 4000,
    })
    expect(await summed(id)).toEqual(await totalsOf(id))
  })

  it('lets one of several concurrent detail writes of a statement through each, with exact totals', async () => {
    const id = (await post(`${STATEMENTS}/submit`, { statementDate: '2026-03-31' })).body.data
      .id as string
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(`${DETAILS}/submit`, { ...LINES[0]!.json, statementId: id, amount: 1000 + i }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    const income = Array.from({ length: 8 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0)
    expect(await totalsOf(id)).toEqual({
      totalIncomeVnd: income,
      totalExpenseVnd: 0,
      balanceVnd: income,
    })
  })

  it('sorts by the declared fields only: a column the tables lack is a 400, not a 500', async () => {
    for (const path of [STATEMENTS, DETAILS]) {
      const r = await call(s.baseUrl, 'GET', `${path}/list`, {
        token: finance,
        query: { descs: 'create_time' },
      })
      expect(r.status, path).toBe(400)
      expect(r.body.msg).toContain('不支持的排序字段')
    }
    const byDate = await call(s.baseUrl, 'GET', `${STATEMENTS}/list`, {
      token: finance,
      query: { ascs: 'statement_date' },
    })
    expect(byDate.body.data.records.map((r: Json) => r.statementDate)).toEqual(
      [...byDate.body.data.records.map((r: Json) => r.statementDate)].sort(),
    )
  })

  it('exports the statements and the details as xlsx, amounts as numbers', async () => {
    const res = await fetch(`${s.baseUrl}${DETAILS}/export?statementId=${statementId}`, {
      headers: { 'Blade-Auth': `bearer ${finance}` },
    })
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    // Two details are left in the statement (one moved, two removed above).
    expect(sheet.rowCount).toBe(1 + 2)
    const amountVnd = header.indexOf('越南盾金额') + 1
    expect(amountVnd).toBeGreaterThan(0)
    expect(
      [sheet.getRow(2).getCell(amountVnd).value, sheet.getRow(3).getCell(amountVnd).value].sort(),
    ).toEqual([2000000, 30864000].sort())
    const st = await fetch(`${s.baseUrl}${STATEMENTS}/export`, {
      headers: { 'Blade-Auth': `bearer ${finance}` },
    })
    expect(st.status).toBe(200)
  })

  describe('access and tenants', () => {
    it('lets the finance role (its menu codes) in and keeps warehouse out with 403', async () => {
      expect((await call(s.baseUrl, 'GET', `${STATEMENTS}/list`, { token: finance })).status).toBe(
        200,
      )
      expect(
        (await call(s.baseUrl, 'GET', `${STATEMENTS}/select`, { token: finance })).status,
      ).toBe(200)
      for (const [method, path] of [
        ['GET', `${STATEMENTS}/list`],
        ['GET', `${DETAILS}/list`],
        ['GET', `${STATEMENTS}/select`],
        ['POST', `${STATEMENTS}/submit`],
        ['POST', `${DETAILS}/submit`],
      ] as const) {
        const r = await call(s.baseUrl, method, path, {
          token: warehouse,
          json: method === 'POST' ? { statementDate: '2026-05-31' } : undefined,
        })
        expect(r.status, path).toBe(403)
      }
    })

    it("keeps another tenant's statements out of sight and out of reach", async () => {
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '对账租户', linkman: 'x' },
      })
      expect(t.status).toBe(200)
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      const list = await call(s.baseUrl, 'GET', `${STATEMENTS}/list`, {
        token: other,
        query: { size: '100' },
      })
      expect(list.body.data.records.map((r: Json) => r.id)).not.toContain(statementId)
      expect(
        (await call(s.baseUrl, 'GET', `${STATEMENTS}/select`, { token: other })).body.data,
      ).toEqual([])
      expect(
        (
          await call(s.baseUrl, 'GET', `${STATEMENTS}/detail`, {
            token: other,
            query: { id: statementId },
          })
        ).status,
      ).toBe(404)
      const before = await totalsOf(statementId)
      const sneak = await post(`${DETAILS}/submit`, { ...LINES[0]!.json, statementId }, other)
      expect(sneak.status).toBe(400)
      expect(sneak.body.msg).toContain('对账单不存在')
      // Their own statement of the same date is theirs to make.
      expect(
        (await post(`${STATEMENTS}/submit`, { statementDate: '2026-01-31' }, other)).status,
      ).toBe(200)
      expect(await totalsOf(statementId)).toEqual(before)
    })
  })
})
