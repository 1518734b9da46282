// Generic Blade endpoints built from an entity declaration: list/page (filters, sort, paging),
// detail, submit/save/update (validated, one transaction) and remove (soft delete). Each route
// declares its permission: the menu code to read, `<prefix>_add|_edit|_delete` to write.
import type { FastifyRequest } from 'fastify'
import type { EntityDef } from '../../src/domain/entity.ts'
import { button, type Access, type AuthUser } from '../auth/context.ts'
import { dataScopeFor, type DataScopeRule } from '../auth/scopes.ts'
import { badRequest, done, notFound, ok } from '../http/envelope.ts'
import { isId } from '../http/ids.ts'
import { body as jsonBody, caller, params, type AppContext, type RouteDef } from '../http/routes.ts'
import { writeButtonsFor } from './access.ts'
import { condition } from './conditions.ts'
import { exportXlsx } from './export.ts'
import { parseFilters, parsePage, parseSort } from './filters.ts'
import { idempotent } from './idempotency.ts'
import { optionLabels, withNames } from './labels.ts'
import { currentBody, payloadVersionOf } from './payload-version.ts'
import { scoped, type ScopeOptions } from './scope.ts'
import { dynamic, toWire, type AnyDb, type Row } from './table.ts'
import { removeRows, writeRow } from './write.ts'

export interface CrudOptions {
  /** Which of the generic routes to expose (default: all). */
  routes?: ('list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'export')[]
  /** Before a write is stored, in its transaction (computed fields, uniqueness checks). Throw BladeError to refuse. */
  beforeWrite?: (w: WriteContext) => Promise<void> | void
  /** After a write, in the same transaction (rows that belong with it); row is the stored row, camelCase. */
  afterWrite?: (w: WriteContext & { row: Row }) => Promise<void> | void
  /** Before a remove, in its transaction (locks taken in the same order as writes take them). */
  beforeRemove?: (r: { ctx: AppContext; trx: AnyDb; user: AuthUser; ids: string[] }) => Promise<void> | void
  /** After a remove, in the same transaction (totals that follow the removed rows). */
  afterRemove?: (r: { ctx: AppContext; trx: AnyDb; user: AuthUser; ids: string[] }) => Promise<void> | void
  /** Who may read (list, detail, export); default: the entity's menu code. */
  readAccess?: Access
  /** Buttons any one of which allows every write (create and update) instead of `<prefix>_add|_edit`. */
  writeButtons?: string[]
  /** Other menus' button prefixes that also write this entity (the KOL list writes KOL files). */
  writeAlso?: string[]
  /** Single buttons that also allow an update (a quotation's negotiate button). */
  editAlso?: string[]
  /** Extra equality conditions on every read and write of this entity for this caller. */
  restrict?: ScopeOptions['restrict']
}

export interface WriteContext {
  ctx: AppContext
  trx: AnyDb
  user: AuthUser
  /** Columns about to be written (snake_case keys). */
  values: Row
  existing: Row | null
  input: Row
}

export function idsParam(raw: string | undefined): string[] {
  const ids = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  if (ids.length === 0) throw badRequest('请至少选择一条数据')
  if (!ids.every(isId)) throw badRequest('请求参数格式错误: ids')
  return ids
}

export async function listRows(ctx: AppContext, def: EntityDef, user: AuthUser, query: Record<string, string>, restrict?: ScopeOptions['restrict']) {
  const db = dynamic(ctx.db)
  const filters = parseFilters(def.fields, query)
  const sort = parseSort(def.fields, query)
  const { current, size } = parsePage(query)
  const dataScope = await scopeOf(ctx, def, user)
  const base = scoped(db.selectFrom(def.table), def, user, { tenantId: query.tenantId, restrict, dataScope }).where((eb) => eb.and(filters.map((f) => condition(eb, f))))
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const total = Number(countRow?.total ?? 0)
  let q = base.selectAll()
  const order = sort.length ? sort : (def.defaultSort ?? [{ field: def.base ? 'createTime' : 'id', dir: 'desc' as const }]).map((s) => ({ name: s.field, dir: s.dir }))
  for (const s of order) q = q.orderBy(s.name, s.dir)
  if (!order.some((s) => s.name === 'id')) q = q.orderBy('id', 'desc')
  const rows = (await q.limit(size).offset((current - 1) * size).execute()) as Row[]
  const labels = await optionLabels(ctx, def, user)
  return { records: rows.map((r) => withNames(labels, toWire(def, r))), total, size, current, pages: Math.ceil(total / size), orders: [], searchCount: true }
}

export async function findRow(ctx: AppContext, def: EntityDef, user: AuthUser, id: string, restrict?: ScopeOptions['restrict']): Promise<Row | null> {
  const row = await scoped(dynamic(ctx.db).selectFrom(def.table).selectAll().where('id', '=', id), def, user, { restrict, dataScope: await scopeOf(ctx, def, user) }).executeTakeFirst()
  return (row as Row | undefined) ?? null
}

/** Data scopes apply to entities that record who created a row (create_user / create_dept). */
export async function scopeOf(ctx: AppContext, def: EntityDef, user: AuthUser): Promise<DataScopeRule[] | null> {
  return def.base ? dataScopeFor(ctx.db, user, def.permission) : null
}

export function crudRoutes(def: EntityDef, ctx: AppContext, opts: CrudOptions = {}): RouteDef[] {
  // A read-only screen may still have an API that writes (count lines, under writePermission).
  const readOnly = def.layout?.readOnly && !def.writePermission
  const defaults: CrudOptions['routes'] = readOnly ? ['list', 'page', 'detail', 'export'] : ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove', 'export']
  const want = new Set(opts.routes ?? defaults)
  const read = opts.readAccess ?? button(def.permission)
  const write = { kind: 'anyButton' as const, codes: [...new Set([...writeButtonsFor(def, opts, 'add'), ...writeButtonsFor(def, opts, 'edit')])] }
  const routes: RouteDef[] = []
  const list = async (req: FastifyRequest) => ok(await listRows(ctx, def, caller(req), params(req), opts.restrict))
  if (want.has('list')) routes.push({ method: 'GET', url: `${def.api}/list`, access: read, handler: list })
  if (want.has('page')) routes.push({ method: 'GET', url: `${def.api}/page`, access: read, handler: list })
  if (want.has('export')) {
    // Whoever may view the records may export them (the app shows the button for the same pair).
    const exportAccess: Access = opts.readAccess ?? { kind: 'anyButton', codes: [`${def.permission}_export`, `${def.permission}_view`] }
    routes.push({ method: 'GET', url: `${def.api}/export`, access: exportAccess, download: true, handler: async (req, reply) => exportXlsx(ctx, def, caller(req), params(req), reply, opts.restrict) })
  }
  if (want.has('detail')) {
    routes.push({
      method: 'GET',
      url: `${def.api}/detail`,
      access: read,
      handler: async (req) => {
        const id = params(req).id
        if (!id || !isId(id)) throw badRequest('缺少必要的请求参数: id')
        const row = await findRow(ctx, def, caller(req), id, opts.restrict)
        if (!row) throw notFound('数据不存在或已被删除')
        return ok(withNames(await optionLabels(ctx, def, caller(req)), toWire(def, row)))
      },
    })
  }
  for (const mode of ['submit', 'save', 'update'] as const) {
    if (!want.has(mode)) continue
    const access: Access = mode === 'update' ? { kind: 'anyButton', codes: writeButtonsFor(def, opts, 'edit') } : write
    routes.push({
      method: 'POST',
      url: `${def.api}/${mode}`,
      access,
      handler: async (req) => {
        // A body of the previous payload schema version is upgraded before validation (R4).
        const input = currentBody(req, def.name, jsonBody<Row>(req))
        const user = caller(req)
        const dataScope = await scopeOf(ctx, def, user)
        // A create whose (client-made) id exists becomes an update, for submit and save alike.
        return idempotent(ctx, req, user, async (trx) => ok(toWire(def, await writeRow(ctx, def, user, input, mode, opts, { trx, dataScope }))), input)
      },
    })
  }
  if (want.has('remove')) {
    routes.push({
      method: 'POST',
      url: `${def.api}/remove`,
      access: { kind: 'anyButton', codes: writeButtonsFor(def, opts, 'delete') },
      handler: async (req) => {
        // A remove has no payload to upgrade, but a version the server cannot accept is still refused.
        payloadVersionOf(req)
        const ids = idsParam(params(req).ids)
        const user = caller(req)
        const dataScope = await scopeOf(ctx, def, user)
        return idempotent(ctx, req, user, async (trx) => {
          await opts.beforeRemove?.({ ctx, trx, user, ids })
          await removeRows(def, user, ids, opts, { trx, dataScope })
          await opts.afterRemove?.({ ctx, trx, user, ids })
          return done()
        })
      },
    })
  }
  return routes
}
