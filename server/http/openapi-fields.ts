// JSON Schema (OpenAPI 3.1) of the declared fields and entities: what src/domain/validate.ts accepts,
// in the form the Blade contract writes it (ids and dates as text). Labels are the declaration's
// source (Chinese) text, as a Blade server documents itself.
import { fieldsOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { DATE, DATETIME, ID, MONTH, lengthLimit, numberRange } from '../../src/domain/validate.ts'

/** A JSON Schema or OpenAPI object; loose on purpose, the document is checked by a validator in its test. */
export type Json = Record<string, unknown>

const inner = (r: RegExp) => r.source.slice(1, -1)
/** Either form, as validate.ts takes a date for a date-time and a date for a month. */
const either = (...forms: RegExp[]) => `^(?:${forms.map(inner).join('|')})$`
const ID_LIST = `^${inner(ID)}(?:,${inner(ID)})*$`

/** The form of a value of the field, without its label and flags. */
export function valueSchema(f: FieldDef): Json {
  if (f.multiple)
    return {
      type: 'string',
      description: '多个值以逗号分隔 (comma-separated; an array is accepted too)',
    }
  switch (f.type) {
    case 'integer':
    case 'number': {
      const { min, max } = numberRange(f)
      return { type: f.type, minimum: min, maximum: max }
    }
    case 'boolean':
      return { enum: [true, false, 0, 1] }
    case 'date':
      return { type: 'string', pattern: either(DATE, DATETIME) }
    case 'datetime':
      return { type: 'string', pattern: either(DATETIME, DATE) }
    case 'month':
      return { type: 'string', pattern: either(MONTH, DATE) }
    case 'id':
      return { type: 'string', pattern: ID.source }
    case 'ids':
      return { type: 'string', pattern: ID_LIST }
    case 'rows': {
      const rows = f.rows ?? []
      const item: Json = {
        type: 'object',
        properties: Object.fromEntries(rows.map((r) => [r.name, fieldSchema(r)])),
      }
      const required = rows.filter(requiredOnCreate).map((r) => r.name)
      if (required.length) item.required = required
      return { type: 'array', items: item, ...(f.max !== undefined ? { maxItems: f.max } : {}) }
    }
    default:
      return { type: 'string', maxLength: lengthLimit(f) }
  }
}

/** Conditions the schema cannot say on its own, as one line for people. */
function notes(f: FieldDef): string[] {
  const out: string[] = []
  if (f.requiredWhen) out.push(`required when ${f.requiredWhen.field} = ${f.requiredWhen.equals}`)
  if (f.visibleWhen)
    out.push(`only read when ${f.visibleWhen.field} = ${[f.visibleWhen.equals].flat().join(' | ')}`)
  if (f.editable === false) out.push('set on create; an update keeps the stored value')
  if (f.secret) out.push('write-only: never answered; an update that leaves it empty keeps it')
  if (f.options?.kind === 'static')
    out.push(
      `options: ${f.options.options.map((o) => `${o.value} ${sourceText(o.label)}`).join(', ')}`,
    )
  else if (f.options)
    out.push(`options: ${f.options.kind} ${'code' in f.options ? f.options.code : f.options.url}`)
  return out
}

function fieldSchema(f: FieldDef, key = 'id'): Json {
  const s: Json = { title: sourceText(f.label), ...valueSchema(f) }
  // A declared pattern is checked on the text of the value, on top of the type's own form.
  if (f.pattern)
    Object.assign(
      s,
      s.pattern ? { allOf: [{ pattern: f.pattern.regex }] } : { pattern: f.pattern.regex },
    )
  if (f.options?.kind === 'static' && !f.multiple) s.enum = f.options.options.map((o) => o.value)
  // The key travels in updates, so it is never read-only here, whatever the form shows.
  if (f.readOnly && f.name !== key) s.readOnly = true
  if (f.secret) s.writeOnly = true
  if (f.defaultValue !== undefined) s.default = f.defaultValue
  if (f.example !== undefined) s.examples = [f.example]
  const said = [s.description, ...notes(f)].filter(Boolean)
  if (said.length) s.description = said.join('; ')
  return s
}

/** Required on a create: validateRecord('add') checks every form field; conditions are left to the notes. */
function requiredOnCreate(f: FieldDef): boolean {
  return !!f.required && !f.requiredWhen && !f.visibleWhen && !f.readOnly && f.form !== false
}

/** Columns every record of the kind carries, when the declaration does not list them itself. */
function carried(def: EntityDef): [string, Json][] {
  const text = { type: 'string', readOnly: true }
  const out: [string, Json][] = [
    [
      'version',
      {
        type: 'integer',
        description: 'record version: send the one read with an update, another answers 409',
      },
    ],
  ]
  if (def.tenant) out.push(['tenantId', text])
  if (def.base)
    out.push(
      ['createUser', text],
      ['createDept', text],
      ['createTime', text],
      ['updateUser', text],
      ['updateTime', text],
      ['status', { type: 'integer', readOnly: true }],
      ['isDeleted', { type: 'integer', readOnly: true }],
    )
  // The label of an option value beside it (server/crud/labels.ts: static options and dictionaries).
  for (const f of fieldsOf(def, 'view')) {
    if (f.options && ['static', 'dict', 'dictBiz', 'dictBizChild'].includes(f.options.kind))
      out.push([`${f.name}Name`, { ...text, description: `the label of ${f.name}` }])
  }
  if (def.fields.some((f) => f.secret))
    out.push([
      'secretsSet',
      {
        type: 'array',
        items: { type: 'string' },
        readOnly: true,
        description: 'names of the write-only fields that hold a value',
      },
    ])
  return out
}

/** A name OpenAPI accepts for the entity's component schemas. */
export const schemaName = (def: EntityDef) => def.name.replace(/[^A-Za-z0-9._-]/g, '_')

/**
 * The entity's record (`<name>`), a create (`<name>Create`: its required fields) and an update
 * (`<name>Update`: the key; an update checks only the fields it carries).
 */
export function entitySchemas(def: EntityDef): Record<string, Json> {
  const key = def.key ?? 'id'
  const name = schemaName(def)
  const properties: Json = Object.fromEntries(def.fields.map((f) => [f.name, fieldSchema(f, key)]))
  for (const [field, schema] of carried(def)) if (!(field in properties)) properties[field] = schema
  const required = def.fields.filter(requiredOnCreate).map((f) => f.name)
  const ref = { $ref: `#/components/schemas/${name}` }
  return {
    [name]: { type: 'object', title: sourceText(def.title), properties },
    [`${name}Create`]: required.length ? { allOf: [ref, { required }] } : { allOf: [ref] },
    [`${name}Update`]: { allOf: [ref, { required: [key] }] },
  }
}
