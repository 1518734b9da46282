// The rules of detail writes a declaration cannot say: the statement is a live one of the detail's
// tenant (a move takes both statements' locks), the source a key of the tenant's business dictionary
// reconciliation_source, VND always at the rate 1 and another currency never without its own rate,
// amountVnd = ⌊amount × exchangeRate⌋ computed here (whatever the request says), recordDate today
// when none is given, and both statements' totals kept in the same transaction.
import { amountVndOf, VND } from '../../../src/domain/reconciliation/reconciliation-money.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import { writeSlot } from '../../crud/write-state.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { lockStatements, refreshTotals } from './statement-totals.ts'

export const MSG_STATEMENT_GONE = '对账单不存在或已删除'
const MSG_SOURCE_UNKNOWN = '来源不存在'
const MSG_RATE_MISSING = '请输入汇率'

/** The column's value after this write: the new one when the write sets it, else the stored one. */
export const after = (
  { values, existing }: Pick<WriteContext, 'values' | 'existing'>,
  column: string,
  field: string,
): unknown => (column in values ? values[column] : existing?.[field])

/** The detail's tenant: the stored row's, else the caller's (an administrator may name another). */
export const tenantOfWrite = ({
  user,
  existing,
  input,
}: Pick<WriteContext, 'user' | 'existing' | 'input'>): string =>
  existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })

/** Takes the statements' locks; the first must be a live statement of the tenant. */
export async function liveStatement(
  w: Pick<WriteContext, 'ctx' | 'trx'>,
  tenantId: string,
  statementId: string,
  also: (string | null)[] = [],
): Promise<void> {
  const locked = await lockStatements(w.trx, w.ctx.dialect, [statementId, ...also])
  const s = locked.get(statementId)
  if (!s || s.isDeleted !== 0 || s.tenantId !== tenantId) throw badRequest(MSG_STATEMENT_GONE)
}

/** A key of the tenant's reconciliation_source dictionary (its own entry, else the default tenant's). */
async function sourceMustExist(trx: AnyDb, tenantId: string, key: unknown): Promise<void> {
  const found = await trx
    .selectFrom('blade_dict_biz')
    .select('id')
    .where('code', '=', 'reconciliation_source')
    .where('parent_id', '<>', '0')
    .where('dict_key', '=', String(key ?? ''))
    .where('is_deleted', '=', 0)
    .where('tenant_id', 'in', [tenantId, '000000'])
    .executeTakeFirst()
  if (!found) throw badRequest(`${MSG_SOURCE_UNKNOWN}: ${String(key ?? '').slice(0, 32)}`)
}

/** exchange_rate (1 for VND) and amount_vnd of the detail as it will be; refuses a foreign currency without its rate. */
export function priceInVnd(w: Pick<WriteContext, 'values' | 'existing'>): void {
  const { values, existing } = w
  const currency = after(w, 'currency', 'currency')
  if (currency === VND) values.exchange_rate = 1
  else {
    // A detail moved from VND to another currency brings its own rate, not VND's 1.
    const switched = !!existing && 'currency' in values && values.currency !== existing.currency
    const rate = after(w, 'exchange_rate', 'exchangeRate')
    if (
      (switched && !('exchange_rate' in values)) ||
      rate === null ||
      rate === undefined ||
      Number(rate) <= 0
    )
      throw badRequest(MSG_RATE_MISSING)
  }
  const amountVnd = amountVndOf(
    after(w, 'amount', 'amount'),
    currency,
    after(w, 'exchange_rate', 'exchangeRate'),
  )
  if (amountVnd === null) throw badRequest('金额或汇率格式不正确')
  values.amount_vnd = amountVnd
}

/** created_at on insert, the update stamp on every write. */
export function stamp(values: Row, existing: Row | null, updateColumn: string): void {
  const t = now()
  if (!existing) values.created_at = t
  values[updateColumn] = t
}

async function beforeDetailWrite(w: WriteContext): Promise<void> {
  const { trx, values, existing } = w
  const tenantId = tenantOfWrite(w)
  const statementId = String(after(w, 'statement_id', 'statementId') ?? '')
  const previous =
    existing && String(existing.statementId) !== statementId ? String(existing.statementId) : null
  await liveStatement(w, tenantId, statementId, [previous])
  if ('source' in values) await sourceMustExist(trx, tenantId, values.source)
  priceInVnd(w)
  if (!existing && !values.record_date) values.record_date = now().slice(0, 10)
  stamp(values, existing, 'update_at')
}

/** The statements whose live details a remove is about to remove (read before, summed after). */
const REMOVING_FROM = writeSlot<string[]>('statements of removed details')

export const detailRules: CrudOptions = {
  beforeWrite: beforeDetailWrite,
  afterWrite: async ({ trx, existing, row }) =>
    refreshTotals(trx, [String(row.statementId), existing ? String(existing.statementId) : null]),
  beforeRemove: async ({ ctx, trx, user, ids, state }) => {
    const rows = (await trx
      .selectFrom('dmr_reconciliation_detail')
      .select('statement_id')
      .where('id', 'in', ids)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .execute()) as Row[]
    const statements = [...new Set(rows.map((r) => String(r.statementId)))]
    await lockStatements(trx, ctx.dialect, statements)
    state.set(REMOVING_FROM, statements)
  },
  afterRemove: async ({ trx, state }) => {
    await refreshTotals(trx, state.get(REMOVING_FROM) ?? [])
  },
  // A detail comes back only into its live statement, whose totals then follow.
  beforeRestore: async ({ ctx, trx, user, ids }) => {
    const rows = (await trx
      .selectFrom('dmr_reconciliation_detail')
      .select('statement_id')
      .where('id', 'in', ids)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 1)
      .execute()) as Row[]
    const statements = [...new Set(rows.map((r) => String(r.statementId)))]
    const locked = await lockStatements(trx, ctx.dialect, statements)
    if (statements.some((id) => locked.get(id)?.isDeleted !== 0))
      throw badRequest(MSG_STATEMENT_GONE)
  },
  afterRestore: async ({ trx, ids }) => {
    const rows = (await trx
      .selectFrom('dmr_reconciliation_detail')
      .select('statement_id')
      .where('id', 'in', ids)
      .execute()) as Row[]
    await refreshTotals(
      trx,
      rows.map((r) => String(r.statementId)),
    )
  },
}
