// The demo reconciliation month and CS/MCN salaries on SQLite and PostgreSQL: last month's statement
// with about forty details in three currencies that the declaration accepts, each amountVnd as the
// rules compute it and the totals the sums of the details; CS and MCN rows exactly as the server
// computes them (MCN gift values from last month's gift details), accepted back unchanged through
// the API; a second run adds nothing, and a tenant without employees or gifts gets no salaries.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { csAmounts, mcnAmounts } from '../../../src/domain/finance/salary-extra-math.ts'
import { reconciliationDetail } from '../../../src/domain/reconciliation/reconciliation-detail.ts'
import { amountVndOf } from '../../../src/domain/reconciliation/reconciliation-money.ts'
import { validateRecord } from '../../../src/domain/validate.ts'
import { call } from '../../../tests/support/http.ts'
import { csvOf, uploadFile } from '../../../tests/support/import-files.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { anchorMonthGifts } from '../../modules/salary-extra/anchor-gifts.ts'
import { extraSalaryCostOfMonth } from '../../modules/salary-extra/cost.ts'
import { financeExtraDemo } from './finance-extra.ts'

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

const today = new Date(2026, 2, 15, 9, 0, 0)
const MONTH = '2026-02'

forEachDatabase('demo reconciliation and CS/MCN salaries', (dialect) => {
  let s: TestServer
  let finance: string
  const run = (tenantId = '000000') => {
    // A variable, not a literal: the runner's context may carry more than a part reads.
    const ctx = { db: s.db, dialect: s.dialect, tenantId, today, random: seeded(13) }
    return financeExtraDemo.run(ctx)
  }
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const staff = Array.from({ length: 7 }, (_, i) => [
      `07920300${String(1000 + i)}`,
      `Nhân viên ${String.fromCharCode(65 + i)}`,
      9000000,
    ])
    expect(
      (
        await uploadFile(
          s.baseUrl,
          '/dmr/employee/import',
          finance,
          csvOf(['Citizen ID', 'Vietnamese Name', 'Basic Salary'], staff),
          'staff.csv',
        )
      ).status,
    ).toBe(200)
    // Two anchors with gifts last month, one only this month.
    for (const [time, anchorId, price, quantity] of [
      ['2026-02-03 20:00:00', 'A-1', 29999, 1],
      ['2026-02-10 21:00:00', 'A-1', 1, 99],
      ['2026-02-28 22:00:00', 'A-2', 500, 3],
      ['2026-03-02 20:00:00', 'A-3', 1000, 1],
    ] as const) {
      const r = await call(s.baseUrl, 'POST', '/api/giftdetail/giftDetail/submit', {
        token: admin,
        json: {
          sendGiftTime: time,
          userId: `u-${time}`,
          liveId: 'L-1',
          anchorId,
          anchorName: `Anchor ${anchorId}`,
          giftName: 'Gift',
          giftPrice: price,
          giftQuantity: quantity,
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    await run()
  })
  afterAll(() => s?.close())

  it('writes last month’s statement: about forty details in three currencies, totals the sums of the details', async () => {
    const statements = await s.db
      .selectFrom('dmrReconciliationStatement')
      .selectAll()
      .where('tenantId', '=', '000000')
      .execute()
    expect(statements.map((x) => x.statementDate)).toEqual(['2026-02-28'])
    const st = statements[0]!
    const details = await s.db
      .selectFrom('dmrReconciliationDetail')
      .selectAll()
      .where('statementId', '=', st.id)
      .where('isDeleted', '=', 0)
      .execute()
    expect(details.length).toBeGreaterThanOrEqual(35)
    expect(details.length).toBeLessThanOrEqual(50)
    expect(new Set(details.map((d) => d.currency))).toEqual(new Set(['VND', 'USD', 'CNY']))
    for (const d of details) {
      const wire = Object.fromEntries(
        reconciliationDetail.fields.map((f) => [
          f.name,
          (d as Record<string, unknown>)[f.name] ?? '',
        ]),
      )
      expect(validateRecord(reconciliationDetail, wire, 'add'), d.description ?? '').toEqual([])
      expect(d.transactionDate.startsWith(MONTH)).toBe(true)
      expect(Number(d.amountVnd)).toBe(amountVndOf(d.amount, d.currency, d.exchangeRate))
      if (d.currency === 'VND') expect(Number(d.exchangeRate)).toBe(1)
    }
    const sum = (c: number) =>
      details.filter((d) => d.category === c).reduce((a, d) => a + Number(d.amountVnd), 0)
    expect([Number(st.totalIncomeVnd), Number(st.totalExpenseVnd), Number(st.balanceVnd)]).toEqual([
      sum(1),
      sum(2),
      sum(1) - sum(2),
    ])
    expect(sum(1)).toBeGreaterThan(sum(2))
    // The salary line books the month's CS and MCN cost (no salary of the salary screen here).
    expect(Number(details.find((d) => d.source === 'salary')?.amount)).toBe(
      await extraSalaryCostOfMonth(s.db, '000000', MONTH),
    )
    const api = await call(s.baseUrl, 'GET', '/api/reconciliation/reconciliationDetail/list', {
      token: finance,
      query: { statementId: st.id, size: '100' },
    })
    expect(api.body.data.total).toBe(details.length)
  })

  it('pays four CS salaries and an MCN salary per anchor with last month’s gifts, as the rules compute them', async () => {
    const cs = await s.db
      .selectFrom('dmrSalaryCs')
      .selectAll()
      .where('tenantId', '=', '000000')
      .execute()
    expect(cs).toHaveLength(4)
    for (const r of cs) {
      expect(r.detailDate).toBe(MONTH)
      expect(Number(r.totalAmount)).toBe(csAmounts(r).totalAmount)
      expect(Number(r.commissionAmount)).toBe(csAmounts(r).commissionAmount)
    }
    const mcn = await s.db
      .selectFrom('dmrSalaryMcn')
      .selectAll()
      .where('tenantId', '=', '000000')
      .orderBy('anchorId')
      .execute()
    expect(mcn.map((r) => r.anchorId)).toEqual(['A-1', 'A-2'])
    // Coin value 250: A-1 (29,999 + 99) × 250; A-2 1,500 × 250.
    expect(mcn.map((r) => Number(r.giftValue))).toEqual([30098 * 250, 1500 * 250])
    for (const r of mcn) {
      expect(Number(r.giftValue)).toBe(
        (await anchorMonthGifts(s.db as never, '000000', r.anchorId, MONTH)).giftValue,
      )
      expect(Number(r.totalAmount)).toBe(mcnAmounts(r).totalAmount)
      expect(r.anchorName).toBe(`Anchor ${r.anchorId}`)
    }
    expect(new Set([...cs, ...mcn].map((r) => r.dmrEmpId)).size).toBe(6)
  })

  it('reads back through the API and is accepted unchanged by the server’s rules', async () => {
    for (const api of ['salaryCs', 'salaryMcn']) {
      const list = await call(s.baseUrl, 'GET', `/api/dmr/${api}/list`, {
        token: finance,
        query: { detailDate_ge: MONTH, detailDate_le: MONTH },
      })
      for (const row of list.body.data.records as Record<string, unknown>[]) {
        const again = await call(s.baseUrl, 'POST', `/api/dmr/${api}/submit`, {
          token: finance,
          json: { id: row.id, remark: 'checked' },
        })
        expect(again.status, JSON.stringify(again.body)).toBe(200)
        expect(Number(again.body.data.totalAmount)).toBe(Number(row.totalAmount))
      }
    }
  })

  it('adds nothing on a second run, and gives a tenant without employees or gifts a statement only', async () => {
    const count = async (table: 'dmrReconciliationDetail' | 'dmrSalaryCs' | 'dmrSalaryMcn') =>
      Number(
        (
          await s.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = [
      await count('dmrReconciliationDetail'),
      await count('dmrSalaryCs'),
      await count('dmrSalaryMcn'),
    ]
    await run()
    expect([
      await count('dmrReconciliationDetail'),
      await count('dmrSalaryCs'),
      await count('dmrSalaryMcn'),
    ]).toEqual(before)
    await run('888888')
    expect(
      await s.db.selectFrom('dmrSalaryCs').select('id').where('tenantId', '=', '888888').execute(),
    ).toEqual([])
    const theirs = await s.db
      .selectFrom('dmrReconciliationStatement')
      .selectAll()
      .where('tenantId', '=', '888888')
      .execute()
    expect(theirs).toHaveLength(1)
    expect(await count('dmrReconciliationDetail')).toBeGreaterThan(before[0]!)
  })
})
