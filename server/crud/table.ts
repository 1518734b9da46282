// Rows of declared entities, read and written through Kysely with table names chosen at run time.
import type {
  ExpressionBuilder,
  Kysely,
  SelectQueryBuilder,
  Transaction,
  UpdateQueryBuilder,
} from 'kysely'
import {
  columnOf,
  keepsStoredSecret,
  SECRETS_SET,
  type EntityDef,
  type FieldDef,
} from '../../src/domain/entity.ts'
import { rowsOf } from '../../src/domain/validate.ts'
import type { DB } from '../db/schema.ts'

/* eslint-disable @typescript-eslint/no-explicit-any -- the one untyped view, see below */
/**
 * The generic engine reads and writes the table a declaration names (`def.table`, its columns by
 * `columnOf`), chosen at run time, which Kysely's types cannot check: it works through this untyped
 * view of the one database, and these are the only `any` types of the database layer. Code that
 * names its table itself queries ctx.db, typed by db/schema.ts (generated from the migrations for
 * the declared tables), and hands that to the engine's functions, which take it as an AnyDb.
 */
export type AnyDb = Kysely<any> | Transaction<any>
/** A select, update or where-callback of the untyped view. */
export type AnySelect = SelectQueryBuilder<any, any, any>
export type AnyUpdate = UpdateQueryBuilder<any, any, any, any>
export type AnyExpressions = ExpressionBuilder<any, any>
/* eslint-enable @typescript-eslint/no-explicit-any */
export type Row = Record<string, unknown>

/** The connection or transaction as the engine's untyped view, for a table named at run time. */
export const dynamic = (db: Kysely<DB> | Transaction<DB>): AnyDb => db

/** Row (camelCase from the database) → wire object: secrets dropped, null text as "" (docs/contract.md §2.2). */
export function toWire(def: EntityDef, row: Row): Row {
  const out: Row = { ...row }
  const secretsSet: string[] = []
  for (const f of def.fields) {
    if (f.secret) {
      if (out[f.name] !== null && out[f.name] !== undefined && out[f.name] !== '')
        secretsSet.push(f.name)
      delete out[f.name]
      continue
    }
    // Kept elsewhere by the entity's module, which answers it itself (an order's detail its lines).
    if (f.external) continue
    const v = out[f.name]
    if (f.type === 'rows') {
      // Stored as JSON text, answered as the array it is.
      out[f.name] = rowsOf(v) ?? []
      continue
    }
    if (v === null || v === undefined) {
      if (
        f.type === 'string' ||
        f.type === 'text' ||
        f.type === 'id' ||
        f.type === 'ids' ||
        f.type === 'date' ||
        f.type === 'datetime' ||
        f.type === 'month'
      )
        out[f.name] = ''
    } else if (f.type === 'boolean') {
      out[f.name] = v === 1 || v === true || v === '1' || v === 'true'
    }
  }
  if (def.fields.some((f) => f.secret)) out[SECRETS_SET] = secretsSet
  return out
}

/**
 * The columns a write may set from a request body: declared, not read-only, coerced to storage types.
 * An edit leaves fields declared `editable: false` as stored, except an import's (the file is where
 * such records come from, so a newer file corrects them).
 */
export function writableValues(
  def: EntityDef,
  body: Row,
  mode: 'add' | 'edit',
  by: 'request' | 'import' = 'request',
): Row {
  const out: Row = {}
  for (const f of def.fields) {
    if (f.readOnly || f.external || f.name === 'id' || !(f.name in body)) continue
    if (f.editable === false && mode === 'edit' && by === 'request') continue
    if (keepsStoredSecret(f, body[f.name], mode)) continue
    let v = body[f.name]
    if (f.type === 'rows') {
      out[columnOf(f)] = storedRows(f, v)
      continue
    }
    if (Array.isArray(v)) v = v.join(',')
    if (v === '' && f.type !== 'string' && f.type !== 'text') v = null
    if (v !== null && v !== undefined) {
      if (f.type === 'integer' || f.type === 'number') v = Number(v)
      else if (f.type === 'boolean') v = v === true || v === 'true' || v === 1 || v === '1' ? 1 : 0
      // A month taken as a date ('2026-03-01', which validation accepts) is stored as its month.
      else v = f.type === 'month' ? String(v).slice(0, 7) : String(v)
    }
    out[columnOf(f)] = v ?? null
  }
  return out
}

/** A 'rows' value as stored: JSON text of the rows with only their declared fields, numbers as numbers. */
export function storedRows(f: FieldDef, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  const rows = rowsOf(value) ?? []
  const subs = f.rows ?? []
  return JSON.stringify(
    rows.map((r) => {
      const out: Row = {}
      for (const sub of subs) {
        const v = r[sub.name]
        if (v === undefined || v === null || v === '') continue
        out[sub.name] =
          (sub.type === 'integer' || sub.type === 'number') && !Number.isNaN(Number(v))
            ? Number(v)
            : v
      }
      return out
    }),
  )
}
