// Conversions between a record on the wire and the values of the add/edit form: multiple fields as
// arrays in the form and comma-joined on the wire (docs/product.md §9), switches as booleans,
// numbers as numbers, 'rows' fields as arrays of sub-records (each cell converted by its own
// field).
import {
  componentOf,
  fieldsOf,
  keepsStoredSecret,
  type EntityDef,
  type FieldDef,
} from '@/domain/entity'
import { isVisible, rowsOf } from '@/domain/validate'
import type { Row } from '../entity-api'

export type FormMode = 'add' | 'edit'
type CellValue = string | number | boolean | string[] | null
/** One sub-record of a 'rows' field in the form. */
export type FormRow = Record<string, CellValue>
export type FormValue = CellValue | FormRow[]
export type FormValues = Record<string, FormValue>

/** The form fields of a mode: `form: 'add'` only when adding, `form: 'edit'` only when editing. */
export function formFields(def: EntityDef, mode: FormMode): FieldDef[] {
  return fieldsOf(def, 'form').filter(
    (f) => f.name !== 'id' && (f.form === undefined || f.form === true || f.form === mode),
  )
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'
const isBooleanControl = (f: FieldDef) => {
  const c = componentOf(f)
  return c === 'switch' || (c === 'checkbox' && !f.options)
}
const isArrayControl = (f: FieldDef) => f.multiple || (componentOf(f) === 'checkbox' && !!f.options)

function toCellValue(f: FieldDef, raw: unknown): CellValue {
  if (isArrayControl(f))
    return raw === undefined || raw === null || raw === ''
      ? []
      : Array.isArray(raw)
        ? raw.map(String)
        : String(raw).split(',').filter(Boolean)
  if (isBooleanControl(f)) return truthy(raw)
  if (raw === undefined || raw === null)
    return componentOf(f) === 'select' || componentOf(f) === 'tree' ? null : ''
  if (componentOf(f) === 'number')
    return typeof raw === 'number' ? raw : raw === '' ? '' : Number(raw)
  return String(raw)
}

/** A new, empty sub-record of a 'rows' field (its cells at their defaults). */
export function newFormRow(f: FieldDef): FormRow {
  return Object.fromEntries(
    (f.rows ?? []).map((sub) => [sub.name, toCellValue(sub, sub.defaultValue)]),
  )
}

/** The form value of a wire value; a missing value takes the declared default. */
export function toFormValue(f: FieldDef, wire: unknown): FormValue {
  if (f.type === 'rows')
    return (rowsOf(wire ?? []) ?? []).map((r) =>
      Object.fromEntries(
        (f.rows ?? []).map((sub) => [sub.name, toCellValue(sub, r[sub.name] ?? sub.defaultValue)]),
      ),
    )
  return toCellValue(f, wire ?? f.defaultValue)
}

export function toFormValues(def: EntityDef, mode: FormMode, record: Row = {}): FormValues {
  return Object.fromEntries(
    formFields(def, mode).map((f) => [f.name, toFormValue(f, record[f.name])]),
  )
}

function toCellWire(f: FieldDef, v: CellValue): unknown {
  if (Array.isArray(v)) return v.join(',')
  if (typeof v === 'boolean') return f.type === 'boolean' ? v : v ? 1 : 0
  if (v === '' || v === null) return f.type === 'string' || f.type === 'text' ? '' : null
  return v
}

/** The wire value of a form value (also what validateField checks); 'rows': an array of records. */
export function toWireValue(f: FieldDef, v: FormValue): unknown {
  if (f.type === 'rows')
    return (Array.isArray(v) ? (v as FormRow[]) : []).map((r) =>
      Object.fromEntries(
        (f.rows ?? []).map((sub) => [sub.name, toCellWire(sub, r[sub.name] ?? null)]),
      ),
    )
  return toCellWire(f, v as CellValue)
}

/** The form as the wire sees it, for validation and visibleWhen. */
export function toWireRecord(fields: FieldDef[], values: FormValues): Row {
  return Object.fromEntries(fields.map((f) => [f.name, toWireValue(f, values[f.name] ?? null)]))
}

/** The fields a form shows for its values (visibleWhen). */
export function visibleFields(fields: FieldDef[], values: FormValues): FieldDef[] {
  const record = toWireRecord(fields, values)
  return fields.filter((f) => isVisible(f, record))
}

/** The submit body: the form's shown fields, plus the id when editing (keyed entities carry their key field). */
export function toBody(def: EntityDef, mode: FormMode, values: FormValues, id?: string): Row {
  const body: Row = {}
  for (const f of visibleFields(formFields(def, mode), values)) {
    const v = toWireValue(f, values[f.name] ?? null)
    // A write-only field left empty keeps what the server has: it is not sent.
    if (!keepsStoredSecret(f, v, mode)) body[f.name] = v
  }
  if (mode === 'edit' && id && !def.key) body.id = id
  return body
}
