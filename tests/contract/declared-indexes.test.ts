// Every declared equality/range filter and sortable field, and every entity's default order, is
// served by an index led by the list's scope columns (tenant, deletion flag) and that column, so
// lists stay fast at a million rows. Read from the database itself, so a declaration that gains a filter without an index fails here.
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { columnOf } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { defaultOrderColumns, scopeColumns } from '../../server/db/declared-indexes.ts'
import type { DB } from '../../server/db/schema.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

/** The column lists of every index of a table, in index order. */
async function indexesOf(db: Kysely<DB>, dialect: string, table: string): Promise<string[][]> {
  if (dialect === 'sqlite') {
    const names = (
      await sql<{
        name: string
      }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db)
    ).rows
    return Promise.all(
      names.map(async (n) =>
        (
          await sql<{
            name: string
            seqno: number
          }>`select name, seqno from pragma_index_info(${n.name})`.execute(db)
        ).rows
          .sort((a, b) => a.seqno - b.seqno)
          .map((r) => r.name),
      ),
    )
  }
  const rows = (
    await sql<{ index: string; column: string; position: number }>`
      select c.relname as index, a.attname as column, array_position(i.indkey::int2[], a.attnum) as position
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where t.relname = ${table}`.execute(db)
  ).rows
  const byIndex = new Map<string, { column: string; position: number }[]>()
  for (const r of rows) byIndex.set(r.index, [...(byIndex.get(r.index) ?? []), r])
  return [...byIndex.values()].map((cols) =>
    cols.sort((a, b) => a.position - b.position).map((c) => c.column),
  )
}

forEachDatabase('declared filters and sorts have indexes', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  it('serves every declared equality/range filter, sortable field and default order with an index', async () => {
    const missing: string[] = []
    for (const def of entities) {
      const indexes = await indexesOf(s.db, s.dialect, def.table)
      const scope = scopeColumns(def)
      const wanted: [string, string[]][] = [
        [`${def.name} default order`, [...scope, ...defaultOrderColumns(def)]],
      ]
      for (const f of def.fields) {
        const textMatch = f.search === 'like' || f.search === 'likeleft' || f.search === 'likeright'
        if (
          f.secret ||
          f.type === 'rows' ||
          f.multiple ||
          !((f.search && !textMatch) || f.sortable)
        )
          continue
        wanted.push([`${def.name}.${f.name}`, [...scope, columnOf(f)]])
      }
      for (const [what, columns] of wanted) {
        if (!indexes.some((ix) => columns.every((c, i) => ix[i] === c)))
          missing.push(`${what}: ${def.table}(${columns.join(', ')})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('serves every declared text search (like, likeleft, likeright, multiple equal) with a trigram index', async () => {
    const missing: string[] = []
    for (const def of entities) {
      for (const f of def.fields) {
        const substring =
          f.search === 'like' ||
          f.search === 'likeleft' ||
          f.search === 'likeright' ||
          (f.search === 'equal' && f.multiple)
        if (f.secret || f.type === 'rows' || !substring) continue
        if (!(await hasTrigramIndex(s.db, s.dialect, def.table, columnOf(f))))
          missing.push(`${def.name}.${f.name}: ${def.table}(${columnOf(f)})`)
      }
    }
    expect(missing).toEqual([])
  })
})

/**
 * SQLite: an FTS5 trigram table over the column with the table as external content, and the three
 * triggers that keep it in step. PostgreSQL: a GIN gin_trgm_ops index on lower(column).
 */
async function hasTrigramIndex(
  db: Kysely<DB>,
  dialect: string,
  table: string,
  column: string,
): Promise<boolean> {
  if (dialect === 'sqlite') {
    const fts = (
      await sql<{
        name: string
        sql: string
      }>`select name, sql from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(
        db,
      )
    ).rows
    const own = fts.find(
      (t) =>
        /using fts5/i.test(t.sql) &&
        /trigram case_sensitive 0/.test(t.sql) &&
        t.sql.includes(`content='${table}'`) &&
        t.sql.includes(`"${column}"`),
    )
    if (!own) return false
    const triggers = (
      await sql<{
        sql: string
      }>`select sql from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(db)
    ).rows
    return ['after insert', 'after delete', 'after update'].every((when) =>
      triggers.some((t) => t.sql.toLowerCase().includes(when) && t.sql.includes(`"${own.name}"`)),
    )
  }
  const defs = (
    await sql<{
      indexdef: string
    }>`select indexdef from pg_indexes where tablename = ${table}`.execute(db)
  ).rows
  return defs.some(
    (d) =>
      /using gin/i.test(d.indexdef) && d.indexdef.includes(`lower((${column})::text) gin_trgm_ops`),
  )
}
