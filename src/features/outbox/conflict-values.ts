// The two sides of a conflict, field by field: my queued change beside the server's current record.
import type { EntityDef } from '@/domain/entity'
import { fieldsOf } from '@/domain/entity'
import type { MessageDescriptor } from '@lingui/core'
import type { Json } from '@/offline/db'

export interface ConflictLine {
  name: string
  /** Declared label, or null for an undeclared payload key (shown by name). */
  label: MessageDescriptor | null
  mine: unknown
  theirs: unknown
  /** My change carries this field with another value than the server's. */
  differs: boolean
}

/** Bookkeeping the user does not decide on. */
const HIDDEN = new Set(['id', 'version', 'tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser', 'updateTime', 'createTime', 'status'])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || String(a ?? '') === String(b ?? '')

/** Declared fields first (in declaration order), then undeclared keys of my change. */
export function conflictLines(def: EntityDef | undefined, mine: Json, theirs: Json | null): ConflictLine[] {
  const declared = def ? fieldsOf(def, 'view') : []
  const names = new Set(declared.map((f) => f.name))
  const lines: ConflictLine[] = []
  const push = (name: string, label: MessageDescriptor | null) => {
    if (HIDDEN.has(name) || !(name in mine || (theirs && name in theirs))) return
    const has = name in mine
    lines.push({ name, label, mine: mine[name], theirs: theirs?.[name], differs: has && !same(mine[name], theirs?.[name]) })
  }
  for (const f of declared) push(f.name, f.label)
  for (const k of Object.keys(mine)) if (!names.has(k)) push(k, null)
  return lines
}

export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—'
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}
