// The trees of the grant dialogs (docs/contract.md §7.2) and the top-menu grant (docs/contract.md §10.8): grant-tree (what
// the caller may hand out), role-tree-keys (what roles hold), grant-top-tree / top-tree-keys and
// POST topmenu/grant (replaces the menu set of each top menu).
import type { Kysely } from 'kysely'
import { button, USER } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { topMenu } from '../../../src/domain/system/top-menu.ts'
import { checkAndRaiseVersions, versionsParam } from '../../crud/action-versions.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest, done, ok } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { body, params, type Module } from '../../core/routes.ts'
import { assertOwnTenant, idList, optionalIdList } from './admin-support.ts'
import { liveMenus } from './menu-admin.ts'
import {
  heldMenus,
  heldScopes,
  packageMenus,
  SCOPE_API,
  SCOPE_DATA,
  SCOPE_TABLES,
} from './role-grant.ts'
import { treeForest, withAncestors, type TreeNode } from '../../crud/tree.ts'

interface Scope {
  id: string
  menuId: string
  scopeName: string
}

/** Scope rows (as leaves) under the menus that own them, limited to `held` unless null. */
async function scopeTree(
  db: Kysely<DB>,
  category: 1 | 2,
  held: Set<string> | null,
  menus: { id: string; parentId: string; name: string }[],
): Promise<TreeNode[]> {
  const rows: Scope[] = await db
    .selectFrom(SCOPE_TABLES[category])
    .select(['id', 'menuId', 'scopeName'])
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute()
  const scopes = rows.filter((r) => !held || held.has(r.id))
  const byId = new Map(menus.map((m) => [m.id, m]))
  const owners = withAncestors(
    scopes.map((s) => s.menuId),
    (id) => byId.get(id)?.parentId,
  )
  const menuNodes = menus
    .filter((m) => owners.has(m.id))
    .map((m) => ({ id: m.id, parentId: m.parentId, title: m.name }))
  return treeForest(
    [...menuNodes, ...scopes.map((s) => ({ id: s.id, parentId: s.menuId, title: s.scopeName }))],
    (n) => n.title,
  )
}

async function grantTree(db: Kysely<DB>, user: AuthUser) {
  const all = await liveMenus(db)
  const held = await heldMenus(db, user)
  const pkg = await packageMenus(db, user.tenantId)
  const byId = new Map(all.map((m) => [m.id, m]))
  const base = all
    .filter((m) => (!held || held.has(m.id)) && (!pkg || pkg.has(m.id)))
    .map((m) => m.id)
  const visible = withAncestors(base, (id) => byId.get(id)?.parentId)
  return {
    menu: treeForest(
      all.filter((m) => visible.has(m.id)),
      (m) => m.name,
    ),
    dataScope: await scopeTree(db, SCOPE_DATA, await heldScopes(db, user, SCOPE_DATA), all),
    apiScope: await scopeTree(db, SCOPE_API, await heldScopes(db, user, SCOPE_API), all),
  }
}

async function liveTopMenus(db: Kysely<DB>, user: AuthUser, ids: string[]) {
  const rows = await db
    .selectFrom('bladeTopMenu')
    .select(['id', 'tenantId'])
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute()
  if (rows.length !== ids.length) throw badRequest('顶部菜单不存在或已被删除')
  assertOwnTenant(
    user,
    rows.map((r) => r.tenantId),
    '顶部菜单',
  )
}

export const menuGrantModule: Module = ({ db, dialect }) => [
  {
    method: 'GET',
    url: '/blade-system/menu/grant-tree',
    access: USER,
    handler: async (req) => ok(await grantTree(db, caller(req))),
  },
  {
    method: 'GET',
    url: '/blade-system/menu/role-tree-keys',
    access: USER,
    handler: async (req) => {
      const roleIds = idList(params(req).roleIds, 'roleIds', '请至少选择一个角色')
      const roles = await db
        .selectFrom('bladeRole')
        .select('tenantId')
        .where('id', 'in', roleIds)
        .where('isDeleted', '=', 0)
        .execute()
      assertOwnTenant(
        caller(req),
        roles.map((r) => r.tenantId),
        '角色',
      )
      const menus = await db
        .selectFrom('bladeRoleMenu as rm')
        .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
        .select('rm.menuId')
        .where('rm.roleId', 'in', roleIds)
        .where('m.isDeleted', '=', 0)
        .execute()
      const scopes = await db
        .selectFrom('bladeRoleScope')
        .select(['scopeId', 'scopeCategory'])
        .where('roleId', 'in', roleIds)
        .execute()
      const uniq = (xs: string[]) => [...new Set(xs)]
      return ok({
        menu: uniq(menus.map((m) => m.menuId)),
        dataScope: uniq(scopes.filter((s) => s.scopeCategory === SCOPE_DATA).map((s) => s.scopeId)),
        apiScope: uniq(scopes.filter((s) => s.scopeCategory === SCOPE_API).map((s) => s.scopeId)),
      })
    },
  },
  {
    method: 'GET',
    url: '/blade-system/menu/grant-top-tree',
    access: button('topmenu_setting'),
    handler: async () =>
      ok({
        menu: treeForest(
          (await liveMenus(db)).filter((m) => m.category === 1),
          (m) => m.name,
        ),
        dataScope: [],
        apiScope: [],
      }),
  },
  {
    method: 'GET',
    url: '/blade-system/menu/top-tree-keys',
    access: button('topmenu_setting'),
    handler: async (req) => {
      const topMenuIds = idList(params(req).topMenuIds, 'topMenuIds', '请至少选择一个顶部菜单')
      await liveTopMenus(db, caller(req), topMenuIds)
      const rows = await db
        .selectFrom('bladeTopMenuSetting')
        .select('menuId')
        .where('topMenuId', 'in', topMenuIds)
        .execute()
      return ok({ menu: [...new Set(rows.map((r) => r.menuId))], dataScope: [], apiScope: [] })
    },
  },
  {
    method: 'POST',
    url: '/blade-system/topmenu/grant',
    sample: { query: { topMenuIds: '1', menuIds: '1', versions: '1' } },
    access: button('topmenu_setting'),
    handler: async (req) => {
      const input = body<{ topMenuIds?: unknown; menuIds?: unknown; versions?: unknown }>(req)
      const topMenuIds = idList(input.topMenuIds, 'topMenuIds', '请至少选择一个顶部菜单')
      const menuIds = optionalIdList(input.menuIds, 'menuIds')
      const read = versionsParam(input.topMenuIds, input.versions, 'topMenuIds')
      const user = caller(req)
      await db.transaction().execute(async (trx) => {
        await liveTopMenus(trx, user, topMenuIds)
        if (menuIds.length) {
          const found = await trx
            .selectFrom('bladeMenu')
            .select('id')
            .where('id', 'in', menuIds)
            .where('isDeleted', '=', 0)
            .execute()
          if (found.length !== menuIds.length) throw badRequest('菜单不存在或已被删除')
        }
        await checkAndRaiseVersions(trx, {
          def: topMenu,
          ids: topMenuIds,
          read,
          lock: dialect === 'postgres',
        })
        await trx.deleteFrom('bladeTopMenuSetting').where('topMenuId', 'in', topMenuIds).execute()
        const rows = topMenuIds.flatMap((topMenuId) =>
          menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })),
        )
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('bladeTopMenuSetting')
            .values(rows.slice(i, i + 200))
            .execute()
      })
      return done()
    },
  },
]
