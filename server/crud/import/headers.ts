// The file's header row → declared fields: matched case- and space-insensitively against each
// import column's headers (the first is the template's).
import type { EntityDef, ImportColumn } from '../../../src/domain/entity.ts'
import { sourceText } from '../../../src/domain/messages.ts'

const headerKey = (h: string) => h.replace(/[\s\u00a0\u2007\u202f\ufeff]+/g, '').toLowerCase()

interface HeaderMatch {
  /** 0-based column of the file. */
  index: number
  header: string
  /** The field it fills; null when no import column names it (ignored). */
  field: string | null
  label: string | null
}

export interface HeaderMapping {
  columns: HeaderMatch[]
  /** Required import columns the file lacks: their template header. */
  missing: string[]
}

export function mapHeaders(def: EntityDef, header: string[]): HeaderMapping {
  const spec = def.import!
  const byKey = new Map<string, ImportColumn>()
  for (const c of spec.columns)
    for (const h of c.headers) if (!byKey.has(headerKey(h))) byKey.set(headerKey(h), c)
  const taken = new Set<string>()
  const columns = header.map((raw, index) => {
    const h = raw.trim()
    const col = h ? byKey.get(headerKey(h)) : undefined
    // A second column for the same field is ignored (the first one fills it).
    if (!col || taken.has(col.field)) return { index, header: h, field: null, label: null }
    taken.add(col.field)
    const f = def.fields.find((x) => x.name === col.field)
    return { index, header: h, field: col.field, label: f ? sourceText(f.label) : col.field }
  })
  const missing = spec.columns
    .filter((c) => c.required && !taken.has(c.field))
    .map((c) => c.headers[0]!)
  return { columns, missing }
}
