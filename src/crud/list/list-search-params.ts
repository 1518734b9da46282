// The list state's URL params (see list-search.ts), parsed without a schema library: every route of
// the shell validates its search with this, and the route tree is part of the first download, which
// must stay free of Zod (a light first visit). The rules are the ones a schema would state:
// current ≥ 1 (else 1), 1 ≤ size ≤ 500 (else the default), ascs/descs text, other params as text.
export const PAGE_SIZES = [10, 30, 50, 100, 200]
export const DEFAULT_SIZE = 10

export interface ListSearch {
  current: number
  size: number
  ascs?: string
  descs?: string
  [filter: string]: string | number | undefined
}

/** An integer from a number or numeric text within [min, max], else `fallback`. */
function intIn(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' && value.trim() === '' ? NaN : Number(value)
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/** The router parses numeric-looking values as numbers: filters are kept as text. */
function filterText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined
}

function parseListSearch(input: Record<string, unknown>): ListSearch {
  const out: ListSearch = {
    current: intIn(input.current, 1, Number.MAX_SAFE_INTEGER, 1),
    size: intIn(input.size, 1, 500, DEFAULT_SIZE),
  }
  for (const [key, value] of Object.entries(input)) {
    if (key === 'current' || key === 'size') continue
    if (key === 'ascs' || key === 'descs') {
      if (typeof value === 'string') out[key] = value
      continue
    }
    const text = filterText(value)
    if (text !== undefined) out[key] = text
  }
  return out
}

/** For a route's validateSearch (TanStack Router takes any object with `parse`). */
export const listSearch = { parse: parseListSearch }
