// Stock detail totals: the live lines of live stock counts, summed per SKU, paged like a Blade
// list (GET /api/stockDetail/total/list and /page; filters skuNo, dmrStockId as declared).
import type { FastifyReply } from 'fastify'
import { sql } from 'kysely'
import { fieldsOf } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { stockDetailTotal } from '../../../src/domain/stock/stock-detail-total.ts'
import type { AuthUser } from '../../auth/context.ts'
import { condition } from '../../crud/conditions.ts'
import { parseFilters, parsePage } from '../../crud/filters.ts'
import { tenantOf } from '../../crud/scope.ts'
import { dynamic, type Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { writeXlsx } from '../../core/xlsx.ts'
import type { AppContext } from '../../core/routes.ts'

interface SkuTotal {
  skuNo: string
  productQuantity: number
}

function order(query: Record<string, string>): {
  by: 'sku_no' | 'product_quantity'
  dir: 'asc' | 'desc'
} {
  for (const dir of ['ascs', 'descs'] as const) {
    const col = query[dir]?.split(',')[0]?.trim()
    if (!col) continue
    const by =
      col === 'skuNo' || col === 'sku_no'
        ? 'sku_no'
        : col === 'productQuantity' || col === 'product_quantity'
          ? 'product_quantity'
          : null
    if (!by) throw badRequest(`不支持的排序字段: ${col}`)
    return { by, dir: dir === 'ascs' ? 'asc' : 'desc' }
  }
  return { by: 'sku_no', dir: 'asc' }
}

export async function stockTotals(ctx: AppContext, user: AuthUser, query: Record<string, string>) {
  const filters = parseFilters(stockDetailTotal.fields, query)
  const { current, size } = parsePage(query)
  const sort = order(query)
  const base = dynamic(ctx.db)
    .selectFrom('dmr_stock_detail as d')
    .innerJoin('dmr_stock_taking as t', 't.id', 'd.dmr_stock_id')
    .where('d.tenant_id', '=', tenantOf(user, { tenantId: query.tenantId }))
    .where('d.is_deleted', '=', 0)
    .where('t.is_deleted', '=', 0)
    .where((eb) => eb.and(filters.map((f) => condition(eb, f, 'd'))))
  const countRow = (await base
    .select(sql<number>`count(distinct d.sku_no)`.as('total'))
    .executeTakeFirst()) as Row | undefined
  const total = Number(countRow?.total ?? 0)
  const quantity = sql<number>`sum(d.product_quantity)`
  const rows = (await base
    .select(['d.sku_no', quantity.as('product_quantity')])
    .groupBy('d.sku_no')
    .orderBy(sort.by === 'sku_no' ? sql.ref('d.sku_no') : quantity, sort.dir)
    .orderBy(sql.ref('d.sku_no'), 'asc')
    .limit(size)
    .offset((current - 1) * size)
    .execute()) as Row[]
  const records: SkuTotal[] = rows.map((r) => ({
    skuNo: String(r.skuNo),
    productQuantity: Number(r.productQuantity ?? 0),
  }))
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
  }
}

/** The current filter's totals as xlsx (SKU, quantity), at most 10000 SKUs. */
export async function exportStockTotals(
  ctx: AppContext,
  user: AuthUser,
  query: Record<string, string>,
  reply: FastifyReply,
) {
  const rows: (string | number)[][] = []
  for (let current = 1; rows.length < 10000; current++) {
    const page = await stockTotals(ctx, user, { ...query, current: String(current), size: '500' })
    for (const r of page.records) rows.push([r.skuNo, r.productQuantity])
    if (current >= page.pages) break
  }
  const fields = fieldsOf(stockDetailTotal, 'list')
  const bytes = writeXlsx(
    sourceText(stockDetailTotal.title),
    fields.map((f) => sourceText(f.label)),
    rows,
  )
  const name = `${sourceText(stockDetailTotal.title)}-${formatDateTime().replace(/[-: ]/g, '')}.xlsx`
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Content-Length', String(bytes.length))
    .send(Buffer.from(bytes))
}
