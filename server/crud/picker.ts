// The `select` endpoints of pickers (a KOL, a stock count, a single product): the live rows of the
// caller's tenant as a plain array (what select options want), a few columns, a fixed order and cap.
import type { Access } from '../core/access.ts'
import { ok } from '../core/envelope.ts'
import { caller } from '../auth/context.ts'
import type { AppContext, RouteDef } from '../core/routes.ts'
import { dynamic, type AnySelect, type Row } from './table.ts'

export interface PickerOptions {
  url: string
  access: Access
  table: string
  /** Snake-case columns; answered camelCase. */
  columns: string[]
  orderBy: Array<[column: string, dir: 'asc' | 'desc']>
  /** At most this many rows (default 500). */
  limit?: number
  /** Further conditions (e.g. single products only). */
  where?: (q: AnySelect) => AnySelect
  /** Shapes each answered row (e.g. a label that never is empty). */
  map?: (row: Row) => Row
}

export function pickerRoute(ctx: AppContext, o: PickerOptions): RouteDef {
  return {
    method: 'GET',
    url: o.url,
    access: o.access,
    handler: async (req) => {
      let q = dynamic(ctx.db)
        .selectFrom(o.table)
        .select(o.columns)
        .where('tenant_id', '=', caller(req).tenantId)
        .where('is_deleted', '=', 0) as AnySelect
      if (o.where) q = o.where(q)
      for (const [column, dir] of o.orderBy) q = q.orderBy(column, dir)
      const rows = (await q.limit(o.limit ?? 500).execute()) as Row[]
      return ok(o.map ? rows.map(o.map) : rows)
    },
  }
}
