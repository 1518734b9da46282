// Which lane a list's statements take (db/list-lanes.ts), known before they run from the filter kinds
// and the sort: a list must scan its table when no index narrows its rows and a filter no index
// serves (a `like` term of 1–2 characters, which has no trigram; a column without an index) or a
// sort no index gives makes it read every row to fill a page and count it. Such a list goes on the
// scan lane only when its table is large: over a few thousand rows a scan costs what an index does.
import { sql } from 'kysely'
import { columnOf, type EntityDef } from '../../src/domain/entity.ts'
import type { Dialect } from '../db/database.ts'
import { declaredIndexes, scopeColumns } from '../db/declared-indexes.ts'
import type { ListCost } from '../db/list-lanes.ts'
import type { Filter, Operator } from './filters.ts'
import type { AnyDb } from './table.ts'
import { isTextFilter } from './text-search.ts'

/** Tables up to this many rows are read on the cheap lane whatever the list asks. */
export const SCAN_ROWS = 50_000
/** How long a table's size estimate is kept. */
const ESTIMATE_MS = 30_000

/** What an index on the filter's column can seek to (text matching aside: trigram indexes serve it). */
const SEEKABLE: Operator[] = [
  'equal',
  'dateequal',
  'ge',
  'gt',
  'le',
  'lt',
  'between',
  'datege',
  'dategt',
  'datele',
  'datelt',
]

type Def = Pick<
  EntityDef,
  'table' | 'fields' | 'tenant' | 'softDelete' | 'base' | 'defaultSort' | 'key'
>
type Order = { name: string; dir: 'asc' | 'desc' }[]

const leadingByTable = new Map<string, Set<string>>()

/** The columns a declared index of the table leads with, after the tenant and deletion columns every list reads. */
function indexLeads(def: Def): Set<string> {
  let leads = leadingByTable.get(def.table)
  if (!leads) {
    const scope = scopeColumns(def as EntityDef).length
    leads = new Set([
      'id',
      ...declaredIndexes([def as EntityDef])
        .map((s) => s.columns[scope]!)
        .filter(Boolean),
    ])
    leadingByTable.set(def.table, leads)
  }
  return leads
}

/** The column of a field name as lists order by it (createTime, updateTime and id are not declared fields). */
function columnOfName(def: Def, name: string): string {
  const field = def.fields.find((f) => f.name === name)
  return field ? columnOf(field) : name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

/** An index finds this filter's rows without reading the others. */
function served(def: Def, f: Filter): boolean {
  if (isTextFilter(def.table, f)) return true
  return !f.field.multiple && SEEKABLE.includes(f.op) && indexLeads(def).has(columnOf(f.field))
}

/** 'scan' when the list must read every row of its table (the table's size decides the lane), else 'index'. */
export function listShape(def: Def, filters: Filter[], order: Order): 'index' | 'scan' {
  if (filters.some((f) => served(def, f))) return 'index'
  const first = order[0]
  const ordered = !first || indexLeads(def).has(columnOfName(def, first.name))
  return ordered && filters.length === 0 ? 'index' : 'scan'
}

/** Tables' size estimates, each with when it was read: one store per app (AppContext.tableSizes). */
export type TableSizes = Map<string, { rows: number; at: number }>

declare module '../core/routes.ts' {
  interface AppContext {
    /** Table size estimates that choose a list's lane. */
    tableSizes: TableSizes
  }
}

/**
 * About how many rows the table holds, without counting them: SQLite's largest rowid (an index
 * seek; deleted rows leave gaps, so it errs high), PostgreSQL's planner statistics (or the table's
 * size on disk before the first ANALYZE). Kept for a while in `sizes`.
 */
async function estimatedRows(
  sizes: TableSizes,
  db: AnyDb,
  dialect: Dialect,
  table: string,
): Promise<number> {
  const kept = sizes.get(table)
  if (kept && Date.now() - kept.at < ESTIMATE_MS) return kept.rows
  let rows: number
  if (dialect === 'sqlite') {
    const r = await sql<{
      n: number | null
    }>`select max(rowid) as n from ${sql.table(table)}`.execute(db)
    rows = Number(r.rows[0]?.n ?? 0)
  } else {
    const r = await sql<{
      tuples: number
      bytes: number
    }>`select reltuples::float8 as tuples, pg_relation_size(oid)::float8 as bytes from pg_class where oid = to_regclass(${table})`.execute(
      db,
    )
    const row = r.rows[0]
    // About 100 bytes a row: a guess only until ANALYZE (autovacuum runs it) gives the count.
    rows = !row ? 0 : row.tuples >= 0 ? row.tuples : row.bytes / 100
  }
  sizes.set(table, { rows, at: Date.now() })
  return rows
}

/** The lane of a list: the scan lane for a list that must scan a large table. */
export async function listCost(
  sizes: TableSizes,
  db: AnyDb,
  dialect: Dialect,
  def: Def,
  filters: Filter[],
  order: Order,
): Promise<ListCost> {
  if (listShape(def, filters, order) === 'index') return 'cheap'
  return (await estimatedRows(sizes, db, dialect, def.table)) > SCAN_ROWS ? 'scan' : 'cheap'
}
