// Validation from the declaration, run by the app's forms (on blur) and again by the server (never
// trust the client). Returns messages, not strings, so each side renders them in its language.
import { keepsStoredSecret, type EntityDef, type FieldDef } from './entity.ts'
import { messages, type Message } from './messages.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const MONTH = /^\d{4}-\d{2}$/
const NUMBER = /^[+-]?\d+(\.\d+)?$/
const INTEGER = /^[+-]?\d+$/
const ID = /^-?\d{1,19}$/

export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
}

function requiredMessage(f: FieldDef): Message {
  return f.required && f.required !== true ? { descriptor: f.required } : messages.required(f.label)
}

function isRequired(f: FieldDef, record?: Record<string, unknown>): boolean {
  if (!f.required) return false
  if (!f.requiredWhen) return true
  return record !== undefined && String(record[f.requiredWhen.field] ?? '') === String(f.requiredWhen.equals)
}

/** Whether a field is shown (and so validated) given the rest of the record (visibleWhen). */
export function isVisible(f: FieldDef, record?: Record<string, unknown>): boolean {
  if (!f.visibleWhen) return true
  const wanted = Array.isArray(f.visibleWhen.equals) ? f.visibleWhen.equals : [f.visibleWhen.equals]
  const actual = String(record?.[f.visibleWhen.field] ?? '')
  return wanted.some((w) => String(w) === actual)
}

/** The sub-records of a 'rows' field: an array, or JSON text of one (as stored and as some clients send). */
export function rowsOf(value: unknown): Record<string, unknown>[] | null {
  let v = value
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      return null
    }
  }
  if (!Array.isArray(v) || !v.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) return null
  return v as Record<string, unknown>[]
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
export function validateField(f: FieldDef, value: unknown, record?: Record<string, unknown>): Message | null {
  if (!isVisible(f, record)) return null
  if (f.type === 'rows') return isEmpty(value) ? (isRequired(f, record) ? requiredMessage(f) : null) : validateRows(f, value)
  if (isEmpty(value)) return isRequired(f, record) ? requiredMessage(f) : null
  const text = Array.isArray(value) ? value.join(',') : String(value)
  switch (f.type) {
    case 'integer':
    case 'number': {
      if (typeof value === 'boolean' || !(f.type === 'integer' ? INTEGER : NUMBER).test(text.trim())) {
        if (f.pattern) return { descriptor: f.pattern.message }
        return f.type === 'integer' ? messages.notInteger(f.label) : messages.notNumber(f.label)
      }
      const n = Number(text)
      if (f.min !== undefined && n < f.min) return f.rangeMessage ? { descriptor: f.rangeMessage } : messages.tooSmall(f.label, f.min)
      if (f.max !== undefined && n > f.max) return f.rangeMessage ? { descriptor: f.rangeMessage } : messages.tooLarge(f.label, f.max)
      break
    }
    case 'date':
      if (!DATE.test(text) && !DATETIME.test(text)) return messages.badDate(f.label)
      break
    case 'datetime':
      if (!DATETIME.test(text) && !DATE.test(text)) return messages.badDate(f.label)
      break
    case 'month':
      if (!MONTH.test(text) && !DATE.test(text)) return messages.badDate(f.label)
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
      if (f.maxLength !== undefined && text.length > f.maxLength) return messages.tooLong(f.label, f.maxLength)
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
export function validateRecord(def: EntityDef, record: Record<string, unknown>, mode: 'add' | 'edit'): FieldError[] {
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
