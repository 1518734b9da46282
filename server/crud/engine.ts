// Generic Blade endpoints built from an entity declaration: list/page (filters, sort, paging),
// detail, submit/save/update (validated, one transaction) and remove (soft delete). Each route
// declares its permission: the menu code to read, `<prefix>_add|_edit|_delete` to write; restore
// (undo of a remove) takes the delete button too.
import type { FastifyRequest } from 'fastify'
import { canRestore, type EntityDef } from '../../src/domain/entity.ts'
import { button, type Access } from '../core/access.ts'
import { badRequest, done, notFound, ok } from '../core/envelope.ts'
import { isId } from '../core/ids.ts'
import { body as jsonBody, params, type AppContext, type RouteDef } from '../core/routes.ts'
import { caller } from '../auth/context.ts'
import { platformGuarded, writeButtonsFor } from './access.ts'
import { exportXlsx } from './export.ts'
import { idempotent } from './idempotency.ts'
import { importRoutes } from './import/routes.ts'
import { optionLabels, withNames } from './labels.ts'
import type { CrudOptions } from './options.ts'
import { currentBody, payloadVersionOf } from './payload-version.ts'
import { findRow, listRows, scopeOf } from './read.ts'
import { assertRestorable, restoreRows } from './restore.ts'
import { dynamic, toWire, type Row } from './table.ts'
import { withLines } from './sub-lines.ts'
import { treeRoutes } from './tree-routes.ts'
import { removeRows, writeRow } from './write.ts'
import { WriteState } from './write-state.ts'

export function idsParam(raw: string | undefined): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (ids.length === 0) throw badRequest('请至少选择一条数据')
  if (!ids.every(isId)) throw badRequest('请求参数格式错误: ids')
  return ids
}

export function crudRoutes(def: EntityDef, ctx: AppContext, opts: CrudOptions = {}): RouteDef[] {
  // A read-only screen may still have an API that writes (count lines, under writePermission).
  const readOnly = def.layout?.readOnly && !def.writePermission
  const defaults: CrudOptions['routes'] = readOnly
    ? ['list', 'page', 'detail', 'export']
    : ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove', 'export']
  const want = new Set(opts.routes ?? defaults)
  // Platform-wide rows (no tenant) are the platform administrator's to read and write.
  const read = opts.readAccess ?? platformGuarded(def, button(def.permission))
  const write = platformGuarded(def, {
    kind: 'anyButton',
    codes: [
      ...new Set([...writeButtonsFor(def, opts, 'add'), ...writeButtonsFor(def, opts, 'edit')]),
    ],
  })
  const routes: RouteDef[] = []
  const list = async (req: FastifyRequest) =>
    ok(await listRows(ctx, def, caller(req), params(req), opts.restrict))
  if (want.has('list'))
    routes.push(
      { method: 'GET', url: `${def.api}/list`, access: read, handler: list },
      ...treeRoutes(def, ctx, opts, read),
    )
  if (want.has('page'))
    routes.push({ method: 'GET', url: `${def.api}/page`, access: read, handler: list })
  if (want.has('export')) {
    // Whoever may view the records may export them (the app shows the button for the same pair).
    const exportAccess: Access =
      opts.readAccess ??
      platformGuarded(def, {
        kind: 'anyButton',
        codes: [`${def.permission}_export`, `${def.permission}_view`],
      })
    routes.push({
      method: 'GET',
      url: `${def.api}/export`,
      access: exportAccess,
      download: true,
      handler: async (req, reply) => exportXlsx(ctx, def, caller(req), params(req), reply, opts),
    })
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
        return ok(
          await withLines(
            dynamic(ctx.db),
            def,
            withNames(await optionLabels(ctx, def, caller(req)), toWire(def, row)),
            id,
          ),
        )
      },
    })
  }
  for (const mode of ['submit', 'save', 'update'] as const) {
    if (!want.has(mode)) continue
    const access: Access =
      mode === 'update'
        ? platformGuarded(def, { kind: 'anyButton', codes: writeButtonsFor(def, opts, 'edit') })
        : write
    routes.push({
      method: 'POST',
      url: `${def.api}/${mode}`,
      access,
      handler: async (req) => {
        // A body of the previous payload schema version is upgraded before validation (docs/offline.md R4).
        const input = currentBody(req, def.name, jsonBody<Row>(req))
        const user = caller(req)
        const dataScope = await scopeOf(ctx, def, user)
        // A create whose (client-made) id exists becomes an update, for submit and save alike.
        return idempotent(
          ctx,
          req,
          user,
          async (trx) =>
            ok(toWire(def, await writeRow(ctx, def, user, input, mode, opts, { trx, dataScope }))),
          input,
        )
      },
    })
  }
  if (want.has('remove')) {
    routes.push({
      method: 'POST',
      url: `${def.api}/remove`,
      access: platformGuarded(def, {
        kind: 'anyButton',
        codes: writeButtonsFor(def, opts, 'delete'),
      }),
      handler: async (req) => {
        // A remove has no payload to upgrade, but a version the server cannot accept is still refused.
        payloadVersionOf(req)
        const ids = idsParam(params(req).ids)
        const user = caller(req)
        const dataScope = await scopeOf(ctx, def, user)
        return idempotent(ctx, req, user, async (trx) => {
          const state = new WriteState()
          await opts.beforeRemove?.({ ctx, trx, user, ids, state })
          await removeRows(def, user, ids, opts, { trx, dataScope })
          await opts.afterRemove?.({ ctx, trx, user, ids, state })
          return done()
        })
      },
    })
  }
  if (want.has('remove') && canRestore(def)) {
    assertRestorable(def, opts)
    routes.push({
      method: 'POST',
      url: `${def.api}/restore`,
      access: platformGuarded(def, {
        kind: 'anyButton',
        codes: writeButtonsFor(def, opts, 'delete'),
      }),
      handler: async (req) => {
        const ids = idsParam(params(req).ids)
        const user = caller(req)
        const dataScope = await scopeOf(ctx, def, user)
        return idempotent(ctx, req, user, async (trx) => {
          const state = new WriteState()
          await opts.beforeRestore?.({ ctx, trx, user, ids, state })
          const restored = await restoreRows(def, user, ids, opts, { trx, dataScope })
          if (restored.length) await opts.afterRestore?.({ ctx, trx, user, ids: restored, state })
          return done()
        })
      },
    })
  }
  // Entities with an import spec take files (import/routes.ts), unless the module lists its routes without it.
  if (def.import && !readOnly && (!opts.routes || want.has('import')))
    routes.push(...importRoutes(def, ctx, opts))
  return routes
}
