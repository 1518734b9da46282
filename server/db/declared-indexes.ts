// Indexes from the entity declarations, so lists stay fast at a million rows: every list reads `tenant_id` + `is_deleted` and
// orders by its default sort, and every declared equality/range filter and sortable field narrows or
// orders by one column; each gets an index led by those, ending in the key (`id`, the tie-breaker of
// every order). Text matching (`like`) gets trigram indexes from text-indexes.ts. Made after the
// migrations with IF NOT EXISTS, so a declaration that gains a filter gets its index at the next start.
import { createHash } from 'node:crypto'
import { sql, SqliteIntrospector, type Kysely } from 'kysely'
import { columnOf, type EntityDef } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { ensureTextIndexes } from './text-indexes.ts'

export interface IndexSpec {
  name: string
  table: string
  columns: string[]
  /** What the index serves, for the test's messages. */
  serves: string
}

const TEXT_MATCH = new Set(['like', 'likeleft', 'likeright'])

/** The columns every list of the entity filters by first. */
export function scopeColumns(def: EntityDef): string[] {
  return [...(def.tenant ? ['tenant_id'] : []), ...(def.softDelete ? ['is_deleted'] : [])]
}

/** The key column: `id`, or the declared key (regions are keyed by code). */
function keyColumn(def: EntityDef): string {
  return def.key ? columnOf(def.fields.find((f) => f.name === def.key) ?? { name: def.key }) : 'id'
}

export function defaultOrderColumns(def: EntityDef): string[] {
  const fields =
    def.defaultSort?.map((s) => def.fields.find((f) => f.name === s.field) ?? { name: s.field }) ??
    []
  return fields.length
    ? fields.map((f) => columnOf(f))
    : [def.base ? 'create_time' : keyColumn(def)]
}

/**
 * The declared filters and sorts an index must serve: the fields, by name. An equality filter's index
 * goes on in the default order, so a page of it reads its first rows in order instead of sorting
 * every match (5,000 stock lines of one device); a range or a sort needs the column alone.
 */
function indexedFields(def: EntityDef): { name: string; columns: string[] }[] {
  const out: { name: string; columns: string[] }[] = []
  for (const f of def.fields) {
    if (
      f.secret ||
      f.type === 'rows' ||
      f.multiple ||
      !((f.search && !TEXT_MATCH.has(f.search)) || f.sortable)
    )
      continue
    if (f.search === 'equal')
      out.push({ name: f.name, columns: [columnOf(f), ...defaultOrderColumns(def)] })
    if (f.sortable || (f.search && f.search !== 'equal'))
      out.push({ name: f.name, columns: [columnOf(f)] })
  }
  return out
}

function spec(table: string, columns: string[], key: string, serves: string): IndexSpec {
  const unique = [...new Set([...columns, key])]
  const hash = createHash('sha256')
    .update(`${table}:${unique.join(',')}`)
    .digest('hex')
    .slice(0, 10)
  return { name: `dx_${table.slice(0, 40)}_${hash}`, table, columns: unique, serves }
}

export function declaredIndexes(defs: readonly EntityDef[] = entities): IndexSpec[] {
  const out = new Map<string, IndexSpec>()
  for (const def of defs) {
    const scope = scopeColumns(def)
    const key = keyColumn(def)
    const all = [
      spec(def.table, [...scope, ...defaultOrderColumns(def)], key, `${def.name} default order`),
      ...indexedFields(def).map((f) =>
        spec(def.table, [...scope, ...f.columns], key, `${def.name}.${f.name}`),
      ),
    ]
    for (const s of all) out.set(s.name, s)
  }
  return [...out.values()]
}

/** Creates the declared indexes that are missing; a declared column the table lacks is reported, not indexed. */
export async function ensureDeclaredIndexes(db: Kysely<unknown>): Promise<string[]> {
  const tables = new Map(
    (await db.introspection.getTables()).map((t) => [
      t.name,
      new Set(t.columns.map((c) => c.name)),
    ]),
  )
  const sqlite = db.introspection instanceof SqliteIntrospector
  const existing = sqlite
    ? new Set(
        (
          await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(
            db,
          )
        ).rows.map((r) => r.name),
      )
    : null
  const skipped: string[] = []
  const created: string[] = []
  for (const s of declaredIndexes()) {
    const columns = tables.get(s.table)
    if (!columns || !s.columns.every((c) => columns.has(c))) {
      skipped.push(`${s.serves}: ${s.table}(${s.columns.join(', ')})`)
      continue
    }
    if (existing && !existing.has(s.name)) created.push(s.name)
    await db.schema.createIndex(s.name).ifNotExists().on(s.table).columns(s.columns).execute()
  }
  // SQLite plans from sqlite_stat1 when ANALYZE has ever run: a new index without a row there looks
  // far more selective than its analyzed siblings, and a list would sort a million rows through it.
  if (
    created.length &&
    (await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows.length
  ) {
    for (const name of created) await sql`analyze ${sql.id(name)}`.execute(db)
  }
  return [...skipped, ...(await ensureTextIndexes(db))]
}
