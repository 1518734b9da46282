// The length of a leave as the form shows it while it is filled: in days, to the half day. The
// server computes the stored figure itself.
import dayjs from 'dayjs'

/** Days from start to end (both 'YYYY-MM-DD HH:mm:ss'), to the half day; null when not a forward range. */
export function leaveDays(start: string, end: string): number | null {
  if (!start || !end) return null
  const a = dayjs(start)
  const b = dayjs(end)
  if (!a.isValid() || !b.isValid() || !b.isAfter(a)) return null
  return Math.max(0.5, Math.round(b.diff(a, 'hour', true) / 12) / 2)
}
