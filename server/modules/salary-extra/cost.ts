// A month's customer-service and MCN salary cost for the home dashboard: Σ totalAmount of the
// month's live rows of both (the salary module's salaryCostOfMonth adds the salary rows).
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema.ts'
import { badRequest } from '../../core/envelope.ts'

export async function extraSalaryCostOfMonth(
  db: Kysely<DB>,
  tenantId: string,
  month: string,
): Promise<number> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw badRequest(`月份格式应为 yyyy-MM: ${month.slice(0, 20)}`)
  let cost = 0
  for (const table of ['dmrSalaryCs', 'dmrSalaryMcn'] as const) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.sum<number>('totalAmount').as('cost'))
      .where('tenantId', '=', tenantId)
      .where('detailDate', '=', month)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    cost += Number(r?.cost ?? 0)
  }
  return cost
}
