// An order's number when the user leaves it empty: "DH", the order day as yyMMdd and its 4-digit
// sequence within the tenant's orders of that day (DH2603080001), as the demo orders are numbered.
// The server picks the next free one under the tenant's order lock. Pure and isomorphic.

const ORDER_NO_PREFIX = 'DH'
/** The most orders of one day that get a number this way. */
const ORDER_NO_MAX_SEQ = 9999

/** "DH" + yyMMdd of an order time (yyyy-MM-dd HH:mm:ss, or just the date). */
export function orderNoDay(orderTime: string): string {
  return `${ORDER_NO_PREFIX}${orderTime.slice(2, 10).replaceAll('-', '')}`
}

/** The sequence of a generated number of that day, or null for any other number. */
export function orderNoSeq(day: string, orderNo: string): number | null {
  if (!orderNo.startsWith(day)) return null
  const tail = orderNo.slice(day.length)
  return /^\d{4}$/.test(tail) ? Number(tail) : null
}

/** The number after the day's highest (null: the day's numbers are used up). */
export function nextOrderNo(day: string, taken: readonly string[]): string | null {
  const last = taken.reduce((max, no) => Math.max(max, orderNoSeq(day, no) ?? 0), 0)
  return last >= ORDER_NO_MAX_SEQ ? null : `${day}${String(last + 1).padStart(4, '0')}`
}
