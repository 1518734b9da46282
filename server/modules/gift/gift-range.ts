// What a gift totals call reads: the send-time range (both ends inclusive, at most a year and a
// day, this month when absent) and the tenant's coin value in đồng, as exact integer fractions so
// floored money never suffers from binary fractions.
import { badRequest } from '../../core/envelope.ts'
import { formatDateTime } from '../../core/dates.ts'
import type { AnyDb } from '../../crud/table.ts'
import { paramValue } from '../system/param.ts'

const COIN_VALUE_PARAM = 'gift.coinValueVnd'
/** The longest range one call may group (a leap year). */
const MAX_RANGE_DAYS = 366

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/

/** 'yyyy-MM-dd[ HH:mm:ss]' as a full datetime (a bare day starts or ends it), or null when it is no real moment. */
function moment(text: string, end: boolean): { text: string; time: number } | null {
  const m = DATE.exec(text.trim())
  if (!m) return null
  const [y, mo, d, h = end ? 23 : 0, mi = end ? 59 : 0, s = end ? 59 : 0] = m
    .slice(1)
    .map((v) => (v === undefined ? undefined : Number(v))) as number[]
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s))
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo! - 1 ||
    date.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null
  const pad = (n: number) => String(n).padStart(2, '0')
  return { text: `${m[1]}-${m[2]}-${m[3]} ${pad(h)}:${pad(mi)}:${pad(s)}`, time: date.getTime() }
}

export interface SendRange {
  from: string
  to: string
}

/** sendGiftTime_ge / sendGiftTime_le of the query, checked; this month when neither is given. */
export function sendRange(query: Record<string, string>, today = formatDateTime()): SendRange {
  const ge = query.sendGiftTime_ge?.trim() ?? ''
  const le = query.sendGiftTime_le?.trim() ?? ''
  const month = today.slice(0, 7)
  const lastDay = new Date(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
  ).getUTCDate()
  const from = moment(ge || `${month}-01`, false)
  const to = moment(le || `${month}-${String(lastDay).padStart(2, '0')}`, true)
  if (!from) throw badRequest(`送礼时间起点格式错误, 应为 yyyy-MM-dd HH:mm:ss: ${ge.slice(0, 40)}`)
  if (!to) throw badRequest(`送礼时间终点格式错误, 应为 yyyy-MM-dd HH:mm:ss: ${le.slice(0, 40)}`)
  if (from.time > to.time) throw badRequest('送礼时间起点不能晚于终点')
  if (to.time - from.time >= MAX_RANGE_DAYS * 86_400_000)
    throw badRequest(`送礼时间范围不能超过 ${MAX_RANGE_DAYS} 天`)
  return { from: from.text, to: to.text }
}

/** A non-negative decimal as numerator / 10^scale, e.g. '257.5' -> 2575n / 10n. */
export interface Ratio {
  num: bigint
  den: bigint
}

function parseRatio(text: string | null): Ratio | null {
  const m = /^\s*(\d{1,12})(?:\.(\d{1,6}))?\s*$/.exec(text ?? '')
  if (!m) return null
  const frac = m[2] ?? ''
  return { num: BigInt(`${m[1]}${frac}`), den: 10n ** BigInt(frac.length) }
}

/** The tenant's đồng per coin (its own parameter, else the platform's). */
export async function coinValue(db: AnyDb, tenantId: string): Promise<Ratio> {
  const raw = await paramValue(db, tenantId, COIN_VALUE_PARAM)
  const ratio = parseRatio(raw)
  if (!ratio)
    throw badRequest(
      `参数 ${COIN_VALUE_PARAM} (1 金币折合越南盾) 未设置或不是非负数: ${String(raw ?? '').slice(0, 40)}`,
    )
  return ratio
}

/** Whole coins of a sum in hundredths of a coin, floored. */
export const flooredCoins = (cents: bigint): number => Number(cents / 100n)

/** Whole đồng of a sum in hundredths of a coin at this coin value, floored. */
export const flooredValue = (cents: bigint, vnd: Ratio): number =>
  Number((cents * vnd.num) / (100n * vnd.den))
