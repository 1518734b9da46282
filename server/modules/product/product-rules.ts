// The rules of product writes a declaration cannot say: skuNo unique per tenant among live rows,
// a combo's parts are 1 to 3 distinct live single products of its tenant, a single product that a
// live combo uses keeps its SKU, stays single and is not removed, and productBrandValue is the
// brand's label. Every product write of a tenant takes that tenant's product lock first, so two
// concurrent writes cannot both pass these checks (PostgreSQL, read committed; SQLite has a single
// writer already).
import { PRODUCT_COMBO, product } from '../../../src/domain/product/product.ts'
import { rowsOf } from '../../../src/domain/validate.ts'
import type { CrudOptions, WriteContext } from '../../crud/options.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { AnyDb, Row } from '../../crud/table.ts'
import type { Dialect } from '../../db/database.ts'
import { badRequest } from '../../core/envelope.ts'
import { lockNames } from '../../db/advisory-locks.ts'

export const MSG_SKU_TAKEN = 'SKU编号已存在'
const MSG_SKU_EMPTY = 'SKU编号不能为空'
export const MSG_COMBO_EMPTY = '组合SKU不能为空'
export const MSG_COMBO_DUPLICATE = '组合SKU不能重复'
export const MSG_COMBO_UNKNOWN = '组合SKU必须是已有的单品'
export const MSG_USED_BY_COMBO = '该单品已被组合商品使用'
const MSG_BRAND_UNKNOWN = '品牌不存在'

const TABLE = product.table

interface ComboPart {
  skuNo: string
  productQuantity: number
}

/** Serialises the product writes of one tenant until the transaction ends (PostgreSQL). */
async function lockProducts(trx: AnyDb, dialect: Dialect, tenantId: string): Promise<void> {
  await lockNames(trx, dialect, [`${TABLE}:${tenantId}`])
}

/** The live combos of a tenant that use any of these SKUs, except the given product ids. */
async function combosUsing(
  trx: AnyDb,
  tenantId: string,
  skuNos: string[],
  exceptIds: string[] = [],
): Promise<string[]> {
  if (skuNos.length === 0) return []
  const wanted = new Set(skuNos)
  let q = trx
    .selectFrom(TABLE)
    .select(['id', 'sku_no', 'product_combo_sku'])
    .where('tenant_id', '=', tenantId)
    .where('product_is_mix', '=', PRODUCT_COMBO)
    .where('is_deleted', '=', 0)
  if (exceptIds.length) q = q.where('id', 'not in', exceptIds)
  const combos = (await q.orderBy('sku_no').execute()) as Row[]
  return combos
    .filter((c) =>
      (rowsOf(c.productComboSku) ?? []).some((p) => wanted.has(String(p.skuNo ?? '').trim())),
    )
    .map((c) => String(c.skuNo))
}

/** The brand's label in the tenant's business dictionary `brand` (its own entry before the default tenant's). */
async function brandLabel(trx: AnyDb, tenantId: string, key: unknown): Promise<string | null> {
  const k = key === null || key === undefined ? '' : String(key)
  if (!k) return null
  const rows = (await trx
    .selectFrom('blade_dict_biz')
    .select(['tenant_id', 'dict_value'])
    .where('code', '=', 'brand')
    .where('parent_id', '<>', '0')
    .where('dict_key', '=', k)
    .where('is_deleted', '=', 0)
    .where('tenant_id', 'in', [tenantId, '000000'])
    .execute()) as Row[]
  const own = rows.find((r) => r.tenantId === tenantId) ?? rows[0]
  if (!own) throw badRequest(`${MSG_BRAND_UNKNOWN}: ${k}`)
  return String(own.dictValue)
}

/** A combo's parts, checked: 1..3 distinct live single products of the tenant, never the combo itself. */
async function comboParts(
  trx: AnyDb,
  tenantId: string,
  raw: unknown,
  own: { id?: string; skuNo: string },
): Promise<ComboPart[]> {
  const parts = (rowsOf(raw) ?? []).map((p) => ({
    skuNo: String(p.skuNo ?? '').trim(),
    productQuantity: Number(p.productQuantity),
  }))
  if (parts.length === 0) throw badRequest(MSG_COMBO_EMPTY)
  // More than MAX_COMBO_SKUS rows never gets here: the declaration's rows max is checked first.
  const skus = parts.map((p) => p.skuNo)
  if (new Set(skus).size !== skus.length) throw badRequest(MSG_COMBO_DUPLICATE)
  let q = trx
    .selectFrom(TABLE)
    .select('sku_no')
    .where('tenant_id', '=', tenantId)
    .where('sku_no', 'in', skus)
    .where('product_is_mix', '<>', PRODUCT_COMBO)
    .where('is_deleted', '=', 0)
  // The product being saved is becoming a combo: as it is stored (single) it is no part of itself.
  if (own.id) q = q.where('id', '<>', own.id)
  const found = new Set(((await q.execute()) as Row[]).map((r) => String(r.skuNo)))
  const missing = skus.filter((s) => !found.has(s) || s === own.skuNo)
  if (missing.length) throw badRequest(`${MSG_COMBO_UNKNOWN}: ${missing.join(', ')}`)
  return parts
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export async function beforeProductWrite({
  ctx,
  trx,
  user,
  values,
  existing,
  input,
}: WriteContext): Promise<void> {
  const tenantId = existing
    ? String(existing.tenantId)
    : tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
  await lockProducts(trx, ctx.dialect, tenantId)
  // Scanners and pasted text bring spaces around codes; a SKU is stored as it is scanned back.
  const skuNo = 'sku_no' in values ? text(values.sku_no).trim() : text(existing?.skuNo)
  if ('sku_no' in values) values.sku_no = skuNo
  if (!skuNo) throw badRequest(MSG_SKU_EMPTY)
  let clash = trx
    .selectFrom(TABLE)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('sku_no', '=', skuNo)
    .where('is_deleted', '=', 0)
  if (existing) clash = clash.where('id', '<>', String(existing.id))
  if (await clash.executeTakeFirst()) throw badRequest(`${MSG_SKU_TAKEN}: ${skuNo}`)

  const isCombo =
    Number('product_is_mix' in values ? values.product_is_mix : (existing?.productIsMix ?? 0)) ===
    PRODUCT_COMBO
  if (
    existing &&
    Number(existing.productIsMix) !== PRODUCT_COMBO &&
    (isCombo || skuNo !== text(existing.skuNo))
  ) {
    // Combos name their parts by SKU: a part that changed its SKU or became a combo would break them.
    const users = await combosUsing(trx, tenantId, [text(existing.skuNo)], [String(existing.id)])
    if (users.length) throw badRequest(`${MSG_USED_BY_COMBO}: ${users.join(', ')}`)
  }
  if (isCombo) {
    const raw = 'product_combo_sku' in values ? values.product_combo_sku : existing?.productComboSku
    values.product_combo_sku = JSON.stringify(
      await comboParts(trx, tenantId, raw, {
        id: existing ? String(existing.id) : undefined,
        skuNo,
      }),
    )
  } else {
    // A single product has no parts, whatever the body carried for the hidden field.
    values.product_combo_sku = null
  }
  if ('product_brand_key' in values)
    values.product_brand_value = await brandLabel(trx, tenantId, values.product_brand_key)
}

/** Products come back as one product write would store them: a combo only while its parts are live singles. */
export const productRestore: Pick<CrudOptions, 'beforeRestore' | 'afterRestore'> = {
  beforeRestore: ({ ctx, trx, user }) => lockProducts(trx, ctx.dialect, user.tenantId),
  afterRestore: async ({ trx, ids }) => {
    const combos = (await trx
      .selectFrom(TABLE)
      .select(['id', 'tenant_id', 'sku_no', 'product_combo_sku'])
      .where('id', 'in', ids)
      .where('product_is_mix', '=', PRODUCT_COMBO)
      .execute()) as Row[]
    for (const c of combos)
      await comboParts(trx, String(c.tenantId), c.productComboSku, {
        id: String(c.id),
        skuNo: String(c.skuNo),
      })
  },
}

export const beforeProductRemove: CrudOptions['beforeRemove'] = async ({ ctx, trx, user, ids }) => {
  await lockProducts(trx, ctx.dialect, user.tenantId)
  const removed = (await trx
    .selectFrom(TABLE)
    .select(['id', 'sku_no', 'product_is_mix'])
    .where('id', 'in', ids)
    .where('tenant_id', '=', user.tenantId)
    .where('is_deleted', '=', 0)
    .execute()) as Row[]
  const singles = removed
    .filter((r) => Number(r.productIsMix) !== PRODUCT_COMBO)
    .map((r) => String(r.skuNo))
  // Combos removed in the same call no longer need their parts.
  const users = await combosUsing(
    trx,
    user.tenantId,
    singles,
    removed.map((r) => String(r.id)),
  )
  if (users.length) throw badRequest(`${MSG_USED_BY_COMBO}: ${users.join(', ')}`)
}
