// Rows of declared entities, read and written through Kysely with table names chosen at run time.
import type { Kysely, Transaction } from 'kysely'
import { columnOf, type EntityDef } from '../../src/domain/entity.ts'
import type { DB } from '../db/schema.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- declared entities pick their table at run time
export type AnyDb = Kysely<any> | Transaction<any>
export type Row = Record<string, unknown>

export const dynamic = (db: Kysely<DB> | Transaction<DB>): AnyDb => db as unknown as AnyDb

/** Row (camelCase from the database) → wire object: secrets dropped, null text as "" (contract §2.2). */
export function toWire(def: EntityDef, row: Row): Row {
  const out: Row = { ...row }
  for (const f of def.fields) {
    if (f.secret) {
      delete out[f.name]
      continue
    }
    const v = out[f.name]
    if (v === null || v === undefined) {
      if (f.type === 'string' || f.type === 'text' || f.type === 'id' || f.type === 'ids' || f.type === 'date' || f.type === 'datetime' || f.type === 'month') out[f.name] = ''
    } else if (f.type === 'boolean') {
      out[f.name] = v === 1 || v === true || v === '1' || v === 'true'
    }
  }
  return out
}

/** The columns a write may set from a request body: declared, not read-only, coerced to storage types. */
export function writableValues(def: EntityDef, body: Row): Row {
  const out: Row = {}
  for (const f of def.fields) {
    if (f.readOnly || f.name === 'id' || !(f.name in body)) continue
    let v = body[f.name]
    if (Array.isArray(v)) v = v.join(',')
    if (v === '' && f.type !== 'string' && f.type !== 'text') v = null
    if (v !== null && v !== undefined) {
      if (f.type === 'integer' || f.type === 'number') v = Number(v)
      else if (f.type === 'boolean') v = v === true || v === 'true' || v === 1 || v === '1' ? 1 : 0
      else v = String(v)
    }
    out[columnOf(f)] = v ?? null
  }
  return out
}
