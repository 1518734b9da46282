// The demo's calendar: the days of the three months up to "today" (the first start), and times of
// day spread as shop traffic is (quiet at night, busy in the evening), never after the start.
import { formatDateTime } from '../../core/dates.ts'
import type { Draws } from './random.ts'

/** Three months of days, today included. */
const DEMO_DAYS = 90

export interface DemoDay {
  /** Local midnight of the day. */
  start: Date
  daysAgo: number
  /** 'yyyy-MM-dd'. */
  date: string
  /** 'yyyy-MM'. */
  month: string
  /** Seconds of the day that had passed at the start (the whole day for past days). */
  seconds: number
  /** 0 Sunday … 6 Saturday. */
  weekday: number
}

/** The demo's days, oldest first, ending with today. */
export function demoDays(today: Date): DemoDay[] {
  const out: DemoDay[] = []
  for (let ago = DEMO_DAYS - 1; ago >= 0; ago--) {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ago)
    const text = formatDateTime(start)
    const seconds =
      ago === 0 ? Math.max(1, Math.floor((today.getTime() - start.getTime()) / 1000)) : 86400
    out.push({
      start,
      daysAgo: ago,
      date: text.slice(0, 10),
      month: text.slice(0, 7),
      seconds,
      weekday: start.getDay(),
    })
  }
  return out
}

/** Orders by hour of day (Vietnam's evening peak after work, a smaller one at lunch). */
const HOURS = [
  2, 1, 0.5, 0.3, 0.3, 0.5, 1, 2, 3, 4, 4, 5, 6, 5, 4, 4, 4, 5, 6, 8, 10, 10, 8, 4,
].map((weight, hour) => [hour, weight] as const)

/** A moment of the day, spread by the hours above; on today, before the start. */
export function timeOn(day: DemoDay, d: Draws): Date {
  let second = d.weighted(HOURS) * 3600 + d.int(0, 3599)
  if (second >= day.seconds) second = Math.floor((second / 86400) * day.seconds)
  return new Date(day.start.getTime() + second * 1000)
}

/** 'yyyy-MM-dd 09:00:00' of the day `days` before today (when set-up rows were made). */
export function daysBefore(today: Date, days: number): string {
  return formatDateTime(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days, 9))
}
