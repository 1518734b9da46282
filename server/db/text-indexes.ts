// Trigram indexes for the declared text searches, so substring filters stay fast at a million rows: every field a list matches as a substring
// (search like/likeleft/likeright, or `equal` on a comma-joined multiple field, which matches as a
// substring too) gets one. SQLite: one FTS5 table per entity table with the `trigram` tokenizer over
// those columns, an external-content index (content = the table, kept in step by triggers), which the
// list consults as a pre-filter (server/crud/text-search.ts). PostgreSQL: a GIN gin_trgm_ops index on
// `lower(column)`, the very expression the condition compares, so the planner uses it directly.
// Made after the migrations from the declarations, idempotent, like the b-tree ones.
import { createHash } from 'node:crypto'
import { sql, SqliteIntrospector, type Kysely } from 'kysely'
import { columnOf, type EntityDef, type FieldDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'

const TEXT_MATCH = new Set(['like', 'likeleft', 'likeright'])

/** A declared field whose search compares it as a substring (lower(col) like '%…%'). */
function isTextSearch(f: FieldDef): boolean {
  if (f.secret || f.type === 'rows' || !f.search) return false
  return TEXT_MATCH.has(f.search) || (f.search === 'equal' && !!f.multiple)
}

export interface TextIndexSpec {
  table: string
  columns: string[]
  /** The SQLite FTS5 table: its name changes with its column list, so a new declaration makes a new one. */
  fts: string
}

const hashOf = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 10)

/** One spec per table: the text-search columns of every entity declared over it. */
export function textIndexes(defs: readonly EntityDef[] = entities): TextIndexSpec[] {
  const byTable = new Map<string, Set<string>>()
  for (const def of defs) {
    for (const f of def.fields.filter(isTextSearch))
      byTable.set(def.table, (byTable.get(def.table) ?? new Set()).add(columnOf(f)))
  }
  return [...byTable].map(([table, set]) => {
    const columns = [...set].sort()
    return { table, columns, fts: ftsName(table, columns) }
  })
}

const FTS_PREFIX = 'fx_'
const ftsName = (table: string, columns: string[]) =>
  `${FTS_PREFIX}${table.slice(0, 40)}_${hashOf(`${table}:${columns.join(',')}`)}`
export const pgTrigramIndexName = (table: string, column: string) =>
  `tx_${table.slice(0, 40)}_${hashOf(`${table}:${column}`)}`

/** FTS5 tables and their shadow tables hold index entries, not rows (tests that fingerprint every table skip them). */
export const isTextIndexTable = (name: string): boolean => name.startsWith(FTS_PREFIX)

let specByTable: Map<string, TextIndexSpec> | undefined
/** The FTS5 table over `table` that indexes `column`, if the declarations give it one. */
export function ftsTableFor(table: string, column: string): string | undefined {
  specByTable ??= new Map(textIndexes().map((s) => [s.table, s]))
  const s = specByTable.get(table)
  return s?.columns.includes(column) ? s.fts : undefined
}

/** Creates the missing trigram indexes; returns what it could not make (missing column, no pg_trgm). */
export async function ensureTextIndexes(db: Kysely<unknown>): Promise<string[]> {
  const tables = new Map(
    (await db.introspection.getTables()).map((t) => [
      t.name,
      new Map(t.columns.map((c) => [c.name, c.dataType.toLowerCase()])),
    ]),
  )
  const sqlite = db.introspection instanceof SqliteIntrospector
  const skipped: string[] = []
  const usable: TextIndexSpec[] = []
  for (const s of textIndexes()) {
    const columns = tables.get(s.table)
    const missing = s.columns.filter((c) => !columns?.has(c))
    if (missing.length)
      skipped.push(`text search ${s.table}(${missing.join(', ')}): no such column`)
    else usable.push(s)
  }
  if (sqlite) {
    for (const s of usable) await ensureFts(db, s)
    return skipped
  }
  try {
    await sql`create extension if not exists pg_trgm`.execute(db)
  } catch (e) {
    console.error(
      `pg_trgm unavailable (${(e as Error).message}): text searches scan their tables instead of a trigram index`,
    )
    return [...skipped, 'pg_trgm']
  }
  for (const s of usable) {
    for (const c of s.columns) {
      const type = tables.get(s.table)?.get(c) ?? ''
      if (!/char|text/.test(type)) {
        skipped.push(`text search ${s.table}.${c}: type ${type} is not text`)
        continue
      }
      await sql`create index if not exists ${sql.id(pgTrigramIndexName(s.table, c))} on ${sql.table(s.table)} using gin (lower(${sql.ref(c)}) gin_trgm_ops)`.execute(
        db,
      )
    }
  }
  return skipped
}

/** The FTS5 table, its triggers and its contents; an older one over another column list is dropped. */
async function ensureFts(db: Kysely<unknown>, s: TextIndexSpec): Promise<void> {
  // Exactly this table's (fx_<table>_<hash>): blade_code's prefix also begins blade_code_setting's.
  const own = new RegExp(`^${FTS_PREFIX}${s.table.slice(0, 40)}_[0-9a-f]{10}$`)
  const existing = (
    await sql<{
      name: string
    }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%' and name like ${`${FTS_PREFIX}${s.table.slice(0, 40)}\\_%`} escape '\\'`.execute(
      db,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => own.test(name))
  if (existing.includes(s.fts)) return
  const fts = sql.table(s.fts)
  const table = sql.table(s.table)
  const cols = sql.join(s.columns.map((c) => sql.ref(c)))
  const of = (row: 'new' | 'old') => sql.join(s.columns.map((c) => sql.ref(`${row}.${c}`)))
  await db.transaction().execute(async (tx) => {
    for (const old of existing) {
      for (const suffix of ['ai', 'ad', 'au'])
        await sql`drop trigger if exists ${sql.id(`${old}_${suffix}`)}`.execute(tx)
      await sql`drop table if exists ${sql.table(old)}`.execute(tx)
    }
    await sql`create virtual table ${fts} using fts5(${cols}, content=${sql.lit(s.table)}, content_rowid='rowid', tokenize='trigram case_sensitive 0')`.execute(
      tx,
    )
    await sql`create trigger ${sql.id(`${s.fts}_ai`)} after insert on ${table} begin insert into ${fts}(rowid, ${cols}) values (new.rowid, ${of('new')}); end`.execute(
      tx,
    )
    await sql`create trigger ${sql.id(`${s.fts}_ad`)} after delete on ${table} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${of('old')}); end`.execute(
      tx,
    )
    // Only a change of an indexed column touches the index: soft deletes and other edits do not (rowids never change here).
    await sql`create trigger ${sql.id(`${s.fts}_au`)} after update of ${cols} on ${table} begin
      insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${of('old')});
      insert into ${fts}(rowid, ${cols}) values (new.rowid, ${of('new')}); end`.execute(tx)
    await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(tx)
  })
}
