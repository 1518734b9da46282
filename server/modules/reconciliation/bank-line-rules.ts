// Bank statement lines imported into a statement (src/domain/reconciliation/bank-line.ts): the
// statement must be a live one of the caller's tenant (checked before the file is read, and again
// under its lock when written); each line is booked as income when its amount is positive and as
// expense when negative, at the amount's absolute value, under the source `bank`, with its rate
// (VND 1) and amountVnd computed like a submit's; the statement's totals follow each chunk.
import {
  CATEGORY_EXPENSE,
  CATEGORY_INCOME,
  SOURCE_BANK,
} from '../../../src/domain/reconciliation/reconciliation-money.ts'
import { reconciliationDetail } from '../../../src/domain/reconciliation/reconciliation-detail.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { writeSlot } from '../../crud/write-state.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { liveStatement, MSG_STATEMENT_GONE, priceInVnd, stamp } from './detail-rules.ts'
import { refreshTotals } from './statement-totals.ts'

const MSG_LINE_TAKEN = '该银行流水已导入到此对账单（另一次导入刚刚写入）'

/** The statement the import's transaction has locked and checked already. */
const CHECKED_STATEMENT = writeSlot<string>('checked statement')

async function beforeBankLineWrite(w: WriteContext): Promise<void> {
  const { trx, user, values, state } = w
  const statementId = String(values.statement_id)
  if (state.get(CHECKED_STATEMENT) !== statementId) {
    await liveStatement(w, user.tenantId, statementId)
    state.set(CHECKED_STATEMENT, statementId)
  }
  // The file's key was looked up before the lock: a concurrent import of the same file may have written it since.
  const taken = await trx
    .selectFrom(reconciliationDetail.table)
    .select('id')
    .where('tenant_id', '=', user.tenantId)
    .where('statement_id', '=', statementId)
    .where('import_ref', '=', String(values.import_ref))
    .where('is_deleted', '=', 0)
    .executeTakeFirst()
  if (taken) throw badRequest(MSG_LINE_TAKEN)
  const amount = Number(values.amount)
  values.category = amount < 0 ? CATEGORY_EXPENSE : CATEGORY_INCOME
  values.amount = Math.abs(amount)
  values.source = SOURCE_BANK
  priceInVnd(w)
  values.record_date = now().slice(0, 10)
  stamp(values, null, 'update_at')
}

export const bankLineRules: CrudOptions = {
  beforeImport: async ({ ctx, user, given }) => {
    const s = await ctx.db
      .selectFrom('dmrReconciliationStatement')
      .select('id')
      .where('id', '=', String(given.statementId))
      .where('tenantId', '=', user.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (!s) throw badRequest(MSG_STATEMENT_GONE)
  },
  beforeWrite: beforeBankLineWrite,
  afterImport: async ({ trx, rows }) =>
    refreshTotals(
      trx,
      rows.map((r) => String(r.statementId)),
    ),
}
