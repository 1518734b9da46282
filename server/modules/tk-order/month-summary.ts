// GET /api/tkOrder/tkOrder/month-summary/list|page|export: the kept monthly summary of the caller's
// tenant (an administrator may name another with tenantId), newest month first, with the three
// rates of docs/product.md §9 as percents with two decimals (null where the divisor is zero).
import type { FastifyReply } from 'fastify'
import { fieldsOf } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { tkOrderMonth } from '../../../src/domain/order/tk-order-month.ts'
import type { AuthUser } from '../../auth/context.ts'
import { parsePage } from '../../crud/filters.ts'
import { tenantOf } from '../../crud/scope.ts'
import type { Row } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import { type Cell } from '../../core/xlsx.ts'
import { MONTH_COUNTERS } from './month-sql.ts'
import { sendXlsx } from '../../core/send-xlsx.ts'

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])(-\d{2}( \d{2}:\d{2}:\d{2})?)?$/

/** A month bound: yyyy-MM, or a day (the search panel's date range) whose month it is. */
function monthOf(name: string, value: string): string {
  if (!MONTH.test(value)) throw badRequest(`查询条件 ${name.slice(0, 64)}: 月份格式应为 yyyy-MM`)
  return value.slice(0, 7)
}

/** The month range of the query: orderYearMonth (one month), _ge/_le, _between or a daterange "from,to". */
function monthRange(query: Record<string, string>): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {}
  const get = (k: string) =>
    query[k] === undefined || query[k] === '' ? undefined : String(query[k])
  const exact = get('orderYearMonth') ?? get('orderYearMonth_equal')
  if (exact) out.from = out.to = monthOf('orderYearMonth', exact)
  const range = get('orderYearMonth_between') ?? get('daterange')
  if (range) {
    const [a, b] = range.split(',')
    if (!a || !b) throw badRequest('查询条件 orderYearMonth_between 需要两个以逗号分隔的值')
    out.from = monthOf('orderYearMonth_between', a.trim())
    out.to = monthOf('orderYearMonth_between', b.trim())
  }
  const ge = get('orderYearMonth_ge')
  const le = get('orderYearMonth_le')
  if (ge) out.from = monthOf('orderYearMonth_ge', ge)
  if (le) out.to = monthOf('orderYearMonth_le', le)
  return out
}

/** part / whole as a percent with two decimals; null when the divisor is not positive. */
function percent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null
  return Math.round((part / whole) * 10000 + Number.EPSILON * 100) / 100
}

const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100

/** A kept row as the wire has it: counters as numbers, and the rates. */
function summaryRecord(r: Row): Row {
  const out: Row = { orderYearMonth: String(r.orderYearMonth) }
  for (const c of MONTH_COUNTERS) {
    const name = c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase())
    out[name] = c.endsWith('_total') ? Number(r[name] ?? 0) : money(r[name])
  }
  const n = (k: string) => Number(out[k])
  const cancelled = n('cancelByUserTotal') + n('cancelBySellerTotal') + n('cancelBySystemTotal')
  const cancelledAmount =
    n('cancelByUserAmount') + n('cancelBySellerAmount') + n('cancelBySystemAmount')
  out.returnRate = percent(n('refundTotal') + n('deliveryFailedTotal'), n('orderTotal') - cancelled)
  out.preSaleRefundRate = percent(cancelledAmount, n('orderAmount'))
  out.afterSaleRefundRate = percent(n('refundAmount') + n('deliveryFailedAmount'), n('orderAmount'))
  return out
}

function direction(query: Record<string, string>): 'asc' | 'desc' {
  for (const [param, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const col = query[param]?.split(',')[0]?.trim()
    if (!col) continue
    if (col !== 'orderYearMonth' && col !== 'order_year_month')
      throw badRequest(`不支持的排序字段: ${col}`)
    return dir
  }
  return 'desc'
}

export async function monthSummary(ctx: AppContext, user: AuthUser, query: Record<string, string>) {
  const { from, to } = monthRange(query)
  const { current, size } = parsePage(query)
  let base = ctx.db
    .selectFrom('dmrTkOrderMonth')
    .where('tenantId', '=', tenantOf(user, { tenantId: query.tenantId }))
    .where('orderTotal', '>', 0)
  if (from) base = base.where('orderYearMonth', '>=', from)
  if (to) base = base.where('orderYearMonth', '<=', to)
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const total = Number(counted?.total ?? 0)
  const rows = await base
    .selectAll()
    .orderBy('orderYearMonth', direction(query))
    .limit(size)
    .offset((current - 1) * size)
    .execute()
  return {
    records: rows.map(summaryRecord),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
  }
}

/** The summary of the filter as xlsx: the list's columns, counts and amounts as numbers, rates as percents (blank when null). */
export async function exportMonthSummary(
  ctx: AppContext,
  user: AuthUser,
  query: Record<string, string>,
  reply: FastifyReply,
) {
  const fields = fieldsOf(tkOrderMonth, 'list')
  const rows: Cell[][] = []
  for (let current = 1; ; current++) {
    const page = await monthSummary(ctx, user, { ...query, current: String(current), size: '500' })
    for (const r of page.records)
      rows.push(
        fields.map((f) =>
          r[f.name] === null || r[f.name] === undefined ? '' : (r[f.name] as Cell),
        ),
      )
    if (current >= page.pages) break
  }
  const title = sourceText(tkOrderMonth.title)
  return sendXlsx(
    reply,
    title,
    fields.map((f) => sourceText(f.label)),
    rows,
  )
}
