// What an anchor account's live gifts of a month are worth, for the MCN salary: the gift details of
// the month (send time from the 1st 00:00:00 to the last day 23:59:59, on the gift totals' covering
// index) summed exactly in hundredths of a coin and turned into đồng at the tenant's coin value,
// floored once, as the gift totals screens do (server/modules/gift/gift-range.ts).
import { sql } from 'kysely'
import type { AnyDb, Row } from '../../crud/table.ts'
import { coinValue, flooredValue } from '../gift/gift-range.ts'

export interface AnchorMonthGifts {
  giftValue: number
  /** The anchor's name as the month's gift details give it ('' without gifts). */
  anchorName: string
}

/** The first and last moment of a month 'yyyy-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${month}-01 00:00:00`, to: `${month}-${String(last).padStart(2, '0')} 23:59:59` }
}

export async function anchorMonthGifts(
  db: AnyDb,
  tenantId: string,
  anchorId: string,
  month: string,
): Promise<AnchorMonthGifts> {
  const { from, to } = monthRange(month)
  const row = (
    await sql<Row>`select sum(cast(round(gift_price * 100) as bigint) * gift_quantity) as cents, max(anchor_name) as anchor_name
      from dmr_gift_detail
      where tenant_id = ${tenantId} and is_deleted = 0 and send_gift_time >= ${from} and send_gift_time <= ${to} and anchor_id = ${anchorId}`.execute(
      db,
    )
  ).rows[0]
  const raw = row?.cents
  if (raw === null || raw === undefined || raw === '') return { giftValue: 0, anchorName: '' }
  const cents = BigInt(typeof raw === 'number' ? Math.trunc(raw) : String(raw).split('.')[0]!)
  return {
    giftValue: flooredValue(cents, await coinValue(db, tenantId)),
    anchorName: String(row?.anchorName ?? ''),
  }
}
