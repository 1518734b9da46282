// The generic reads of a declared entity (page with filters, sort and paging; one row by id) and the
// data scope they apply; shared by the list/detail routes and the Excel export.
import type { EntityDef } from '../../src/domain/entity.ts'
import type { AuthUser } from '../auth/context.ts'
import { dataScopeFor, type DataScopeRule } from '../auth/scopes.ts'
import type { AppContext } from '../core/routes.ts'
import { condition } from './conditions.ts'
import { parseFilters, parsePage, parseSort } from './filters.ts'
import { readPage } from './list-query.ts'
import { ftsMatchOf, isTextFilter } from './text-search.ts'
import { optionLabels, withNames } from './labels.ts'
import { scoped, type ScopeOptions } from './scope.ts'
import { dynamic, toWire, type AnySelect, type Row } from './table.ts'
import { inListLane, isListTimeout } from '../db/list-lanes.ts'
import { badRequest } from '../core/envelope.ts'
import { listCost } from './list-cost.ts'

/** A list statement stopped at its limit (db/list-lanes.ts): the user can narrow the search and try again. */
export const MSG_LIST_TOO_BROAD = '查询范围过大，未能在限定时间内完成，请缩小查询条件后重试'

/** The process's deep-page anchors, while its cache hears every change (auth/page-anchors.ts). */
function anchorsOf(ctx: AppContext) {
  return ctx.accessCache.enabled ? ctx.accessCache.anchors : undefined
}

export async function listRows(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  query: Record<string, string>,
  restrict?: ScopeOptions['restrict'],
) {
  const db = dynamic(ctx.db)
  const filters = parseFilters(def.fields, query)
  const sort = parseSort(def, query)
  const { current, size } = parsePage(query)
  const dataScope = await scopeOf(ctx, def, user)
  const filtered = (from: AnySelect) =>
    scoped(from, def, user, { tenantId: query.tenantId, restrict, dataScope }).where((eb) =>
      eb.and(filters.map((f) => condition(eb, f))),
    )
  const order = sort.length
    ? sort
    : (def.defaultSort ?? [{ field: def.base ? 'createTime' : 'id', dir: 'desc' as const }]).map(
        (s) => ({ name: s.field, dir: s.dir }),
      )
  if (!order.some((s) => s.name === 'id')) order.push({ name: 'id', dir: 'desc' })
  const page = {
    db,
    dialect: ctx.dialect,
    table: def.table,
    filtered,
    textFiltered: filters.some((f) => isTextFilter(def.table, f)),
    fts: ftsMatchOf(ctx.dialect, def.table, filters),
    order,
    size,
    offset: (current - 1) * size,
    anchors: anchorsOf(ctx),
  }
  const cost = await listCost(ctx.tableSizes, db, ctx.dialect, def, filters, order)
  const { rows, total, capped } = await inListLane(cost, () => readPage(page)).catch(
    (e: unknown) => {
      throw isListTimeout(e) ? badRequest(MSG_LIST_TOO_BROAD) : e
    },
  )
  const labels = await optionLabels(ctx, def, user)
  return {
    records: (rows as Row[]).map((r) => withNames(labels, toWire(def, r))),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    searchCount: true,
    ...(capped ? { totalCapped: true } : {}),
  }
}

export async function findRow(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
  id: string,
  restrict?: ScopeOptions['restrict'],
): Promise<Row | null> {
  const row = await scoped(
    dynamic(ctx.db).selectFrom(def.table).selectAll().where('id', '=', id),
    def,
    user,
    { restrict, dataScope: await scopeOf(ctx, def, user) },
  ).executeTakeFirst()
  return (row as Row | undefined) ?? null
}

/** Data scopes apply to entities that record who created a row (create_user / create_dept). */
export async function scopeOf(
  ctx: AppContext,
  def: EntityDef,
  user: AuthUser,
): Promise<DataScopeRule[] | null> {
  return def.base ? dataScopeFor(ctx, user, def.permission) : null
}
