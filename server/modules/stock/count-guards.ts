// What keeps counting honest on the shelf: one open (counting) count per tenant, brand and date, so
// two tablets do not split one brand's shelf between two counts (a second start is refused naming
// the open one; the app offers to continue it); and a line's SKU that is no product of the tenant
// is marked sku_unknown on the stored line, whatever device or replay wrote it.
import { COUNT_COUNTING } from '../../../src/domain/stock/stock-taking.ts'
import type { WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { Row } from '../../crud/table.ts'
import { lockNames } from '../../db/advisory-locks.ts'
import { badRequest } from '../../core/envelope.ts'

export const MSG_COUNT_OPEN = (brandId: string, date: string, id: string) =>
  `品牌 ${brandId} 在 ${date} 已有未完成的盘点（编号 ${id}），请继续该盘点`

const after = ({ values, existing }: WriteContext, column: string, field: string): unknown =>
  column in values ? values[column] : existing?.[field]

/** 400 when this write leaves a count counting beside another open count of its brand and date. */
export async function refuseSecondOpenCount(w: WriteContext): Promise<void> {
  const { trx, ctx, user, existing, input } = w
  if (Number(after(w, 'count_status', 'countStatus') ?? COUNT_COUNTING) !== COUNT_COUNTING) return
  const brandId = String(after(w, 'brand_id', 'brandId') ?? '')
  const date = String(after(w, 'check_date', 'checkDate') ?? '').slice(0, 10)
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  // A count that stays open as it was (a replay, a plain edit) is already checked.
  if (
    existing &&
    Number(existing.countStatus) === COUNT_COUNTING &&
    String(existing.brandId) === brandId &&
    String(existing.checkDate).slice(0, 10) === date
  )
    return
  await lockNames(trx, ctx.dialect, [['dmr_stock_taking', tenantId, brandId, date].join('\u0001')])
  const selfId = existing
    ? String(existing.id)
    : input.id === undefined || input.id === null || input.id === ''
      ? null
      : String(input.id)
  let q = trx
    .selectFrom('dmr_stock_taking')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('brand_id', '=', brandId)
    .where('check_date', '=', date)
    .where('count_status', '=', COUNT_COUNTING)
    .where('is_deleted', '=', 0)
  if (selfId) q = q.where('id', '<>', selfId)
  const open = (await q.orderBy('id').executeTakeFirst()) as Row | undefined
  if (open) throw badRequest(MSG_COUNT_OPEN(brandId, date, String(open.id)))
}

/** Marks the line whose SKU (as it will be stored) is no live product of the tenant. */
export async function markUnknownSku(w: WriteContext, tenantId: string): Promise<void> {
  const sku = String(after(w, 'sku_no', 'skuNo') ?? '').trim()
  const known = sku
    ? await w.trx
        .selectFrom('dmr_product')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('sku_no', '=', sku)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined
  w.values.sku_unknown = known ? 0 : 1
}
