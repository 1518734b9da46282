// Menu management (/blade-system/menu, docs/contract.md §7.2): forests of all menus (or category 1), lazy
// lists, the parent-selector tree, detail with the dictionary names, submit and remove. The grant
// trees are in menu-grant.ts.
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import { menu } from '../../../src/domain/system/menu.ts'
import { button, PLATFORM, USER } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import type { DB, MenuTable } from '../../db/schema.ts'
import { badRequest, done, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import { descendantsOf, idList, requireButton } from './admin-support.ts'
import { assertValid } from '../../crud/validation.ts'
import { assertCurrentVersion, assertNotOvertaken, nextVersion } from '../../crud/version.ts'
import { searchOf } from './search.ts'
import { mergeForest, treeForest, type TreeNode } from '../../crud/tree.ts'

type Menu = Selectable<MenuTable>
const TOP = '顶级'

/** Blade fills `alias` with the placeholder 'menu' on plain menus: that is no English name. */
const NO_ENGLISH = new Set(['', 'menu'])

/** Each node's English title is its menu's alias, as the sidebar shows it in English. */
function withEnglishTitles(nodes: TreeNode[], menus: Menu[]): TreeNode[] {
  const alias = new Map(menus.map((m) => [m.id, m.alias ?? '']))
  const walk = (list: TreeNode[]): TreeNode[] =>
    list.map((n) => {
      const en = alias.get(n.id) ?? ''
      return {
        ...n,
        ...(NO_ENGLISH.has(en) ? {} : { titleEn: en }),
        ...(n.children ? { children: walk(n.children) } : {}),
      }
    })
  return walk(nodes)
}

export function liveMenus(db: Kysely<DB>): Promise<Menu[]> {
  return db
    .selectFrom('bladeMenu')
    .selectAll()
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

const menuVO = (m: Menu) => ({
  ...m,
  path: m.path ?? '',
  source: m.source ?? '',
  remark: m.remark ?? '',
  parentName: '',
  categoryName: '',
  actionName: '',
  isOpenName: '',
})

async function dictName(db: Kysely<DB>, code: string, key: number): Promise<string> {
  const r = await db
    .selectFrom('bladeDict')
    .select('dictValue')
    .where('code', '=', code)
    .where('dictKey', '=', String(key))
    .where('parentId', '<>', '0')
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  return r?.dictValue ?? ''
}

const intOr = (v: unknown, dflt: number) =>
  v === undefined || v === null || v === '' ? dflt : Number(v)
const textOr = (v: unknown, dflt: string | null) =>
  v === undefined ? dflt : v === null || v === '' ? null : String(v)

async function submit(db: Kysely<DB>, user: AuthUser, input: Record<string, unknown>) {
  const id =
    input.id === undefined || input.id === null || input.id === '' ? null : String(input.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  return db.transaction().execute(async (trx) => {
    const existing = id
      ? await trx
          .selectFrom('bladeMenu')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
      : undefined
    if (id && !existing) throw notFound('数据不存在或已被删除')
    await requireButton(trx, user, existing ? 'menu_edit' : 'menu_add')
    if (existing) await assertCurrentVersion(trx, menu, input, existing)
    assertValid(menu, input, existing ? 'edit' : 'add')
    const parentId =
      input.parentId !== undefined && input.parentId !== null && input.parentId !== ''
        ? String(input.parentId)
        : existing && input.parentId === undefined
          ? existing.parentId
          : '0'
    if (parentId !== '0') {
      if (!isId(parentId)) throw badRequest('请求参数格式错误: parentId')
      if (parentId === existing?.id) throw badRequest('上级菜单不能是自己')
      if (
        !(await trx
          .selectFrom('bladeMenu')
          .select('id')
          .where('id', '=', parentId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst())
      )
        throw badRequest('上级菜单不存在')
      if (existing && descendantsOf(await liveMenus(trx), existing.id).has(parentId))
        throw badRequest('上级菜单不能是自己的下级')
    }
    const code = input.code !== undefined ? String(input.code).trim() : String(existing?.code)
    if (!code) throw badRequest('请输入菜单编号')
    const dup = await trx
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', code)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (dup && dup.id !== existing?.id) throw badRequest('当前菜单编号已存在!')
    const category = intOr(input.category, existing?.category ?? 1)
    if (category === 2 && parentId === '0') throw badRequest('按钮必须选择上级菜单')
    const values = {
      parentId,
      code,
      name: input.name !== undefined ? String(input.name) : String(existing?.name),
      alias:
        input.alias !== undefined && input.alias !== ''
          ? String(input.alias)
          : (existing?.alias ?? 'menu'),
      path: textOr(input.path, existing?.path ?? null),
      source: textOr(input.source, existing?.source ?? null),
      remark: textOr(input.remark, existing?.remark ?? null),
      sort: intOr(input.sort, existing?.sort ?? 0),
      category,
      action: intOr(input.action, existing?.action ?? 0),
      isOpen: intOr(input.isOpen, existing?.isOpen ?? 1),
    }
    const rowId = existing?.id ?? nextId()
    if (existing)
      assertNotOvertaken(
        await trx
          .updateTable('bladeMenu')
          .set({ ...values, version: nextVersion(existing) })
          .where('id', '=', rowId)
          .where('version', '=', existing.version)
          .executeTakeFirst(),
      )
    else
      await trx
        .insertInto('bladeMenu')
        .values({ id: rowId, ...values, isDeleted: 0 })
        .execute()
    return menuVO(
      await trx
        .selectFrom('bladeMenu')
        .selectAll()
        .where('id', '=', rowId)
        .executeTakeFirstOrThrow(),
    )
  })
}

export const menuAdminModule: Module = (ctx) => {
  const { db } = ctx
  const read = button('menu')

  const forest = (onlyMenus: boolean) => async (req: FastifyRequest) => {
    // Map-style filters on the declared search fields: name, code, alias (LIKE by default).
    const search = await searchOf(db, menu, params(req))
    const rows = (await liveMenus(db)).filter(
      (m) => (!onlyMenus || m.category === 1) && search.has(m.id),
    )
    return ok(mergeForest(rows.map(menuVO)))
  }

  const lazy = (onlyMenus: boolean) => async (req: FastifyRequest) => {
    const p = params(req)
    if (p.parentId && p.parentId !== '0' && !isId(p.parentId))
      throw badRequest('请求参数格式错误: parentId')
    const all = (await liveMenus(db)).filter((m) => !onlyMenus || m.category === 1)
    const search = await searchOf(db, menu, p)
    const rows = all.filter(
      (m) =>
        search.has(m.id) &&
        (p.parentId || !search.searching ? m.parentId === (p.parentId || '0') : true),
    )
    const withKids = new Set(all.map((m) => m.parentId))
    return ok(rows.map((m) => ({ ...menuVO(m), hasChildren: withKids.has(m.id) })))
  }

  return [
    { method: 'GET', url: '/blade-system/menu/list', access: read, handler: forest(false) },
    { method: 'GET', url: '/blade-system/menu/menu-list', access: read, handler: forest(true) },
    { method: 'GET', url: '/blade-system/menu/lazy-list', access: read, handler: lazy(false) },
    { method: 'GET', url: '/blade-system/menu/lazy-menu-list', access: read, handler: lazy(true) },
    {
      method: 'GET',
      url: '/blade-system/menu/tree',
      access: USER,
      handler: async () => {
        const menus = (await liveMenus(db)).filter((m) => m.category === 1)
        return ok(
          withEnglishTitles(
            treeForest(menus, (m) => m.name),
            menus,
          ),
        )
      },
    },
    {
      method: 'GET',
      url: '/blade-system/menu/detail',
      access: read,
      handler: async (req) => {
        const id = requireParam(params(req), 'id')
        if (!isId(id)) throw badRequest('请求参数格式错误: id')
        const m = await db
          .selectFrom('bladeMenu')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!m) throw notFound('数据不存在或已被删除')
        const parent =
          m.parentId === '0'
            ? undefined
            : await db
                .selectFrom('bladeMenu')
                .select('name')
                .where('id', '=', m.parentId)
                .executeTakeFirst()
        return ok({
          ...menuVO(m),
          parentName: parent?.name ?? TOP,
          categoryName: await dictName(db, 'menu_category', m.category),
          actionName: await dictName(db, 'button_func', m.action),
          isOpenName: await dictName(db, 'yes_no', m.isOpen),
        })
      },
    },
    {
      method: 'POST',
      url: '/blade-system/menu/submit',
      access: PLATFORM,
      handler: async (req) => ok(await submit(db, caller(req), body(req))),
    },
    {
      method: 'POST',
      url: '/blade-system/menu/remove',
      access: PLATFORM,
      handler: async (req) => {
        const ids = idList(params(req).ids, 'ids')
        await db.transaction().execute(async (trx) => {
          const rows = await trx
            .selectFrom('bladeMenu')
            .select('id')
            .where('id', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (rows.length !== ids.length) throw badRequest('数据不存在或已被删除')
          const kids = await trx
            .selectFrom('bladeMenu')
            .select('id')
            .where('parentId', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子节点!')
          await trx.updateTable('bladeMenu').set({ isDeleted: 1 }).where('id', 'in', ids).execute()
        })
        return done()
      },
    },
  ]
}
