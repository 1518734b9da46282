// The rules of statement writes: one live statement per date in a tenant (a lock on the date, held to
// the end of the transaction, makes a concurrent create of the same date wait and then see it), the
// timestamps, and a removed statement's details removed with it in the same transaction (and back
// with it when the remove is undone: only those it took along).
import { reconciliationDetail } from '../../../src/domain/reconciliation/reconciliation-detail.ts'
import { reconciliationStatement } from '../../../src/domain/reconciliation/reconciliation-statement.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { removeAlong, restoreAlong } from '../../crud/parked-lines.ts'
import type { Row } from '../../crud/table.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { after, stamp, tenantOfWrite } from './detail-rules.ts'
import { refreshTotals } from './statement-totals.ts'
import { lockNames } from '../../db/advisory-locks.ts'

const MSG_DATE_TAKEN = (date: string) => `${date} 的对账单已存在`

async function beforeStatementWrite(w: WriteContext): Promise<void> {
  const { ctx, trx, values, existing } = w
  const tenantId = tenantOfWrite(w)
  const date = String(after(w, 'statement_date', 'statementDate') ?? '')
  await lockNames(trx, ctx.dialect, [
    [reconciliationStatement.table, tenantId, date].join('\u0001'),
  ])
  let clash = trx
    .selectFrom(reconciliationStatement.table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('statement_date', '=', date)
    .where('is_deleted', '=', 0)
  if (existing) clash = clash.where('id', '<>', String(existing.id))
  if (await clash.executeTakeFirst()) throw badRequest(MSG_DATE_TAKEN(date))
  stamp(values, existing, 'updated_at')
}

export const statementRules: CrudOptions = {
  beforeWrite: beforeStatementWrite,
  // Only the statements the remove did remove (another tenant's ids stay, and so do their details).
  afterRemove: async ({ trx, ids }) => {
    const removed = (await trx
      .selectFrom(reconciliationStatement.table)
      .select('id')
      .where('id', 'in', ids)
      .where('is_deleted', '=', 1)
      .execute()) as Row[]
    const owner = {
      table: reconciliationStatement.table,
      column: 'statement_id',
      ids: removed.map((r) => String(r.id)),
    }
    await removeAlong(trx, owner, reconciliationDetail.table, { update_at: now() })
  },
  afterRestore: async ({ trx, ids }) => {
    await restoreAlong(
      trx,
      { table: reconciliationStatement.table, ids },
      reconciliationDetail.table,
      { update_at: now() },
    )
    await refreshTotals(trx, ids)
  },
}
