// The day a dashboard card is read for: the client's "today" (yyyy-MM-dd, its own calendar), so the
// server's time zone never decides what "today" or "this month" is. Ranges are text bounds of the
// stored 'yyyy-MM-dd HH:mm:ss' columns, both ends inclusive.
import { DASHBOARD_DAYS } from '../../../src/domain/desk/dashboard.ts'
import { badRequest } from '../../core/envelope.ts'

export interface TextRange {
  from: string
  to: string
}

export interface DashboardDay {
  /** yyyy-MM-dd */
  date: string
  /** yyyy-MM */
  month: string
  today: TextRange
  thisMonth: TextRange
  /** The charts' days, oldest first, today last. */
  days: string[]
  lastDays: TextRange
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

const iso = (time: number) => new Date(time).toISOString().slice(0, 10)
const wholeDays = (first: string, last: string): TextRange => ({
  from: `${first} 00:00:00`,
  to: `${last} 23:59:59`,
})

/** The query's `today`, checked (a real calendar day), with the ranges the cards read; else 400. */
export function dashboardDay(query: Record<string, string>): DashboardDay {
  const raw = query.today?.trim() ?? ''
  if (!raw) throw badRequest('缺少必要的请求参数: today (yyyy-MM-dd)')
  const m = DATE.exec(raw)
  const time = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN
  if (!m || Number.isNaN(time) || iso(time) !== raw || Number(m[1]) < 1900)
    throw badRequest(`today 参数格式错误, 应为 yyyy-MM-dd 的有效日期: ${raw.slice(0, 40)}`)
  const month = raw.slice(0, 7)
  const lastOfMonth = iso(Date.UTC(Number(m[1]), Number(m[2]), 0))
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    iso(time - (DASHBOARD_DAYS - 1 - i) * DAY_MS),
  )
  return {
    date: raw,
    month,
    today: wholeDays(raw, raw),
    thisMonth: wholeDays(`${month}-01`, lastOfMonth),
    days,
    lastDays: wholeDays(days[0]!, raw),
  }
}

/** A sum the database answered (bigint, numeric text or number) as a BigInt; empty as 0. */
export function bigOf(v: unknown): bigint {
  if (v === null || v === undefined || v === '') return 0n
  return BigInt(typeof v === 'number' ? Math.trunc(v) : String(v).split('.')[0]!)
}

/** Whole đồng of a sum in hundredths of a đồng, floored (docs/product.md §9), below zero too. */
export function flooredDong(cents: unknown): number {
  const c = bigOf(cents)
  const q = c / 100n
  return Number(c < 0n && q * 100n !== c ? q - 1n : q)
}

/** The database's count as a number. */
export const countOf = (v: unknown): number => Number(v ?? 0)

/** One entry per chart day, zero where the database had no row for it. */
export function perDay(
  days: string[],
  rows: { date: string; value: number }[],
  key: string,
): { days: Record<string, string | number>[] } {
  const byDate = new Map(rows.map((r) => [r.date, r.value]))
  return { days: days.map((date) => ({ date, [key]: byDate.get(date) ?? 0 })) }
}
