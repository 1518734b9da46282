// Every declared equality/range filter and sortable field, and every entity's default order, is
// served by an index led by the list's scope columns (tenant, deletion flag) and that column (issue
// E). Read from the database itself, so a declaration that gains a filter without an index fails here.
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
    const names = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db)).rows
    return Promise.all(names.map(async (n) => (await sql<{ name: string; seqno: number }>`select name, seqno from pragma_index_info(${n.name})`.execute(db)).rows.sort((a, b) => a.seqno - b.seqno).map((r) => r.name)))
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
  return [...byIndex.values()].map((cols) => cols.sort((a, b) => a.position - b.position).map((c) => c.column))
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
      const wanted: [string, string[]][] = [[`${def.name} default order`, [...scope, ...defaultOrderColumns(def)]]]
      for (const f of def.fields) {
        const textMatch = f.search === 'like' || f.search === 'likeleft' || f.search === 'likeright'
        if (f.secret || f.type === 'rows' || f.multiple || !((f.search && !textMatch) || f.sortable)) continue
        wanted.push([`${def.name}.${f.name}`, [...scope, columnOf(f)]])
      }
      for (const [what, columns] of wanted) {
        if (!indexes.some((ix) => columns.every((c, i) => ix[i] === c))) missing.push(`${what}: ${def.table}(${columns.join(', ')})`)
      }
    }
    expect(missing).toEqual([])
  })
})
