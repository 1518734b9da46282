// Validation from the declaration, run by the app's forms (on blur) and again by the server (never
// trust the client). Returns messages, not strings, so each side renders them in its language.
import { keepsStoredSecret, type EntityDef, type FieldDef } from './entity.ts'
import { messages, type Message } from './messages.ts'
import { rowsOf } from './rows-value.ts'

export { rowsOf }

// Exported for the API description (server/http/openapi-fields.ts), which states the same forms.
export const DATE = /^\d{4}-\d{2}-\d{2}$/
export const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
export const MONTH = /^\d{4}-\d{2}$/
const NUMBER = /^[+-]?\d+(\.\d+)?$/
const INTEGER = /^[+-]?\d+$/
export const ID = /^-?\d{1,19}$/

/** Integers without declared bounds: what a 32-bit integer column holds (PostgreSQL `integer`). */
const INTEGER_RANGE = { min: -2147483648, max: 2147483647 } as const
/** Numbers without declared bounds: what numeric(14, 2) holds. */
const NUMBER_RANGE = { min: -999999999999, max: 999999999999 } as const
/** Text without a declared length: a varchar(255) column; long text ('text'): a generous bound. */
const STRING_MAX_LENGTH = 255
const TEXT_MAX_LENGTH = 1_000_000

/** A calendar date (and time) that exists: 2026-02-30 and 25:61 do not. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?)?$/.exec(text)
  if (!m) return false
  const [year, month, day = 1, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((p) => (p === undefined ? undefined : Number(p))) as number[]
  if (month! < 1 || month! > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false
  return day <= new Date(Date.UTC(year!, month!, 0)).getUTCDate()
}

/** A value a field can hold at all: text, a number or a boolean; a list only where the field is one. */
function isScalarShape(f: FieldDef, value: unknown): boolean {
  const scalar = (v: unknown) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
  if (Array.isArray(value))
    return (
      (!!f.multiple || f.type === 'ids') &&
      value.every((v) => typeof v === 'string' || typeof v === 'number')
    )
  return scalar(value)
}

/** Bounds of a number field: declared, else what its column holds. */
export function numberRange(f: FieldDef): { min: number; max: number } {
  const range = f.type === 'integer' ? INTEGER_RANGE : NUMBER_RANGE
  return { min: f.min ?? range.min, max: f.max ?? range.max }
}

/** The length bound of a text field: declared, else what its column holds. */
export function lengthLimit(f: FieldDef): number {
  return f.maxLength ?? (f.type === 'text' ? TEXT_MAX_LENGTH : STRING_MAX_LENGTH)
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
}

function requiredMessage(f: FieldDef): Message {
  return f.required && f.required !== true ? { descriptor: f.required } : messages.required(f.label)
}

function isRequired(f: FieldDef, record?: Record<string, unknown>): boolean {
  if (!f.required) return false
  if (!f.requiredWhen) return true
  return (
    record !== undefined &&
    String(record[f.requiredWhen.field] ?? '') === String(f.requiredWhen.equals)
  )
}

/** Whether a field is shown (and so validated) given the rest of the record (visibleWhen). */
export function isVisible(f: FieldDef, record?: Record<string, unknown>): boolean {
  if (!f.visibleWhen) return true
  const wanted = Array.isArray(f.visibleWhen.equals) ? f.visibleWhen.equals : [f.visibleWhen.equals]
  const actual = String(record?.[f.visibleWhen.field] ?? '')
  return wanted.some((w) => String(w) === actual)
}

function validateRows(f: FieldDef, value: unknown): Message | null {
  const rows = rowsOf(value)
  if (rows === null) return messages.badFormat(f.label)
  if (rows.length === 0) return f.required ? requiredMessage(f) : null
  if (f.max !== undefined && rows.length > f.max) return messages.tooManyRows(f.label, f.max)
  for (const row of rows) {
    for (const sub of f.rows ?? []) {
      const m = validateField(sub, row[sub.name], row)
      if (m) return m
    }
  }
  return null
}

/** The message for one field's value, or null when it is valid. record: the whole form, for requiredWhen. */
export function validateField(
  f: FieldDef,
  value: unknown,
  record?: Record<string, unknown>,
): Message | null {
  if (!isVisible(f, record)) return null
  if (f.type === 'rows')
    return isEmpty(value)
      ? isRequired(f, record)
        ? requiredMessage(f)
        : null
      : validateRows(f, value)
  if (isEmpty(value)) return isRequired(f, record) ? requiredMessage(f) : null
  // An object where text is expected would be stored as "[object Object]".
  if (!isScalarShape(f, value)) return messages.badFormat(f.label)
  const text = Array.isArray(value) ? value.join(',') : String(value)
  if (text.includes('\u0000')) return messages.badFormat(f.label)
  switch (f.type) {
    case 'integer':
    case 'number': {
      if (
        typeof value === 'boolean' ||
        !(f.type === 'integer' ? INTEGER : NUMBER).test(text.trim())
      ) {
        if (f.pattern) return { descriptor: f.pattern.message }
        return f.type === 'integer' ? messages.notInteger(f.label) : messages.notNumber(f.label)
      }
      const n = Number(text)
      const { min, max } = numberRange(f)
      if (n < min)
        return f.rangeMessage ? { descriptor: f.rangeMessage } : messages.tooSmall(f.label, min)
      if (n > max)
        return f.rangeMessage ? { descriptor: f.rangeMessage } : messages.tooLarge(f.label, max)
      break
    }
    case 'date':
      if (!(DATE.test(text) || DATETIME.test(text)) || !isRealDate(text))
        return messages.badDate(f.label)
      break
    case 'datetime':
      if (!(DATETIME.test(text) || DATE.test(text)) || !isRealDate(text))
        return messages.badDate(f.label)
      break
    case 'month':
      if (!(MONTH.test(text) || DATE.test(text)) || !isRealDate(text))
        return messages.badDate(f.label)
      break
    case 'id':
      if (!ID.test(text)) return messages.badFormat(f.label)
      break
    case 'ids':
      if (!text.split(',').every((p) => ID.test(p))) return messages.badFormat(f.label)
      break
    case 'boolean':
      if (!['true', 'false', '0', '1'].includes(text)) return messages.badFormat(f.label)
      break
    default:
      if (text.length > lengthLimit(f)) return messages.tooLong(f.label, lengthLimit(f))
  }
  if (f.pattern && !new RegExp(f.pattern.regex).test(text)) return { descriptor: f.pattern.message }
  if (f.options?.kind === 'static') {
    const allowed = new Set(f.options.options.map((o) => String(o.value)))
    const parts = f.multiple ? text.split(',') : [text]
    if (!parts.every((p) => allowed.has(p))) return messages.badOption(f.label)
  }
  return null
}

export interface FieldError {
  field: string
  message: Message
}

/**
 * Validates a record for a create ('add') or an update ('edit'). An update checks only the fields it
 * carries, so a partial update of other fields is allowed; a create checks every form field.
 */
export function validateRecord(
  def: EntityDef,
  record: Record<string, unknown>,
  mode: 'add' | 'edit',
): FieldError[] {
  const errors: FieldError[] = []
  for (const f of def.fields) {
    if (f.readOnly || f.form === false) continue
    if (f.form === 'add' && mode === 'edit') continue
    if (mode === 'edit' && !(f.name in record)) continue
    if (keepsStoredSecret(f, record[f.name], mode)) continue
    const m = validateField(f, record[f.name], record)
    if (m) errors.push({ field: f.name, message: m })
  }
  return errors
}

const TEXT_OPERATORS = new Set(['like', 'notlike', 'likeleft', 'likeright'])
const NO_VALUE_OPERATORS = new Set(['null', 'notnull', 'ignore'])

/**
 * A list filter's value as its operator compares it (docs/contract.md §4 suffixes): a number, date or id must
 * be one the column can hold, and text matching applies to text only. Null when it is usable.
 */
export function validateFilterValue(f: FieldDef, op: string, value: string): Message | null {
  if (NO_VALUE_OPERATORS.has(op)) return null
  if (value.includes('\u0000')) return messages.badFormat(f.label)
  const numeric = f.type === 'integer' || f.type === 'number' || f.type === 'boolean'
  if (TEXT_OPERATORS.has(op) || ((op === 'equal' || op === 'dateequal') && f.multiple))
    return numeric ? messages.badFormat(f.label) : null
  for (const part of op === 'between' ? value.split(',') : [value]) {
    const m =
      f.type === 'boolean'
        ? ['true', 'false', '0', '1'].includes(part)
          ? null
          : messages.badFormat(f.label)
        : validateField(
            {
              ...f,
              required: undefined,
              requiredWhen: undefined,
              visibleWhen: undefined,
              options: undefined,
              pattern: undefined,
              rangeMessage: undefined,
              maxLength: undefined,
            },
            part,
          )
    if (m) return m
  }
  return null
}
