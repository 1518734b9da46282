// A month's salary cost for the home dashboard: Σ totalAmount of the month's salary detail rows, of
// every salary source (the rows of removed salaries are gone with them).
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema.ts'
import { badRequest } from '../../core/envelope.ts'

export async function salaryCostOfMonth(
  db: Kysely<DB>,
  tenantId: string,
  month: string,
): Promise<number> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw badRequest(`月份格式应为 yyyy-MM: ${month.slice(0, 20)}`)
  const r = await db
    .selectFrom('dmrSalaryDetail')
    .select((eb) => eb.fn.sum<number>('totalAmount').as('cost'))
    .where('tenantId', '=', tenantId)
    .where('detailDate', '=', month)
    .executeTakeFirst()
  return Number(r?.cost ?? 0)
}
