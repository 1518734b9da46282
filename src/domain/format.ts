// Number display formats (docs/product.md §9: currency, prices in W, commission, SKU count, live
// minutes, followers in K, byte counts in KB, floored amounts). Pure and isomorphic: the server's
// exports may reuse them. Non-numeric input is shown as it came; empty input as ''.
import type { DisplayFormat } from './entity.ts'

/** Words that differ by language; the app passes translated ones, the server keeps the Chinese. */
export interface FormatUnits {
  minutes: string
}

const SOURCE_UNITS: FormatUnits = { minutes: '分钟' }

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean')
    return null
  const n = typeof value === 'number' ? value : Number(String(value).trim())
  return Number.isFinite(n) ? n : null
}

/** Thousand separators on the integer part: 1234567.5 -> '1,234,567.5'. */
export function groupThousands(n: number, decimals?: number): string {
  const text = decimals === undefined ? String(n) : n.toFixed(decimals)
  const [int, frac] = text.split('.')
  const sign = int.startsWith('-') ? '-' : ''
  const digits = sign ? int.slice(1) : int
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`
}

/** Trailing zeros of a fixed-point text dropped: '12.0' -> '12', '1.50' -> '1.5'. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** The display text of a number in one of the formats of docs/product.md §9. */
export function formatNumber(
  format: DisplayFormat,
  value: unknown,
  units: FormatUnits = SOURCE_UNITS,
): string {
  if (value === null || value === undefined || value === '') return ''
  const n = toNumber(value)
  if (n === null) return String(value)
  switch (format) {
    case 'vnd':
      // The dong has no minor unit in use: whole dong.
      return `${groupThousands(Math.round(n))} ₫`
    case 'w':
      return `${Math.floor(n)}W`
    case 'percent':
      return `${n}%`
    case 'percent2':
      return `${n.toFixed(2)}%`
    case 'minutes':
      return `${n} ${units.minutes}`
    case 'kFollowers':
      return `${trimZeros((n / 1000).toFixed(1))}K`
    case 'kb':
      return `${(n / 1024).toFixed(2)} KB`
    case 'sku':
      return `${n} SKU`
    case 'floor':
      return groupThousands(Math.floor(n))
  }
}

/** A chart axis tick: 1,500 -> '1.5K', 2,300,000 -> '2.3M', 4,000,000,000 -> '4B' (one decimal at most). */
export function formatCompact(n: number): string {
  const abs = Math.abs(n)
  for (const [size, unit] of [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ] as const) {
    if (abs >= size) return `${trimZeros((n / size).toFixed(1))}${unit}`
  }
  return trimZeros(n.toFixed(1))
}
