// Conversions between a record on the wire and the values of the add/edit form: multiple fields as
// arrays in the form and comma-joined on the wire (spec §9), switches as booleans, numbers as numbers.
import { componentOf, fieldsOf, type EntityDef, type FieldDef } from '@/domain/entity'
import type { Row } from './entity-api'

export type FormMode = 'add' | 'edit'
export type FormValue = string | number | boolean | string[] | null
export type FormValues = Record<string, FormValue>

/** The form fields of a mode: `form: 'add'` only when adding, `form: 'edit'` only when editing. */
export function formFields(def: EntityDef, mode: FormMode): FieldDef[] {
  return fieldsOf(def, 'form').filter((f) => f.name !== 'id' && (f.form === undefined || f.form === true || f.form === mode))
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'
const isBooleanControl = (f: FieldDef) => {
  const c = componentOf(f)
  return c === 'switch' || (c === 'checkbox' && !f.options)
}
const isArrayControl = (f: FieldDef) => f.multiple || (componentOf(f) === 'checkbox' && !!f.options)

/** The form value of a wire value; a missing value takes the declared default. */
export function toFormValue(f: FieldDef, wire: unknown): FormValue {
  const raw = wire ?? f.defaultValue
  if (isArrayControl(f)) return raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw.map(String) : String(raw).split(',').filter(Boolean)
  if (isBooleanControl(f)) return truthy(raw)
  if (raw === undefined || raw === null) return componentOf(f) === 'select' || componentOf(f) === 'tree' ? null : ''
  if (componentOf(f) === 'number') return typeof raw === 'number' ? raw : raw === '' ? '' : Number(raw)
  return String(raw)
}

export function toFormValues(def: EntityDef, mode: FormMode, record: Row = {}): FormValues {
  return Object.fromEntries(formFields(def, mode).map((f) => [f.name, toFormValue(f, record[f.name])]))
}

/** The wire value of a form value (also what validateField checks). */
export function toWireValue(f: FieldDef, v: FormValue): unknown {
  if (Array.isArray(v)) return v.join(',')
  if (typeof v === 'boolean') return f.type === 'boolean' ? v : v ? 1 : 0
  if (v === '' || v === null) return f.type === 'string' || f.type === 'text' ? '' : null
  return v
}

/** The submit body: the form's fields, plus the id when editing. */
export function toBody(def: EntityDef, mode: FormMode, values: FormValues, id?: string): Row {
  const body: Row = {}
  for (const f of formFields(def, mode)) body[f.name] = toWireValue(f, values[f.name] ?? null)
  if (mode === 'edit' && id) body.id = id
  return body
}
