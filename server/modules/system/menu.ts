// The menus of the app shell: routes (menu forest for the caller's roles, optionally one top
// menu's part), buttons (granted button codes under their menus) and the tenant's top menus.
import type { Kysely } from 'kysely'
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import { USER } from '../../core/access.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, type Module } from '../../core/routes.ts'
import { mergeForest, withAncestors } from '../../crud/tree.ts'

interface MenuVO {
  id: string
  parentId: string
  code: string
  name: string
  alias: string
  path: string
  source: string
  sort: number
  category: number
  action: number
  isOpen: number
  remark: string
  children?: MenuVO[]
}

async function liveMenus(db: Kysely<DB>): Promise<MenuVO[]> {
  const rows = await db
    .selectFrom('bladeMenu')
    .select([
      'id',
      'parentId',
      'code',
      'name',
      'alias',
      'path',
      'source',
      'sort',
      'category',
      'action',
      'isOpen',
      'remark',
    ])
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    ...r,
    path: r.path ?? '',
    source: r.source ?? '',
    remark: r.remark ?? '',
  }))
}

/** Ids of the menus (both categories) granted to the caller's roles; null = administrator (all). */
async function grantedIds(db: Kysely<DB>, user: AuthUser): Promise<Set<string> | null> {
  if (isAdministrator(user)) return null
  if (user.roleIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('bladeRoleMenu')
    .select('menuId')
    .where('roleId', 'in', user.roleIds)
    .execute()
  return new Set(rows.map((r) => r.menuId))
}

/**
 * Ids of the top menus grouping at least one live menu (category 1, as routes) granted to the caller; null = administrator
 * (all). A top menu with nothing for the caller would open an empty sidebar, so it is not listed.
 */
async function topMenusWithGrants(db: Kysely<DB>, user: AuthUser): Promise<Set<string> | null> {
  if (isAdministrator(user)) return null
  if (user.roleIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('bladeTopMenuSetting as s')
    .innerJoin('bladeRoleMenu as g', 'g.menuId', 's.menuId')
    .innerJoin('bladeMenu as m', 'm.id', 's.menuId')
    .select('s.topMenuId')
    .distinct()
    .where('g.roleId', 'in', user.roleIds)
    .where('m.isDeleted', '=', 0)
    .where('m.category', '=', 1)
    .execute()
  return new Set(rows.map((r) => r.topMenuId))
}

export const menuModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/menu/routes',
    access: USER,
    handler: async (req) => {
      const topMenuId = params(req).topMenuId ?? ''
      if (topMenuId && !isId(topMenuId)) throw badRequest('请求参数格式错误: topMenuId')
      const menus = (await liveMenus(db)).filter((m) => m.category === 1)
      const byId = new Map(menus.map((m) => [m.id, m]))
      const parentOf = (id: string) => byId.get(id)?.parentId
      const granted = await grantedIds(db, caller(req))
      let visible = withAncestors(
        granted ? menus.filter((m) => granted.has(m.id)).map((m) => m.id) : byId.keys(),
        parentOf,
      )
      if (topMenuId) {
        const settings = await db
          .selectFrom('bladeTopMenuSetting')
          .select('menuId')
          .where('topMenuId', '=', topMenuId)
          .execute()
        visible = withAncestors(
          settings.map((s) => s.menuId).filter((id) => visible.has(id)),
          parentOf,
        )
      }
      return ok(mergeForest(menus.filter((m) => visible.has(m.id))))
    },
  },
  {
    method: 'GET',
    url: '/blade-system/menu/buttons',
    access: USER,
    handler: async (req) => {
      const all = await liveMenus(db)
      const granted = await grantedIds(db, caller(req))
      const buttons = all.filter((m) => m.category === 2 && (!granted || granted.has(m.id)))
      const parentIds = new Set(buttons.map((b) => b.parentId))
      const parents = all
        .filter((m) => m.category === 1 && parentIds.has(m.id))
        .map((m) => ({ ...m }))
      const byId = new Map(parents.map((p) => [p.id, p]))
      for (const b of buttons) {
        const parent = byId.get(b.parentId)
        if (parent) (parent.children ??= []).push(b)
      }
      return ok(parents)
    },
  },
  {
    method: 'GET',
    url: '/blade-system/menu/top-menu',
    access: USER,
    handler: async (req) => {
      const user = caller(req)
      const rows = await db
        .selectFrom('bladeTopMenu')
        .select(['id', 'tenantId', 'code', 'name', 'alias', 'source', 'path', 'sort'])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute()
      const withGrants = await topMenusWithGrants(db, user)
      return ok(
        rows
          .filter((r) => !withGrants || withGrants.has(r.id))
          .map((r) => ({ ...r, alias: r.alias ?? '', source: r.source ?? '', path: r.path ?? '' })),
      )
    },
  },
]
