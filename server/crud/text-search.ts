// Text filters served by the trigram indexes of server/db/text-indexes.ts. PostgreSQL needs nothing
// here: its GIN index is on the condition's own expression (lower(col) like lower($1)). On SQLite the
// FTS5 table is asked for the rowids first: its match finds a superset of the condition's rows (it
// folds case beyond ASCII, where lower() does not), and the condition, still applied, keeps the
// answer exactly what it was without the index.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import { columnOf } from '../../src/domain/entity.ts'
import type { Dialect } from '../db/database.ts'
import { ftsTableFor } from '../db/text-indexes.ts'
import type { Filter } from './filters.ts'

const TEXT_OPS = new Set(['like', 'likeleft', 'likeright'])

/** A substring filter of 3+ characters (a trigram needs 3) on a column the declarations give a trigram index. */
export function isTextFilter(table: string, f: Filter): boolean {
  const substring = TEXT_OPS.has(f.op) || (f.op === 'equal' && !!f.field.multiple)
  return substring && [...f.value].length >= 3 && !!ftsTableFor(table, columnOf(f.field))
}

/** SQLite: the FTS5 table and one query for every text filter of the list (one FTS5 table per table). */
export interface FtsMatch {
  fts: string
  query: string
}

export function ftsMatchOf(
  dialect: Dialect,
  table: string,
  filters: Filter[],
): FtsMatch | undefined {
  const text = dialect === 'sqlite' ? filters.filter((f) => isTextFilter(table, f)) : []
  if (!text.length) return undefined
  // FTS5 phrases: the text as is, double quotes doubled; a column filter keeps each to its column.
  const query = text
    .map((f) => `(${columnOf(f.field)} : "${f.value.replace(/"/g, '""')}")`)
    .join(' AND ')
  return { fts: ftsTableFor(table, columnOf(text[0]!.field))!, query }
}

/** The matching rowids, as a subquery with one column `hit`. */
export function ftsHits(m: FtsMatch): RawBuilder<{ hit: number }> {
  return sql<{
    hit: number
  }>`(select rowid as hit from ${sql.table(m.fts)} where ${sql.table(m.fts)} match ${m.query})`
}

/** `table.rowid in (matches)`: the planner may still walk an index in the list's order and check membership. */
export function rowidIn(table: string, m: FtsMatch): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.rowid`)} in (select rowid from ${sql.table(m.fts)} where ${sql.table(m.fts)} match ${m.query})`
}
