// Role grants (POST /blade-system/role/grant) and the sets they are bounded by: what the caller's
// roles hold (a non-administrator grants nothing beyond that) and the tenant package's menus.
import type { Kysely } from 'kysely'
import { button } from '../../core/access.ts'
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import { role } from '../../../src/domain/system/role.ts'
import { checkAndRaiseVersions, versionsParam } from '../../crud/action-versions.ts'
import type { DB } from '../../db/schema.ts'
import { PLATFORM_TENANT_ID } from '../../db/platform-menus.ts'
import { badRequest, done, forbidden } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { body, type AppContext, type RouteDef } from '../../core/routes.ts'
import { tenantMenuIds } from '../tenant/provision.ts'
import { assertOwnTenant, idList, optionalIdList } from './admin-support.ts'

export const SCOPE_DATA = 1
export const SCOPE_API = 2
export const SCOPE_TABLES = {
  [SCOPE_DATA]: 'bladeDataScope',
  [SCOPE_API]: 'bladeApiScope',
} as const

/** Menu ids held by the caller's roles; null = administrator (everything). */
export async function heldMenus(db: Kysely<DB>, user: AuthUser): Promise<Set<string> | null> {
  if (isAdministrator(user)) return null
  if (user.roleIds.length === 0) return new Set()
  return new Set(
    (
      await db
        .selectFrom('bladeRoleMenu')
        .select('menuId')
        .where('roleId', 'in', user.roleIds)
        .execute()
    ).map((r) => r.menuId),
  )
}

/** Scope ids of one category held by the caller's roles; null = administrator. */
export async function heldScopes(
  db: Kysely<DB>,
  user: AuthUser,
  category: number,
): Promise<Set<string> | null> {
  if (isAdministrator(user)) return null
  if (user.roleIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('bladeRoleScope')
    .select('scopeId')
    .where('roleId', 'in', user.roleIds)
    .where('scopeCategory', '=', category)
    .execute()
  return new Set(rows.map((r) => r.scopeId))
}

/** The menus a tenant's package allows; null when the tenant is the platform's or has no package. */
export async function packageMenus(db: Kysely<DB>, tenantId: string): Promise<Set<string> | null> {
  if (tenantId === PLATFORM_TENANT_ID) return null
  const t = await db
    .selectFrom('bladeTenant')
    .select('packageId')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!t?.packageId) return null
  return new Set(await tenantMenuIds(db, t.packageId))
}

async function assertLive(
  db: Kysely<DB>,
  table: 'bladeMenu' | 'bladeDataScope' | 'bladeApiScope',
  ids: string[],
  what: string,
): Promise<void> {
  if (ids.length === 0) return
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute()
  if (rows.length !== ids.length) throw badRequest(`${what}不存在或已被删除`)
}

interface GrantInput {
  roleIds?: unknown
  menuIds?: unknown
  dataScopeIds?: unknown
  apiScopeIds?: unknown
  /** The roles' versions as the caller read them, aligned with roleIds (optional). */
  versions?: unknown
}

export function roleGrantRoute(ctx: AppContext): RouteDef {
  return {
    method: 'POST',
    url: '/blade-system/role/grant',
    sample: {
      json: { roleIds: ['1'], menuIds: ['1'], dataScopeIds: [], apiScopeIds: [], versions: ['1'] },
    },
    access: button('role_grant'),
    handler: async (req) => {
      const input = body<GrantInput>(req)
      const user = caller(req)
      const roleIds = idList(input.roleIds, 'roleIds', '请至少选择一个角色')
      const menuIds = optionalIdList(input.menuIds, 'menuIds')
      const dataScopeIds = optionalIdList(input.dataScopeIds, 'dataScopeIds')
      const apiScopeIds = optionalIdList(input.apiScopeIds, 'apiScopeIds')
      const read = versionsParam(input.roleIds, input.versions, 'roleIds')
      await ctx.db.transaction().execute(async (trx) => {
        const roles = await trx
          .selectFrom('bladeRole')
          .select(['id', 'tenantId'])
          .where('id', 'in', roleIds)
          .where('isDeleted', '=', 0)
          .execute()
        if (roles.length !== roleIds.length) throw badRequest('角色不存在或已被删除')
        assertOwnTenant(
          user,
          roles.map((r) => r.tenantId),
          '角色',
        )
        await assertLive(trx, 'bladeMenu', menuIds, '菜单')
        await assertLive(trx, 'bladeDataScope', dataScopeIds, '数据权限')
        await assertLive(trx, 'bladeApiScope', apiScopeIds, '接口权限')
        const menus = await heldMenus(trx, user)
        const data = await heldScopes(trx, user, SCOPE_DATA)
        const api = await heldScopes(trx, user, SCOPE_API)
        const beyond = (held: Set<string> | null, ids: string[]) =>
          !!held && ids.some((id) => !held.has(id))
        if (beyond(menus, menuIds) || beyond(data, dataScopeIds) || beyond(api, apiScopeIds))
          throw forbidden('不能授予自己没有的权限')
        for (const tenantId of new Set(roles.map((r) => r.tenantId))) {
          const allowed = await packageMenus(trx, tenantId)
          if (allowed && menuIds.some((id) => !allowed.has(id)))
            throw badRequest('所选菜单超出了租户产品包的范围')
        }
        await checkAndRaiseVersions(trx, {
          def: role,
          ids: roleIds,
          read,
          lock: ctx.dialect === 'postgres',
        })
        await trx.deleteFrom('bladeRoleMenu').where('roleId', 'in', roleIds).execute()
        await trx.deleteFrom('bladeRoleScope').where('roleId', 'in', roleIds).execute()
        const menuRows = roleIds.flatMap((roleId) =>
          menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })),
        )
        const scopeRows = roleIds.flatMap((roleId) => [
          ...dataScopeIds.map((scopeId) => ({
            id: nextId(),
            roleId,
            scopeId,
            scopeCategory: SCOPE_DATA,
          })),
          ...apiScopeIds.map((scopeId) => ({
            id: nextId(),
            roleId,
            scopeId,
            scopeCategory: SCOPE_API,
          })),
        ])
        for (let i = 0; i < menuRows.length; i += 200)
          await trx
            .insertInto('bladeRoleMenu')
            .values(menuRows.slice(i, i + 200))
            .execute()
        for (let i = 0; i < scopeRows.length; i += 200)
          await trx
            .insertInto('bladeRoleScope')
            .values(scopeRows.slice(i, i + 200))
            .execute()
      })
      return done()
    },
  }
}
