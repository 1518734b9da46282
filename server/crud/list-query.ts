// How the generic list reads a page and its total at a million rows (README "Lists at a
// million rows"):
// - text filters use the trigram index of their column (server/crud/text-search.ts), and when they
//   match few rows the page and its total come from one read of the matches;
// - deep pages pick their keys from the covering index first, and read only the page's rows from
//   the table; a page after one read before starts from that page's anchor
//   (auth/page-anchors.ts), an index seek instead of a walk over every row before it;
// - the total is counted up to a cap: exact below it, `total` = the cap and `totalCapped: true`
//   above it, so counting never walks more rows than the page itself does. Exact counts of a
//   million rows would cost a full index walk per call (30+ ms), or counter rows kept by triggers on
//   every write of every table, which a data scope or any filter bypasses anyway.
import { sql, type Expression, type SqlBool } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { PageAnchorStore } from '../auth/page-anchors.ts'
import type { AnyDb, AnySelect } from './table.ts'
import { ftsHits, rowidIn, type FtsMatch } from './text-search.ts'

/** The count stops here unless the requested page lies further; then it goes a few pages past it. */
export const COUNT_CAP = 10_000
const PAGES_PAST = 10
/** Offsets below this read their rows directly: a deferred join only pays off past a few pages. */
const DEFER_FROM = 200

export interface PageQuery {
  dialect: Dialect
  db: AnyDb
  table: string
  /** The scoped, filtered query over `from` (no select list yet). */
  filtered: (from: AnySelect) => AnySelect
  /** The list has a filter a trigram index serves (isTextFilter). */
  textFiltered: boolean
  /** SQLite: the FTS5 query of those filters. */
  fts?: FtsMatch
  order: { name: string; dir: 'asc' | 'desc' }[]
  size: number
  offset: number
  /** Where this process keeps deep-page anchors; absent while changes cannot be heard. */
  anchors?: PageAnchorStore
}

/** The scoped, filtered rows; on SQLite a text filter's FTS5 matches too. */
const baseOf = (q: PageQuery): AnySelect => {
  const base = q.filtered(q.db.selectFrom(q.table))
  return q.fts ? base.where(rowidIn(q.table, q.fts)) : base
}

const sorted = (s: AnySelect, order: PageQuery['order'], prefix = '') =>
  order.reduce((acc, o) => acc.orderBy(`${prefix}${o.name}`, o.dir), s)

/** The column a shallow page's rows carry their capped total in (removed before they leave here). */
const TOTAL_COLUMN = 'listTotalCapped'

/** The rows of the list up to `cap` + 1, counted: a scalar subquery the database runs once per statement. */
const cappedCount = (q: PageQuery, cap: number, after?: Expression<SqlBool>) =>
  q.db
    .selectFrom(
      baseOf(q)
        .where(after ?? sql<SqlBool>`1 = 1`)
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('counted'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))

/**
 * A shallow page and its capped total in ONE statement (the total as a scalar subquery on each row):
 * one read, so one message to a SQLite reader or one round trip to PostgreSQL per list instead of two.
 */
async function shallowPage(
  q: PageQuery,
): Promise<{ rows: Record<string, unknown>[]; total: number; capped: boolean } | undefined> {
  const cap = Math.max(COUNT_CAP, q.offset + q.size * PAGES_PAST)
  const rows = await sorted(
    baseOf(q).selectAll(q.table).select(cappedCount(q, cap).as(TOTAL_COLUMN)),
    q.order,
  )
    .limit(q.size)
    .offset(q.offset)
    .execute()
  // No row, no total: a page past the end counts on its own (cappedTotal).
  if (rows.length === 0) return q.offset === 0 ? { rows, total: 0, capped: false } : undefined
  const n = Number(rows[0]![TOTAL_COLUMN])
  const page = withoutColumn(rows, TOTAL_COLUMN)
  return n > cap
    ? { rows: page, total: cap, capped: true }
    : { rows: page, total: n, capped: false }
}

/** Copies of the rows without a helper column: `delete` leaves V8 objects slow to spread and serialise. */
function withoutColumn(rows: Record<string, unknown>[], column: string): Record<string, unknown>[] {
  return rows.map(({ [column]: _dropped, ...row }) => row)
}

/** The page's rows, in order. Past DEFER_FROM the keys come from the index first, then the rows by id. */
async function pageRows(q: PageQuery): Promise<Record<string, unknown>[]> {
  if (q.offset < DEFER_FROM)
    return sorted(baseOf(q).selectAll(), q.order).limit(q.size).offset(q.offset).execute()
  const keys = await deepKeys(q)
  if (keys.length === 0) return []
  return sorted(
    q.db
      .selectFrom(q.table)
      .selectAll()
      .where(
        'id',
        'in',
        keys.map((k) => k.id as string),
      ),
    q.order,
  ).execute()
}

/**
 * The keys (id and order columns) of a deep page, from the index. From the nearest anchor before
 * the page when one is known; the row before the page and the page's last row become anchors.
 */
async function deepKeys(q: PageQuery): Promise<Record<string, unknown>[]> {
  const columns = [...new Set(['id', ...q.order.map((o) => o.name)])]
  const store = q.anchors
  const list = store ? JSON.stringify([baseOf(q).select('id').compile(), q.order]) : ''
  const generation = store?.generation(q.table) ?? 0
  const start = store?.nearest(q.table, list, q.offset)
  const seek = start ? seekPast(q, start.row) : undefined
  const skip = seek ? q.offset - start!.offset : q.offset
  // One row before the page, when rows are skipped: the anchor of this very page for the next read.
  const before = store && skip > 0 ? 1 : 0
  const read = (where: Expression<SqlBool> | undefined, from: number, count: number) =>
    sorted(
      baseOf(q)
        .where(where ?? sql<SqlBool>`1 = 1`)
        .select(columns),
      q.order,
    )
      .limit(count)
      .offset(from)
      .execute()
  let keys = await read(seek?.where, skip - before, q.size + before)
  // Seeking left out the rows whose first order column is NULL, which sort after the others here:
  // a page that runs short may lie among them, so it is read by walking instead.
  if (seek?.nullsMayFollow && keys.length < q.size + before)
    keys = await read(undefined, q.offset - before, q.size + before)
  const page = keys.slice(before)
  if (store) {
    const keep = (offset: number, row: Record<string, unknown> | undefined) => {
      if (row && afterRow(q, row)) store.remember(q.table, list, generation, { offset, row })
    }
    if (before) keep(q.offset, keys[0])
    if (page.length === q.size) keep(q.offset + q.size, page[page.length - 1])
  }
  return page
}

/**
 * The rows after an anchor as an index seek: afterRow's exact condition (an OR no index serves
 * alone) under a range on the first order column (`col <= v` descending, `>= v` ascending), which the
 * list's index seeks to. That range leaves out NULLs of that column: exact when they sort before the
 * anchor; otherwise `nullsMayFollow`. Undefined when the anchor cannot be compared back (or is NULL).
 */
function seekPast(
  q: PageQuery,
  row: Record<string, unknown>,
): { where: Expression<SqlBool>; nullsMayFollow: boolean } | undefined {
  const exact = afterRow(q, row)
  const first = q.order[0]!
  const v = row[first.name]
  if (!exact || v === null || v === undefined) return undefined
  const bound =
    first.dir === 'desc'
      ? sql<SqlBool>`${sql.ref(first.name)} <= ${v}`
      : sql<SqlBool>`${sql.ref(first.name)} >= ${v}`
  const nullsAfter = q.dialect === 'sqlite' ? first.dir === 'desc' : first.dir === 'asc'
  return { where: sql<SqlBool>`(${bound} and ${exact})`, nullsMayFollow: nullsAfter }
}

/** The page and its total; a text-filtered list tries the one-query read of few matches first. */
export async function readPage(
  q: PageQuery,
): Promise<{ rows: Record<string, unknown>[]; total: number; capped: boolean }> {
  const small = q.textFiltered ? await smallMatchPage(q) : undefined
  if (small) return { ...small, capped: false }
  if (q.offset < DEFER_FROM) {
    const shallow = await shallowPage(q)
    if (shallow) return shallow
  }
  const rows = await pageRows(q)
  return { rows, ...(await cappedTotal(q, rows)) }
}

/** A text-filtered list that matches at most this many rows is read, counted and paged in one query. */
const SMALL_MATCH = 1000

/**
 * Page and total together, for a text filter (usually few matches, each trigram scan costly): the
 * matches up to SMALL_MATCH + 1 in one scan, counted by a window and paged over. More matches than
 * that, or a page past the end: undefined, and the caller reads the page and counts as usual.
 */
async function smallMatchPage(
  q: PageQuery,
): Promise<{ rows: Record<string, unknown>[]; total: number } | undefined> {
  // SQLite: CROSS JOIN keeps the FTS5 matches the outer loop (rows by rowid), whatever the statistics
  // say; the planner could otherwise walk a whole index checking each rowid against the matches.
  const from = q.fts
    ? q
        .filtered(q.db.selectFrom(ftsHits(q.fts).as('text_hits')).crossJoin(q.table))
        .where(sql<SqlBool>`${sql.ref(`${q.table}.rowid`)} = text_hits.hit`)
    : baseOf(q)
  const matches = from
    .selectAll(q.table)
    .limit(SMALL_MATCH + 1)
    .as('matches')
  const paged = sorted(
    q.db
      .selectFrom(matches)
      .selectAll('matches')
      .select(sql<number>`count(*) over ()`.as('matchCount')),
    q.order,
    'matches.',
  )
  const rows = await paged.limit(q.size).offset(q.offset).execute()
  const matched = rows.length ? Number(rows[0]!.matchCount) : q.offset === 0 ? 0 : undefined
  if (matched === undefined || matched > SMALL_MATCH) return undefined
  return { rows: withoutColumn(rows, 'matchCount'), total: matched }
}

/** The total, counted up to what the page needs plus a few pages, and at least COUNT_CAP. */
async function cappedTotal(
  q: PageQuery,
  rows: Record<string, unknown>[],
): Promise<{ total: number; capped: boolean }> {
  // A partly filled page tells the total without counting.
  if (rows.length > 0 && rows.length < q.size)
    return { total: q.offset + rows.length, capped: false }
  if (rows.length === 0 && q.offset === 0) return { total: 0, capped: false }
  const cap = Math.max(COUNT_CAP, q.offset + q.size * PAGES_PAST)
  // A full deep page: count only the rows after its last one (a short index range), not the offset again.
  const after =
    rows.length && q.offset >= DEFER_FROM ? afterRow(q, rows[rows.length - 1]!) : undefined
  const skipped = after ? q.offset + rows.length : 0
  const row = await cappedCount(q, cap - skipped, after).executeTakeFirst()
  const n = skipped + Number(row?.total ?? 0)
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false }
}

/**
 * The rows strictly after `last` in the list's order: for each order column, the ones before it equal
 * and this one beyond. NULLs sort first in ascending order on SQLite and last on PostgreSQL, so a
 * NULL value or a column whose NULLs come after takes its own branch. Undefined when a value is not
 * a plain string or number (a driver's Date would not compare back exactly): then the count walks.
 */
function afterRow(q: PageQuery, last: Record<string, unknown>): Expression<SqlBool> | undefined {
  const values = q.order.map((o) => last[o.name])
  if (!values.every((v) => v === null || typeof v === 'string' || typeof v === 'number'))
    return undefined
  // Field names, as orderBy has them: the CamelCasePlugin maps them to columns.
  const ref = (name: string) => sql.ref(name)
  const branches: Expression<SqlBool>[] = []
  q.order.forEach((o, k) => {
    const v = values[k]
    const nullsAfter = q.dialect === 'sqlite' ? o.dir === 'desc' : o.dir === 'asc'
    const col = ref(o.name)
    let beyond: Expression<SqlBool> | null
    if (v === null) beyond = nullsAfter ? null : sql<SqlBool>`${col} is not null`
    else {
      const compared = o.dir === 'desc' ? sql<SqlBool>`${col} < ${v}` : sql<SqlBool>`${col} > ${v}`
      beyond = nullsAfter ? sql<SqlBool>`(${compared} or ${col} is null)` : compared
    }
    const equalBefore = q.order
      .slice(0, k)
      .map((p, j) =>
        values[j] === null
          ? sql<SqlBool>`${ref(p.name)} is null`
          : sql<SqlBool>`${ref(p.name)} = ${values[j]}`,
      )
    if (beyond)
      branches.push(
        sql.join([...equalBefore, beyond], sql` and `) as unknown as Expression<SqlBool>,
      )
  })
  return branches.length
    ? sql<SqlBool>`(${sql.join(
        branches.map((b) => sql`(${b})`),
        sql` or `,
      )})`
    : sql<SqlBool>`1 = 0`
}
