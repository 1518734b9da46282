// Gift totals: the live details of a send-time range grouped by day, anchor, user or gift, paged and
// sorted, with the totals row of the whole range (data.summary beside records/total). One statement
// groups, counts the groups and sums the range (window functions over the groups) on the covering
// index of migration 017. Money is summed exactly in hundredths of a coin and floored once at the end.
import { sql, type RawBuilder } from 'kysely'
import type { GiftGrouping } from '../../../src/domain/gift/gift-totals.ts'
import type { AuthUser } from '../../auth/context.ts'
import { parsePage } from '../../crud/filters.ts'
import { dataScopeCondition, tenantOf } from '../../crud/scope.ts'
import { dataScopeFor } from '../../auth/scopes.ts'
import { giftDetail } from '../../../src/domain/gift/gift-detail.ts'
import type { Row } from '../../crud/table.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import { coinValue, flooredCoins, flooredValue, sendRange, type Ratio } from './gift-range.ts'

interface GroupColumn {
  name: string
  alias: string
  expr: RawBuilder<unknown>
  kind: 'text' | 'number'
}

// coalesce also keeps SQLite from grouping along a declared filter's index (user_id, ...): that
// reads every row of the tenant in the index's order instead of the month from the covering index.
const text = (name: string, alias: string, column: string): GroupColumn => ({
  name,
  alias,
  expr: sql`coalesce(${sql.ref(column)}, '')`,
  kind: 'text',
})

const GROUPS: Record<GiftGrouping, GroupColumn[]> = {
  total: [
    {
      name: 'giftDate',
      alias: 'gift_date',
      expr: sql`substr(send_gift_time, 1, 10)`,
      kind: 'text',
    },
  ],
  'anchor-total': [
    text('anchorId', 'anchor_id', 'anchor_id'),
    text('anchorName', 'anchor_name', 'anchor_name'),
  ],
  'user-total': [
    text('userId', 'user_id', 'user_id'),
    text('userNickName', 'user_nick_name', 'user_nick_name'),
    text('plartformAccount', 'plartform_account', 'plartform_account'),
  ],
  'gift-total': [
    text('giftName', 'gift_name', 'gift_name'),
    { name: 'giftPrice', alias: 'gift_price', expr: sql.ref('gift_price'), kind: 'number' },
  ],
}

/** The sortable figures and the column each sorts by (the value follows the coins). */
const FIGURES: Record<string, string> = {
  totalCount: 'total_count',
  totalQuantity: 'total_quantity',
  giftPriceTotal: 'cents',
  totalValue: 'cents',
}

interface GiftTotalsFigures {
  totalCount: number
  totalQuantity: number
  giftPriceTotal: number
  totalValue: number
}

export interface GiftTotalsPage {
  records: Row[]
  total: number
  size: number
  current: number
  pages: number
  orders: never[]
  searchCount: true
  /** The whole range's totals (this server's extension of the page). */
  summary: GiftTotalsFigures
  /** The range read, as the server understood it. */
  range: { sendGiftTime_ge: string; sendGiftTime_le: string }
}

const DEFAULT_SORT: Record<GiftGrouping, string> = {
  total: 'ascs=giftDate',
  'anchor-total': 'descs=totalValue',
  'user-total': 'descs=totalValue',
  'gift-total': 'descs=totalValue',
}

/** ascs/descs over the group's fields and the figures (camelCase or snake_case); anything else is a 400. */
function orderOf(grouping: GiftGrouping, query: Record<string, string>): RawBuilder<unknown> {
  const groups = GROUPS[grouping]
  const columns = new Map<string, string>()
  for (const g of groups) columns.set(g.name, g.alias).set(g.alias, g.alias)
  for (const [name, column] of Object.entries(FIGURES))
    columns.set(name, column).set(
      name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      column,
    )
  const terms: RawBuilder<unknown>[] = []
  const given =
    query.ascs || query.descs
      ? query
      : Object.fromEntries([DEFAULT_SORT[grouping].split('=') as [string, string]])
  for (const dir of ['ascs', 'descs'] as const) {
    for (const name of (given[dir] ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)) {
      const column = columns.get(name)
      if (!column) throw badRequest(`不支持的排序字段: ${name.slice(0, 64)}`)
      terms.push(sql`${sql.ref(column)} ${sql.raw(dir === 'ascs' ? 'asc' : 'desc')}`)
    }
  }
  // Ties (and the pages through them) in the group's own order.
  for (const g of groups) terms.push(sql`${sql.ref(g.alias)} asc`)
  return sql.join(terms)
}

const big = (v: unknown): bigint =>
  v === null || v === undefined || v === ''
    ? 0n
    : BigInt(typeof v === 'number' ? Math.trunc(v) : String(v).split('.')[0]!)

function figures(count: unknown, quantity: unknown, cents: unknown, vnd: Ratio): GiftTotalsFigures {
  const c = big(cents)
  return {
    totalCount: Number(count ?? 0),
    totalQuantity: Number(quantity ?? 0),
    giftPriceTotal: flooredCoins(c),
    totalValue: flooredValue(c, vnd),
  }
}

export async function giftTotals(
  ctx: AppContext,
  grouping: GiftGrouping,
  user: AuthUser,
  query: Record<string, string>,
): Promise<GiftTotalsPage> {
  const range = sendRange(query)
  const { current, size } = parsePage(query)
  const order = orderOf(grouping, query)
  const tenantId = tenantOf(user, { tenantId: query.tenantId })
  const vnd = await coinValue(ctx.db, tenantId)
  const groups = GROUPS[grouping]
  // The caller's data scope on the details (gift_detail's menu code) narrows the totals too.
  const scope = dataScopeCondition(await dataScopeFor(ctx, user, giftDetail.permission))
  const where = sql`tenant_id = ${tenantId} and is_deleted = 0 and send_gift_time >= ${range.from} and send_gift_time <= ${range.to} and ${scope}`
  const cents = sql`sum(cast(round(gift_price * 100) as bigint) * gift_quantity)`
  const keys = sql.join(groups.map((g) => sql`${g.expr} as ${sql.ref(g.alias)}`))
  const statement = sql<Row>`with g as (
        select ${keys}, count(*) as total_count, sum(gift_quantity) as total_quantity, ${cents} as cents
        from dmr_gift_detail where ${where} group by ${sql.join(groups.map((g) => g.expr))})
      select g.*, count(*) over () as group_count, sum(total_count) over () as all_count, sum(total_quantity) over () as all_quantity, sum(cents) over () as all_cents
      from g order by ${order} limit ${size} offset ${(current - 1) * size}`
  const rows = await readGroups(ctx, statement)
  let total: number
  let summary: GiftTotalsFigures
  const first = rows[0]
  if (first) {
    total = Number(first.groupCount)
    summary = figures(first.allCount, first.allQuantity, first.allCents, vnd)
  } else {
    // A page past the last group (or an empty range): the totals row on its own.
    const sums = (
      await sql<Row>`select count(*) as all_count, sum(gift_quantity) as all_quantity, ${cents} as all_cents, (select count(*) from (select 1 as one from dmr_gift_detail where ${where} group by ${sql.join(groups.map((g) => g.expr))}) x) as group_count from dmr_gift_detail where ${where}`.execute(
        ctx.db,
      )
    ).rows[0]
    total = Number(sums?.groupCount ?? 0)
    summary = figures(sums?.allCount, sums?.allQuantity, sums?.allCents, vnd)
  }
  const records = rows.map((r) => {
    const out: Row = {}
    for (const g of groups)
      out[g.name] =
        g.kind === 'number' ? Number(r[camel(g.alias)] ?? 0) : String(r[camel(g.alias)] ?? '')
    return { ...out, ...figures(r.totalCount, r.totalQuantity, r.cents, vnd) }
  })
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
    summary,
    range: { sendGiftTime_ge: range.from, sendGiftTime_le: range.to },
  }
}

/**
 * Runs the grouping. On PostgreSQL a month of many small groups (50,000 viewers) outgrows the
 * default work_mem and sorts on disk; a transaction lets it have more for this statement only.
 */
async function readGroups(ctx: AppContext, statement: RawBuilder<Row>): Promise<Row[]> {
  if (ctx.dialect !== 'postgres') return (await statement.execute(ctx.db)).rows
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '32MB'`.execute(trx)
    return (await statement.execute(trx)).rows
  })
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
