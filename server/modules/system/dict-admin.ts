// Dictionary management for both dictionaries (docs/contract.md §9, BladeX dict-biz): /blade-system/dict
// (global) and /blade-system/dict-biz (rows of the caller's tenant). One parent row per dictionary
// (parentId 0, dictKey -1) with its entries below; a sealed row, or an entry of a sealed
// dictionary, cannot be changed or removed. The `dictionary` lookups stay in dict.ts.
import type { FastifyRequest } from 'fastify'
import { dictBiz } from '../../../src/domain/system/dict-biz.ts'
import { dict } from '../../../src/domain/system/dict.ts'
import { button, USER } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { platformGuarded } from '../../crud/access.ts'
import { allOf } from '../../crud/conditions.ts'
import { parsePage, parseSearchFilters } from '../../crud/filters.ts'
import { dynamic } from '../../crud/table.ts'
import { PLATFORM_TENANT_ID } from '../../db/platform-menus.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { body, params, requireParam, type AppContext, type Module } from '../../core/routes.ts'
import { idList, like } from './admin-support.ts'
import { liveOf, rowsOf, submitDict, type DictKind, type DictRow } from './dict-submit.ts'
import { searchOf } from './search.ts'
import { mergeForest, treeForest } from '../../crud/tree.ts'

const vo = (r: DictRow, parentName = '') => ({ ...r, remark: r.remark ?? '', parentName })

function dictRoutes(ctx: AppContext, kind: DictKind): ReturnType<Module> {
  const db = dynamic(ctx.db)
  const { api, permission } = kind.def
  const read = button(permission)
  const all = async (user: AuthUser) =>
    (await rowsOf(db, kind, user.tenantId).orderBy('sort').orderBy('id').execute()) as DictRow[]

  async function page(req: FastifyRequest, parentId: string, tenantId: string) {
    const p = params(req)
    const { current, size } = parsePage(p)
    // Declared search fields with their suffixes; in a child list `code` names the dictionary, not a filter.
    const filters = parseSearchFilters(kind.def, p, parentId === '0' ? [] : ['code'])
    let q = liveOf(db, kind, tenantId)
      .where('parent_id', '=', parentId)
      .where((eb) => allOf(eb, filters))
    if (parentId !== '0' && p.dictKey) q = q.where('dict_key', 'like', like(p.dictKey))
    const total = Number(
      (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    )
    const records = (await q
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .limit(size)
      .offset((current - 1) * size)
      .execute()) as DictRow[]
    return ok({
      records: records.map((r) => vo(r)),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
      orders: [],
      searchCount: true,
    })
  }

  /** The parent of child-list: by id, or the dictionary named by code (business: own tenant, else 000000). */
  async function childParent(req: FastifyRequest): Promise<DictRow> {
    const p = params(req)
    const user = caller(req)
    const tenants = kind.tenant ? [user.tenantId, PLATFORM_TENANT_ID] : [PLATFORM_TENANT_ID]
    let q = db
      .selectFrom(kind.table)
      .selectAll()
      .where('is_deleted', '=', 0)
      .where('parent_id', '=', '0')
    if (kind.tenant) q = q.where('tenant_id', 'in', tenants)
    if (p.parentId) {
      if (!isId(p.parentId)) throw badRequest('请求参数格式错误: parentId')
      q = q.where('id', '=', p.parentId)
    } else q = q.where('code', '=', requireParam(p, 'code'))
    const rows = (await q.execute()) as DictRow[]
    const found = rows.find((r) => !kind.tenant || r.tenantId === user.tenantId) ?? rows[0]
    if (!found) throw notFound('字典不存在')
    return found
  }

  return [
    {
      method: 'GET',
      url: `${api}/list`,
      access: read,
      handler: async (req) => {
        const user = caller(req)
        const rows = await all(user)
        const names = new Map(rows.map((r) => [r.id, r.dictValue]))
        const search = await searchOf(
          ctx.db,
          kind.def,
          params(req),
          kind.tenant ? user.tenantId : undefined,
        )
        return ok(
          mergeForest(
            rows.filter((r) => search.has(r.id)).map((r) => vo(r, names.get(r.parentId) ?? '')),
          ),
        )
      },
    },
    {
      method: 'GET',
      url: `${api}/parent-list`,
      access: read,
      handler: async (req) => page(req, '0', caller(req).tenantId),
    },
    {
      method: 'GET',
      url: `${api}/child-list`,
      access: USER,
      handler: async (req) => {
        const parent = await childParent(req)
        return page(req, parent.id, parent.tenantId ?? PLATFORM_TENANT_ID)
      },
    },
    {
      method: 'GET',
      url: `${api}/detail`,
      access: read,
      handler: async (req) => {
        const id = requireParam(params(req), 'id')
        if (!isId(id)) throw badRequest('请求参数格式错误: id')
        const row = (await rowsOf(db, kind, caller(req).tenantId)
          .where('id', '=', id)
          .executeTakeFirst()) as DictRow | undefined
        if (!row) throw notFound('数据不存在或已被删除')
        const parent =
          row.parentId === '0'
            ? undefined
            : ((await db
                .selectFrom(kind.table)
                .select('dict_value as dictValue')
                .where('id', '=', row.parentId)
                .executeTakeFirst()) as { dictValue: string } | undefined)
        return ok(vo(row, parent?.dictValue ?? '顶级'))
      },
    },
    {
      method: 'GET',
      url: `${api}/tree`,
      access: read,
      handler: async (req) => ok(treeForest(await all(caller(req)), (r) => r.dictValue)),
    },
    {
      method: 'GET',
      url: `${api}/select`,
      access: USER,
      handler: async (req) =>
        ok(
          (await all(caller(req)))
            .filter((r) => r.parentId === '0')
            .map((r) => ({ id: r.id, code: r.code, dictValue: r.dictValue })),
        ),
    },
    {
      method: 'POST',
      url: `${api}/submit`,
      access: platformGuarded(kind, {
        kind: 'anyButton',
        codes: [`${permission}_add`, `${permission}_edit`],
      }),
      handler: async (req) => ok(vo(await submitDict(ctx, kind, caller(req), body(req)))),
    },
    {
      method: 'POST',
      url: `${api}/remove`,
      access: platformGuarded(kind, button(`${permission}_delete`)),
      handler: async (req) => {
        const ids = idList(params(req).ids, 'ids')
        const user = caller(req)
        await ctx.db.transaction().execute(async (t) => {
          const trx = dynamic(t)
          const rows = (await rowsOf(trx, kind, user.tenantId)
            .where('id', 'in', ids)
            .execute()) as DictRow[]
          if (rows.length !== ids.length) throw badRequest('数据不存在或已被删除')
          const parentIds = [...new Set(rows.map((r) => r.parentId).filter((p) => p !== '0'))]
          const parents = parentIds.length
            ? ((await trx
                .selectFrom(kind.table)
                .select(['id', 'is_sealed as isSealed'])
                .where('id', 'in', parentIds)
                .execute()) as DictRow[])
            : []
          const ownIds = rows.filter((r) => r.parentId === '0').map((r) => r.id)
          const children = ownIds.length
            ? ((await rowsOf(trx, kind, user.tenantId)
                .where('parent_id', 'in', ownIds)
                .execute()) as DictRow[])
            : []
          if ([...rows, ...parents, ...children].some((r) => r.isSealed === 1))
            throw badRequest('当前字典已封存，不可删除')
          const gone = [...ids, ...children.map((c) => c.id)]
          await trx.updateTable(kind.table).set({ is_deleted: 1 }).where('id', 'in', gone).execute()
        })
        return done()
      },
    },
  ]
}

export const dictAdminModule: Module = (ctx) => [
  ...dictRoutes(ctx, { def: dict, table: 'blade_dict', tenant: false }),
  ...dictRoutes(ctx, { def: dictBiz, table: 'blade_dict_biz', tenant: true }),
]
