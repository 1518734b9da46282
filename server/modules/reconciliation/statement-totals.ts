// A statement's totals follow its live details: income = Σ amountVnd of category 1, expense = Σ of
// category 2, balance = income − expense, summed again (a statement holds hundreds of details, not
// millions) in the transaction of every detail write. Writers of a statement's details take its row
// lock first, so on PostgreSQL (read committed) the later writer sums after the earlier one has
// committed; SQLite has a single writer already.
import { reconciliationDetail } from '../../../src/domain/reconciliation/reconciliation-detail.ts'
import {
  CATEGORY_EXPENSE,
  CATEGORY_INCOME,
} from '../../../src/domain/reconciliation/reconciliation-money.ts'
import { reconciliationStatement } from '../../../src/domain/reconciliation/reconciliation-statement.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import type { Dialect } from '../../db/database.ts'
import { now } from '../../core/dates.ts'

const STATEMENTS = reconciliationStatement.table
const DETAILS = reconciliationDetail.table

export interface LockedStatement {
  id: string
  tenantId: string
  isDeleted: number
}

/** Locks the statements (in id order, so two writers never wait on each other) and answers them as stored. */
export async function lockStatements(
  trx: AnyDb,
  dialect: Dialect,
  ids: (string | null | undefined)[],
): Promise<Map<string, LockedStatement>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort()
  if (wanted.length === 0) return new Map()
  let q = trx
    .selectFrom(STATEMENTS)
    .select(['id', 'tenant_id', 'is_deleted'])
    .where('id', 'in', wanted)
    .orderBy('id')
  if (dialect === 'postgres') q = q.forUpdate()
  const rows = (await q.execute()) as Row[]
  return new Map(
    rows.map((r) => [
      String(r.id),
      { id: String(r.id), tenantId: String(r.tenantId), isDeleted: Number(r.isDeleted) },
    ]),
  )
}

/** Sums the live details of the statements again and stores the totals. */
export async function refreshTotals(trx: AnyDb, ids: (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (wanted.length === 0) return
  const sums = (await trx
    .selectFrom(DETAILS)
    .select(['statement_id', 'category'])
    .select((eb) => eb.fn.sum<number>('amount_vnd').as('total'))
    .where('statement_id', 'in', wanted)
    .where('is_deleted', '=', 0)
    .groupBy(['statement_id', 'category'])
    .execute()) as Row[]
  const of = (id: string, category: number) =>
    Number(
      sums.find((s) => String(s.statementId) === id && Number(s.category) === category)?.total ?? 0,
    )
  const time = now()
  for (const id of wanted) {
    const income = of(id, CATEGORY_INCOME)
    const expense = of(id, CATEGORY_EXPENSE)
    await trx
      .updateTable(STATEMENTS)
      .set({
        total_income_vnd: income,
        total_expense_vnd: expense,
        balance_vnd: income - expense,
        updated_at: time,
      })
      .where('id', '=', id)
      .execute()
  }
}
