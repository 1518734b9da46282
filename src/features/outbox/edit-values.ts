// The queued payload in the entity's engine form: which declared fields the edit dialog shows,
// their form values, the declaration's validation and the payload written back. Keys of the
// payload that are not form fields (a count line's device id, a record's version) stay as they are.
import type { EntityDef, FieldDef } from '@/domain/entity'
import { isVisible, validateField } from '@/domain/validate'
import type { Message } from '@/domain/messages'
import type { Row } from '@/crud/entity-api'
import {
  formFields,
  toFormValue,
  toWireRecord,
  toWireValue,
  type FormValues,
} from '@/crud/form/form-values'
import type { Json, OutboxRow } from '@/offline/db'
import { isCreate } from './outbox-labels'

/**
 * An update shows the fields it carries; a create also shows the required fields it lacks, so a
 * row the server rejected for a missing value can be completed.
 */
export function editFields(
  def: EntityDef,
  row: Pick<OutboxRow, 'op' | 'baseVersion' | 'payload'>,
): FieldDef[] {
  const create = isCreate(row)
  return formFields(def, create ? 'add' : 'edit').filter(
    (f) => f.name in row.payload || (create && !!f.required),
  )
}

export function editValues(fields: FieldDef[], payload: Json): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, payload[f.name])]))
}

/** Messages of the shown fields by form path; a rows field's cells under `name.index.cell`. */
export function editErrors(
  fields: FieldDef[],
  values: FormValues,
  say: (m: Message) => string,
): Record<string, string> {
  const errors: Record<string, string> = {}
  const record = toWireRecord(fields, values)
  for (const f of fields) {
    if (!isVisible(f, record)) continue
    const value = record[f.name]
    if (f.type === 'rows' && Array.isArray(value) && value.length > 0) {
      ;(value as Row[]).forEach((cells, i) => {
        for (const sub of f.rows ?? []) {
          const m = validateField(sub, cells[sub.name], cells)
          if (m) errors[`${f.name}.${i}.${sub.name}`] = say(m)
        }
      })
      continue
    }
    const m = validateField(f, value, record)
    if (m) errors[f.name] = say(m)
  }
  return errors
}

/** The payload to queue: the old one with the shown fields replaced; a field hidden by visibleWhen is dropped. */
export function editedPayload(fields: FieldDef[], values: FormValues, payload: Json): Json {
  const record = toWireRecord(fields, values)
  const next: Json = { ...payload }
  for (const f of fields) {
    if (isVisible(f, record)) next[f.name] = toWireValue(f, values[f.name] ?? null)
    else delete next[f.name]
  }
  return next
}
