// The field cards. KOL follow-ups due: live KOL files whose responseDeadline is today or earlier,
// the rule by which the follow-up screen marks a deadline red (features/kol isDue); overdue: before
// today. (The KOL file's responseDeadline is what each newest follow-up sets: its next contact is
// kept on the follow-up only.) Open stock counts: live counts still counting (countStatus 0), with
// the quantity counted in them so far (their stockTotal). Both read the list's declared indexes.
import { sql } from 'kysely'
import { COUNT_COUNTING } from '../../../src/domain/stock/stock-taking.ts'
import type { Row } from '../../crud/table.ts'
import type { AppContext } from '../../core/routes.ts'
import { bigOf, countOf, type DashboardDay } from './today.ts'

export async function kolDue(
  ctx: AppContext,
  tenantId: string,
  day: DashboardDay,
): Promise<Record<string, number>> {
  // Text bounds: a deadline stored as a bare day compares like one with a time.
  const r = (
    await sql<Row>`select count(*) as due, sum(case when response_deadline < ${day.date} then 1 else 0 end) as overdue from dmr_kol_file
      where tenant_id = ${tenantId} and is_deleted = 0 and response_deadline > '' and response_deadline <= ${day.today.to}`.execute(
      ctx.db,
    )
  ).rows[0]
  return { due: countOf(r?.due), overdue: countOf(r?.overdue) }
}

export async function openStockCounts(
  ctx: AppContext,
  tenantId: string,
): Promise<Record<string, number>> {
  const r = (
    await sql<Row>`select count(*) as open, sum(stock_total) as counted from dmr_stock_taking
      where tenant_id = ${tenantId} and is_deleted = 0 and count_status = ${COUNT_COUNTING}`.execute(
      ctx.db,
    )
  ).rows[0]
  return { open: countOf(r?.open), counted: Number(bigOf(r?.counted)) }
}
