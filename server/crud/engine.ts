// Generic Blade endpoints built from an entity declaration: list/page (filters, sort, paging),
// detail, submit/save/update (validated, one transaction) and remove (soft delete). Each route
// declares its permission: the menu code to read, `<prefix>_add|_edit|_delete` to write.
import type { FastifyRequest } from 'fastify'
import type { EntityDef } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { validateRecord } from '../../src/domain/validate.ts'
import { button, type Access, type AuthUser } from '../auth/context.ts'
import { hasButton } from '../auth/guard.ts'
import { dataScopeFor, type DataScopeRule } from '../auth/scopes.ts'
import { now } from '../http/dates.ts'
import { badRequest, done, forbidden, notFound, ok } from '../http/envelope.ts'
import { isId, nextId } from '../http/ids.ts'
import { body as jsonBody, caller, params, type AppContext, type RouteDef } from '../http/routes.ts'
import { condition } from './conditions.ts'
import { exportXlsx } from './export.ts'
import { optionLabels, withNames } from './labels.ts'
import { parseFilters, parsePage, parseSort } from './filters.ts'
import { scoped, tenantOf, type ScopeOptions } from './scope.ts'
import { dynamic, toWire, writableValues, type AnyDb, type Row } from './table.ts'

export interface CrudOptions {
  /** Which of the generic routes to expose (default: all). */
  routes?: ('list' | 'page' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'export')[]
  /** Before a write is stored, in its transaction (computed fields, uniqueness checks). Throw BladeError to refuse. */
  beforeWrite?: (w: WriteContext) => Promise<void> | void
  /** After a write, in the same transaction (rows that belong with it); row is the stored row, camelCase. */
  afterWrite?: (w: WriteContext & { row: Row }) => Promise<void> | void
  /** Who may read (list, detail, export); default: the entity's menu code. */
  readAccess?: Access
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
async function scopeOf(ctx: AppContext, def: EntityDef, user: AuthUser): Promise<DataScopeRule[] | null> {
  return def.base ? dataScopeFor(ctx.db, user, def.permission) : null
}

const declares = (def: EntityDef, name: string) => def.fields.some((f) => f.name === name)

/** The stored row as the database has it now (camelCase keys), within the write's transaction. */
async function reread(db: AnyDb, def: EntityDef, id: string): Promise<Row> {
  return (await db.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row
}

function validationError(def: EntityDef, record: Row, mode: 'add' | 'edit') {
  const errors = validateRecord(def, record, mode)
  if (errors.length) throw badRequest(errors.map((e) => sourceText(e.message)).join('; '))
}

/** Inside a transaction, checks must use the transaction: SQLite has one connection, and a
 * query on ctx.db would wait for the transaction holding it forever. */
async function requireButton(db: AnyDb, user: AuthUser, code: string) {
  if (!(await hasButton(db as unknown as AppContext['db'], user, code))) throw forbidden()
}

export async function writeRow(ctx: AppContext, def: EntityDef, user: AuthUser, input: Row, mode: 'submit' | 'save' | 'update', opts: CrudOptions): Promise<Row> {
  const id = input.id === undefined || input.id === null || input.id === '' ? null : String(input.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  const dataScope = await scopeOf(ctx, def, user)
  return ctx.db.transaction().execute(async (trx) => {
    const db = dynamic(trx)
    const scope = { restrict: opts.restrict, dataScope }
    const existing = id ? ((await scoped(db.selectFrom(def.table).selectAll().where('id', '=', id), def, user, scope).executeTakeFirst()) as Row | undefined) ?? null : null
    if (mode === 'update' && !existing) throw notFound('数据不存在或已被删除')
    const isUpdate = !!existing
    await requireButton(db, user, `${def.permission}_${isUpdate ? 'edit' : 'add'}`)
    validationError(def, input, isUpdate ? 'edit' : 'add')
    const values = writableValues(def, input)
    const w: WriteContext = { ctx, trx: db, user, values, existing, input }
    await opts.beforeWrite?.(w)
    const t = now()
    if (isUpdate) {
      if (def.base) Object.assign(values, { update_user: user.userId, update_time: t })
      else if (declares(def, 'updateTime')) values.update_time = t
      if (Object.keys(values).length) await scoped(db.updateTable(def.table).set(values).where('id', '=', id), def, user, scope).execute()
      const row = await reread(db, def, String(id))
      await opts.afterWrite?.({ ...w, row })
      return row
    } else {
      if (id) {
        // A client-made id that belongs to a deleted or foreign row cannot be reused.
        const taken = await db.selectFrom(def.table).select('id').where('id', '=', id).executeTakeFirst()
        if (taken) throw badRequest('数据不存在或已被删除')
      }
      const row: Row = { ...values, id: id ?? nextId() }
      if (def.tenant) row.tenant_id = tenantOf(user, { tenantId: typeof input.tenantId === 'string' ? input.tenantId : undefined })
      if (def.base) Object.assign(row, { create_user: user.userId, create_dept: user.deptIds[0] ?? null, create_time: t, update_user: user.userId, update_time: t, status: values.status ?? 1, is_deleted: 0 })
      else {
        if (def.softDelete) row.is_deleted = 0
        if (declares(def, 'createTime')) row.create_time = t
        if (declares(def, 'updateTime')) row.update_time = t
      }
      await db.insertInto(def.table).values(row).execute()
      const stored = await reread(db, def, String(row.id))
      await opts.afterWrite?.({ ...w, row: stored })
      return stored
    }
  })
}

export function crudRoutes(def: EntityDef, ctx: AppContext, opts: CrudOptions = {}): RouteDef[] {
  const defaults: CrudOptions['routes'] = def.layout?.readOnly ? ['list', 'page', 'detail', 'export'] : ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove', 'export']
  const want = new Set(opts.routes ?? defaults)
  const read = opts.readAccess ?? button(def.permission)
  const write = { kind: 'anyButton' as const, codes: [`${def.permission}_add`, `${def.permission}_edit`] }
  const routes: RouteDef[] = []
  const list = async (req: FastifyRequest) => ok(await listRows(ctx, def, caller(req), params(req), opts.restrict))
  if (want.has('list')) routes.push({ method: 'GET', url: `${def.api}/list`, access: read, handler: list })
  if (want.has('page')) routes.push({ method: 'GET', url: `${def.api}/page`, access: read, handler: list })
  if (want.has('export')) {
    // Whoever may view the records may export them (the app shows the button for the same pair).
    const exportAccess: Access = opts.readAccess ?? { kind: 'anyButton', codes: [`${def.permission}_export`, `${def.permission}_view`] }
    routes.push({ method: 'GET', url: `${def.api}/export`, access: exportAccess, handler: async (req, reply) => exportXlsx(ctx, def, caller(req), params(req), reply, opts.restrict) })
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
    const access = mode === 'save' ? button(`${def.permission}_add`) : mode === 'update' ? button(`${def.permission}_edit`) : write
    routes.push({
      method: 'POST',
      url: `${def.api}/${mode}`,
      access,
      handler: async (req) => {
        const input = jsonBody<Row>(req)
        if (mode === 'save' && input.id) throw badRequest('新增时不能指定已存在的 id')
        const row = await writeRow(ctx, def, caller(req), input, mode, opts)
        return ok(toWire(def, row))
      },
    })
  }
  if (want.has('remove')) {
    routes.push({
      method: 'POST',
      url: `${def.api}/remove`,
      access: button(`${def.permission}_delete`),
      handler: async (req) => {
        const ids = idsParam(params(req).ids)
        const user = caller(req)
        const db = dynamic(ctx.db)
        if (def.softDelete) {
          const set: Row = { is_deleted: 1 }
          if (def.base) Object.assign(set, { update_user: user.userId, update_time: now() })
          await scoped(db.updateTable(def.table).set(set).where('id', 'in', ids), def, user, { restrict: opts.restrict, dataScope: await scopeOf(ctx, def, user) }).execute()
        } else {
          let q = db.deleteFrom(def.table).where('id', 'in', ids)
          if (def.tenant) q = q.where('tenant_id', '=', user.tenantId)
          await q.execute()
        }
        return done()
      },
    })
  }
  return routes
}
