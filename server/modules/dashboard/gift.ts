// The gift cards: this month's and today's gift value and this month's sends, and the value per
// day of the last 30 days, by the gift totals' formula (server/modules/gift): Σ giftPrice ×
// giftQuantity summed exactly in hundredths of a coin, × gift.coinValueVnd, floored once. Each is
// one pass over the send-time range of the totals' covering index (migration 017), without the
// totals screen's grouping and paging.
import { sql } from 'kysely'
import type { Row } from '../../crud/table.ts'
import type { AppContext } from '../../core/routes.ts'
import { coinValue, flooredValue } from '../gift/gift-range.ts'
import { bigOf, countOf, perDay, type DashboardDay, type TextRange } from './today.ts'

const CENTS = sql`cast(round(gift_price * 100) as bigint) * gift_quantity`
const live = (tenantId: string, range: TextRange) =>
  sql`tenant_id = ${tenantId} and is_deleted = 0 and send_gift_time >= ${range.from} and send_gift_time <= ${range.to}`

export async function giftFigures(
  ctx: AppContext,
  tenantId: string,
  day: DashboardDay,
): Promise<Record<string, number>> {
  const db = ctx.db
  const vnd = await coinValue(db, tenantId)
  const isToday = sql`send_gift_time >= ${day.today.from} and send_gift_time <= ${day.today.to}`
  const r = (
    await sql<Row>`select count(*) as sends, sum(${CENTS}) as cents, sum(case when ${isToday} then ${CENTS} else 0 end) as today_cents
      from dmr_gift_detail where ${live(tenantId, day.thisMonth)}`.execute(db)
  ).rows[0]
  return {
    monthValue: flooredValue(bigOf(r?.cents), vnd),
    todayValue: flooredValue(bigOf(r?.todayCents), vnd),
    monthCount: countOf(r?.sends),
  }
}

export async function giftDays(ctx: AppContext, tenantId: string, day: DashboardDay) {
  const db = ctx.db
  const vnd = await coinValue(db, tenantId)
  const rows = (
    await sql<Row>`select substr(send_gift_time, 1, 10) as day, sum(${CENTS}) as cents from dmr_gift_detail
      where ${live(tenantId, day.lastDays)} group by substr(send_gift_time, 1, 10)`.execute(db)
  ).rows
  return perDay(
    day.days,
    rows.map((r) => ({ date: String(r.day), value: flooredValue(bigOf(r.cents), vnd) })),
    'value',
  )
}
