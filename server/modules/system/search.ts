// Map-style list filters (docs/contract.md §4) for the system lists that read rows into memory to build
// forests and lazy levels: the engine parses the declared search fields (suffixes included) and
// compiles them; the database says which rows match, so every operator behaves exactly as on the
// generic lists.
import type { Kysely } from 'kysely'
import type { EntityDef } from '../../../src/domain/entity.ts'
import { allOf } from '../../crud/conditions.ts'
import { parseSearchFilters } from '../../crud/filters.ts'
import { dynamic } from '../../crud/table.ts'
import type { DB } from '../../db/schema.ts'

export interface Search {
  /** Whether the query names any filter (a lazy list then answers matches from every level). */
  searching: boolean
  /** Whether the row with this id matches every filter (all rows when there are none). */
  has: (id: string) => boolean
}

/** The filters of `query` on the declaration's search fields, over live rows (of `tenantId` when given). */
export async function searchOf(
  db: Kysely<DB>,
  def: EntityDef,
  query: Record<string, string>,
  tenantId?: string,
): Promise<Search> {
  const filters = parseSearchFilters(def, query)
  if (filters.length === 0) return { searching: false, has: () => true }
  let q = dynamic(db)
    .selectFrom(def.table)
    .select('id')
    .where('is_deleted', '=', 0)
    .where((eb) => allOf(eb, filters))
  if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId)
  const ids = new Set(((await q.execute()) as { id: string }[]).map((r) => String(r.id)))
  return { searching: true, has: (id) => ids.has(id) }
}
