// A file's cell as the value its declared field holds: numbers with thousands separators, a
// currency (VND, ₫, đ) or parentheses; dates as 'yyyy-MM-dd HH:mm:ss' from ISO, yyyy/MM/dd or
// dd/MM/yyyy text (the Vietnamese export), with or without seconds, or from an Excel date cell.
import type { FieldDef } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'
import { isRealDate } from '../../../src/domain/validate.ts'
import { cellDateText, type SheetCell } from './read-sheet.ts'

export type Parsed = { value: unknown; error?: undefined } | { error: string; value?: undefined }

const SPACES = /[\s\u00a0\u2007\u202f]+/g
const CURRENCY = /^(?:vnd|vnđ|₫|đ|usd|\$)|(?:vnd|vnđ|₫|đ|usd|\$)$/gi

/** A number from text as people and exports write it; null when it is none. */
export function parseNumberText(raw: string): number | null {
  let s = raw.replace(SPACES, '')
  const vnd = /vnd|vnđ|₫|đ/i.test(s)
  s = s.replace(CURRENCY, '').replace(CURRENCY, '')
  let negative = false
  if (/^\(.*\)$/.test(s)) {
    negative = true
    s = s.slice(1, -1)
  }
  if (/^[+-]/.test(s)) {
    negative = s[0] === '-'
    s = s.slice(1)
  }
  s = s.replace(CURRENCY, '')
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null
  const lastDot = s.lastIndexOf('.')
  const lastComma = s.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the last one is the decimal mark (1,234.50 or 1.234,50).
    const decimal = lastDot > lastComma ? '.' : ','
    const group = decimal === '.' ? ',' : '.'
    s = s.split(group).join('').replace(decimal, '.')
  } else if (lastComma >= 0) {
    s = /^\d{1,3}(,\d{3})+$/.test(s)
      ? s.replace(/,/g, '')
      : s.split(',').length === 2
        ? s.replace(',', '.')
        : ''
  } else if (lastDot >= 0) {
    // 1.234.567 (or 150.000 ₫: đồng have no decimals) groups thousands; 1.5 is a decimal.
    if (/^\d{1,3}(\.\d{3}){2,}$/.test(s) || (vnd && /^\d{1,3}(\.\d{3})+$/.test(s)))
      s = s.replace(/\./g, '')
    else if (s.split('.').length > 2) s = ''
  }
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(s)) return null
  const n = Number(s)
  return Number.isFinite(n) ? (negative ? -n : n) : null
}

const pad = (n: string) => n.padStart(2, '0')

/** 'yyyy-MM-dd HH:mm:ss' from the accepted date texts, or null. */
export function parseDateText(raw: string): string | null {
  const s = raw.trim().replace(SPACES, ' ')
  let m =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(s)
  let parts: string[] | null = m
    ? [m[1]!, m[2]!, m[3]!, m[4] ?? '0', m[5] ?? '0', m[6] ?? '0']
    : null
  if (!parts) {
    m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s)
    if (m) parts = [m[3]!, m[2]!, m[1]!, m[4] ?? '0', m[5] ?? '0', m[6] ?? '0']
  }
  if (!parts) return null
  const [y, mo, d, h, mi, se] = parts as [string, string, string, string, string, string]
  const text = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(se)}`
  return isRealDate(text) ? text : null
}

/** An Excel day number (a date cell without its format, or a csv that carries one). */
function serialDate(n: number): string | null {
  if (!(n > 0 && n < 2958466)) return null
  return cellDateText(new Date(Date.UTC(1899, 11, 30) + Math.round(n * 86400) * 1000))
}

function dateOf(f: FieldDef, cell: SheetCell): Parsed {
  const text =
    cell instanceof Date
      ? cellDateText(cell)
      : typeof cell === 'number'
        ? serialDate(cell)
        : parseDateText(String(cell))
  if (!text)
    return {
      error:
        f.type === 'month'
          ? '不是有效的月份（如 2026-01）'
          : '不是有效的日期时间（如 2026-01-15 09:30:00 或 15/01/2026 09:30:00）',
    }
  return {
    value: f.type === 'datetime' ? text : f.type === 'date' ? text.slice(0, 10) : text.slice(0, 7),
  }
}

function monthOf(f: FieldDef, cell: SheetCell): Parsed {
  if (typeof cell === 'string' && /^\d{4}[-/]\d{1,2}$/.test(cell.trim())) {
    const [y, m] = cell.trim().split(/[-/]/) as [string, string]
    return isRealDate(`${y}-${pad(m)}`)
      ? { value: `${y}-${pad(m)}` }
      : { error: '不是有效的月份（如 2026-01）' }
  }
  return dateOf(f, cell)
}

/** "SKU*2, SKU2*1" (or a JSON array) as sub-records of the first two sub-fields. */
function rowsOf(f: FieldDef, text: string): Parsed {
  if (text.startsWith('[')) {
    try {
      return { value: JSON.parse(text) as unknown }
    } catch {
      return { error: '格式错误' }
    }
  }
  const [nameField, qtyField] = f.rows ?? []
  if (!nameField) return { error: '格式错误' }
  const out = text
    .split(/[,，;；\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [name, qty] = p.split(/\s*[*×xX:]\s*(?=\d+$)/)
      return qtyField
        ? { [nameField.name]: name!.trim(), [qtyField.name]: qty === undefined ? 1 : Number(qty) }
        : { [nameField.name]: name!.trim() }
    })
  return { value: out }
}

/** The value of one cell for its field, or what is wrong with it (validation follows separately). */
export function parseCell(f: FieldDef, cell: SheetCell): Parsed {
  if (cell === null || (typeof cell === 'string' && cell.trim() === ''))
    return { value: f.type === 'string' || f.type === 'text' ? '' : null }
  switch (f.type) {
    case 'integer':
    case 'number': {
      if (f.options?.kind === 'static') break
      const n =
        typeof cell === 'number'
          ? cell
          : cell instanceof Date || typeof cell === 'boolean'
            ? null
            : parseNumberText(cell)
      if (n === null) return { error: '不是有效的数字' }
      if (f.type === 'integer' && !Number.isInteger(n)) return { error: '不是有效的整数' }
      return { value: n }
    }
    case 'date':
    case 'datetime':
      return dateOf(f, cell)
    case 'month':
      return monthOf(f, cell)
    case 'boolean': {
      const t = String(cell).trim().toLowerCase()
      if (['1', 'true', '是', 'yes', 'y'].includes(t)) return { value: 1 }
      if (['0', 'false', '否', 'no', 'n'].includes(t)) return { value: 0 }
      return { error: '应为 是/否' }
    }
    case 'rows':
      return rowsOf(f, String(cell).trim())
  }
  const text = cell instanceof Date ? cellDateText(cell) : String(cell).trim()
  if (f.options?.kind === 'static') {
    // An option by its value or by its label (单品 / 组合).
    const hit = f.options.options.find(
      (o) => String(o.value) === text || sourceText(o.label) === text,
    )
    if (!hit) return { error: `不是可选的值: ${text}` }
    return { value: hit.value }
  }
  return { value: text }
}
