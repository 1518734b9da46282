// Money computed exactly and floored to whole đồng (docs/product.md §9): decimals are read as
// integer fractions (num / 10^scale) and multiplied as BigInt, so 0.1 × 3 never becomes
// 0.30000000000000004 and a product is floored once, at the end. Isomorphic: the server computes,
// the app may show the same.

/** A decimal as num / 10^scale ('12.34' → 1234n / 10^2); null when it is no finite decimal. */
export interface ExactDecimal {
  num: bigint
  scale: number
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/

export function exactDecimal(value: unknown): ExactDecimal | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean')
    return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  let text = String(value).trim()
  // A number JS writes with an exponent (1e-7): its fixed form, trailing zeros dropped.
  if (/e/i.test(text) && typeof value === 'number') text = value.toFixed(12).replace(/\.?0+$/, '')
  const m = DECIMAL.exec(text)
  if (!m) return null
  const frac = m[3] ?? ''
  const num = BigInt(`${m[2]}${frac}`)
  return { num: m[1] === '-' ? -num : num, scale: frac.length }
}

/** ⌊a / b⌋ for BigInt, rounding towards −∞ (BigInt division truncates towards zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

/** ⌊(factors multiplied) / divisor⌋ in whole units; null when a factor is no decimal. */
export function flooredProduct(factors: unknown[], divisor = 1): number | null {
  let num = 1n
  let scale = 0
  for (const f of factors) {
    const d = exactDecimal(f)
    if (!d) return null
    num *= d.num
    scale += d.scale
  }
  return Number(floorDiv(num, 10n ** BigInt(scale) * BigInt(divisor)))
}

/** ⌊value⌋ of one decimal (0 when empty): a money part entered by hand, in whole đồng. */
export const flooredAmount = (value: unknown): number => flooredProduct([value ?? 0]) ?? 0

/** Regex of a decimal with at most `places` decimals, optionally signed (declaration patterns). */
export const decimalPattern = (places: number, signed = false) =>
  `^${signed ? '-?' : ''}\\d+(\\.\\d{1,${places}})?$`
