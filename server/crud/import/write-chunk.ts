// One chunk of checked rows written in one transaction: rows whose key is known within the tenant
// (among live rows) are updated when something changed (version raised, stamp set) or, with
// keepExisting, left alone; the others inserted with multi-row statements. beforeWrite runs per
// row, afterImport once per chunk.
import { columnOf, type EntityDef } from '../../../src/domain/entity.ts'
import type { AuthUser } from '../../auth/context.ts'
import { BladeError } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import type { AppContext } from '../../core/routes.ts'
import type { CrudOptions } from '../options.ts'
import { tenantOf } from '../scope.ts'
import { writableValues, type AnyDb, type Row } from '../table.ts'
import type { WriteState } from '../write-state.ts'
import { keyOf, withDefaults, type ParsedRow } from './parse-rows.ts'

export interface ChunkCounts {
  inserted: number
  updated: number
  unchanged: number
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const blank = (v: unknown) => v === null || v === undefined || v === ''

function same(a: unknown, b: unknown): boolean {
  if (blank(a) || blank(b)) return blank(a) && blank(b)
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return String(a) === String(b)
}

/**
 * The live rows of the tenant whose keys the chunk names, by key. Each key column is matched with
 * IN (its distinct values), a superset sorted out by the map: one index range scan on the live-key
 * index, which PostgreSQL picks even before it has statistics of a freshly filled table (a row-value
 * IN over VALUES was planned as a nested loop over the whole table there: seconds per chunk).
 */
async function existingByKey(
  trx: AnyDb,
  def: EntityDef,
  tenantId: string,
  rows: ParsedRow[],
): Promise<Map<string, Row>> {
  let q = trx
    .selectFrom(def.table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
  for (const name of def.import!.key) {
    const f = def.fields.find((x) => x.name === name)!
    q = q.where(columnOf(f), 'in', [...new Set(rows.map((r) => String(r.input[name] ?? '')))])
  }
  const found = (await q.execute()) as Row[]
  return new Map(found.map((r) => [keyOf(def, r), r]))
}

/** Inserts in statements of at most ~20,000 parameters (SQLite allows 32,766, PostgreSQL 65,535). */
async function insertMany(trx: AnyDb, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return
  const per = Math.max(1, Math.floor(20000 / Object.keys(rows[0]!).length))
  for (let i = 0; i < rows.length; i += per)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + per))
      .execute()
}

/** The import's transaction, and the state its rows' hooks share (one per transaction). */
export interface ImportTx {
  trx: AnyDb
  state: WriteState
}

export async function writeChunk(
  ctx: AppContext,
  { trx, state }: ImportTx,
  def: EntityDef,
  user: AuthUser,
  opts: CrudOptions,
  rows: ParsedRow[],
  importTime: string,
): Promise<ChunkCounts> {
  const tenantId = tenantOf(user)
  await opts.lockImportKeys?.({ ctx, trx, tenantId, inputs: rows.map((r) => r.input) })
  const existing = await existingByKey(trx, def, tenantId, rows)
  const stamp = def.import!.stamp
    ? columnOf(def.fields.find((f) => f.name === def.import!.stamp)!)
    : null
  const counts: ChunkCounts = { inserted: 0, updated: 0, unchanged: 0 }
  const inserts: Row[] = []
  const touched: string[] = []
  const previous: Row[] = []
  const fingerprint = def.import!.fingerprint
    ? columnOf(def.fields.find((f) => f.name === def.import!.fingerprint)!)
    : null
  for (const r of rows) {
    const old = existing.get(keyOf(def, r.input)) ?? null
    if (old && def.import!.keepExisting) {
      counts.unchanged++
      continue
    }
    const input = old ? r.input : withDefaults(def, r.input)
    const values = writableValues(def, input, old ? 'edit' : 'add', 'import')
    // The fingerprint is the import's own (read-only to requests): set here, not from the body.
    if (fingerprint) values[fingerprint] = input[def.import!.fingerprint!]
    try {
      await opts.beforeWrite?.({
        ctx,
        trx,
        user,
        values,
        existing: old,
        input,
        importKeyChecked: !!opts.lockImportKeys,
        state,
      })
    } catch (e) {
      // A rule of the module refused the row (an unknown combo part): say which row, as a row error.
      if (!(e instanceof BladeError)) throw e
      throw new BladeError(e.code, `第 ${r.line} 行: ${e.message}`, {
        data: { errors: [{ row: r.line, column: '', message: e.message }] },
      })
    }
    if (old) {
      if (Object.entries(values).every(([col, v]) => same(v, old[camel(col)]))) {
        counts.unchanged++
        continue
      }
      if (stamp) values[stamp] = importTime
      if (def.base) Object.assign(values, { update_user: user.userId, update_time: importTime })
      values.version = Number(old.version ?? 0) + 1
      await trx
        .updateTable(def.table)
        .set(values)
        .where('id', '=', String(old.id))
        .where('tenant_id', '=', tenantId)
        .execute()
      counts.updated++
      touched.push(String(old.id))
      previous.push(old)
      continue
    }
    const row: Row = { ...values, id: nextId(), version: 1, tenant_id: tenantId }
    if (stamp) row[stamp] = importTime
    if (def.base)
      Object.assign(row, {
        create_user: user.userId,
        create_dept: user.deptIds[0] ?? null,
        create_time: importTime,
        update_user: user.userId,
        update_time: importTime,
        status: values.status ?? 1,
        is_deleted: 0,
      })
    if (opts.importInOrder) await trx.insertInto(def.table).values(row).execute()
    else inserts.push(row)
    counts.inserted++
    touched.push(String(row.id))
  }
  // One column set for every row of a multi-row insert: a column some rows lack is null there.
  const columns = [...new Set(inserts.flatMap((r) => Object.keys(r)))]
  await insertMany(
    trx,
    def.table,
    inserts.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
  )
  if (opts.afterImport && touched.length) {
    const stored = (await trx
      .selectFrom(def.table)
      .selectAll()
      .where('id', 'in', touched)
      .execute()) as Row[]
    await opts.afterImport({ ctx, trx, user, rows: stored, previous, state })
  }
  return counts
}
