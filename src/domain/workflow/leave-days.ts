// The length of a leave: inclusive calendar days of its dates (2026-03-02 to 2026-03-04 is 3 days;
// the times of day only order the two). The server stores this figure and the form shows the same
// while it is filled.

const DAY_MS = 86_400_000
const DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** Days from start to end ('YYYY-MM-DD[ HH:mm:ss]'); null when either is not a date or the end is before the start. */
export function leaveDays(start: string, end: string): number | null {
  const a = DATE.exec(start)
  const b = DATE.exec(end)
  if (!a || !b || end < start) return null
  const day = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Math.round((day(b) - day(a)) / DAY_MS) + 1
}
