// The two sides of a conflict, field by field: my change (a form's save, a queued offline write)
// beside the server's current record. Values compare as their field holds them: 6000000 is
// 6000000.00, '' is no value, a multiple field's keys in any order, sub-records cell by cell.
import type { MessageDescriptor } from '@lingui/core'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { fieldsOf } from '@/domain/entity'
import { rowsOf } from '@/domain/validate'

type Record_ = Record<string, unknown>

export interface ConflictLine {
  name: string
  /** Declared field, or null for an undeclared key of my change (shown by name). */
  field: FieldDef | null
  /** Declared label, or null for an undeclared key of my change. */
  label: MessageDescriptor | null
  mine: unknown
  theirs: unknown
  /** My change carries this field with another value than the server's. */
  differs: boolean
}

/** Bookkeeping the user does not decide on. */
const HIDDEN = new Set([
  'id',
  'version',
  'tenantId',
  'isDeleted',
  'createUser',
  'createDept',
  'updateUser',
  'updateUserName',
  'updateTime',
  'createTime',
  'status',
])

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'
const keys = (v: unknown) =>
  (Array.isArray(v) ? v.map(String) : String(v).split(','))
    .map((k) => k.trim())
    .filter(Boolean)
    .sort()

/** Whether two values of a field are the same record value (field null: compared as text). */
export function sameValue(f: FieldDef | null, a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b)
  if (!f) return JSON.stringify(a) === JSON.stringify(b) || String(a) === String(b)
  if (f.type === 'rows') {
    const [x, y] = [rowsOf(a) ?? [], rowsOf(b) ?? []]
    return (
      x.length === y.length &&
      x.every((row, i) =>
        (f.rows ?? []).every((sub) => sameValue(sub, row[sub.name], y[i]![sub.name])),
      )
    )
  }
  if (f.type === 'integer' || f.type === 'number')
    return Number(a) === Number(b) || String(a) === String(b)
  if (f.type === 'boolean') return truthy(a) === truthy(b)
  if (f.multiple || f.type === 'ids') return keys(a).join(',') === keys(b).join(',')
  return String(a) === String(b)
}

/** Declared fields first (in declaration order), then undeclared keys of my change. */
export function conflictLines(
  def: EntityDef | undefined,
  mine: Record_,
  theirs: Record_ | null,
): ConflictLine[] {
  const declared = def ? fieldsOf(def, 'view') : []
  const names = new Set(declared.map((f) => f.name))
  const lines: ConflictLine[] = []
  const push = (name: string, field: FieldDef | null) => {
    if (HIDDEN.has(name) || !(name in mine || (theirs && name in theirs))) return
    const has = name in mine
    lines.push({
      name,
      field,
      label: field?.label ?? null,
      mine: mine[name],
      theirs: theirs?.[name],
      differs: has && !sameValue(field, mine[name], theirs?.[name]),
    })
  }
  for (const f of declared) push(f.name, f)
  for (const k of Object.keys(mine)) if (!names.has(k)) push(k, null)
  return lines
}

export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—'
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}
