// A new tenant gets what it needs to be used at once: an administrator role (granted the tenant
// package's menus, or every menu a tenant may manage), a top department, a post and the account
// `admin` with the initial password.
import type { AuthUser } from '../../auth/context.ts'
import { hashPassword } from '../../auth/password.ts'
import type { AnyDb } from '../../crud/table.ts'
import { now } from '../../core/dates.ts'
import { nextId } from '../../core/ids.ts'
import { PLATFORM_ONLY_MENUS } from '../../db/platform-menus.ts'
import { paramValue } from '../system/param.ts'

/** The password a new or reset account of this tenant gets (its parameter, else the platform's). */
export async function initialPassword(trx: AnyDb, tenantId: string): Promise<string> {
  return (await paramValue(trx, tenantId, 'account.initPassword')) || '123456'
}

/** Menu ids a tenant may grant: its package's menus, else every menu; never a platform-only one. */
export async function tenantMenuIds(trx: AnyDb, packageId: string | null): Promise<string[]> {
  const menus = (await trx
    .selectFrom('blade_menu')
    .select(['id', 'code', 'parent_id as parentId'])
    .where('is_deleted', '=', 0)
    .execute()) as { id: string; code: string; parentId: string }[]
  const excluded = new Set(
    menus.filter((m) => PLATFORM_ONLY_MENUS.includes(m.code)).map((m) => m.id),
  )
  // Buttons of an excluded menu go with it.
  const allowed = menus
    .filter((m) => !excluded.has(m.id) && !excluded.has(m.parentId))
    .map((m) => m.id)
  if (packageId) {
    const pkg = await trx
      .selectFrom('blade_tenant_package')
      .select('menu_id as menuId')
      .where('id', '=', packageId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst()
    if (pkg) {
      const inPackage = new Set(String(pkg.menuId ?? '').split(','))
      return allowed.filter((id) => inPackage.has(id))
    }
  }
  return allowed
}

export async function provisionTenant(
  trx: AnyDb,
  tenantId: string,
  tenantName: string,
  packageId: string | null,
  by: AuthUser,
): Promise<void> {
  const t = now()
  const audit = {
    create_user: by.userId,
    create_dept: by.deptIds[0] ?? null,
    create_time: t,
    update_user: by.userId,
    update_time: t,
    status: 1,
    is_deleted: 0,
  }
  const roleId = nextId()
  const deptId = nextId()
  const postId = nextId()
  await trx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: tenantId,
      parent_id: '0',
      role_name: '管理员',
      sort: 1,
      role_alias: 'admin',
      is_deleted: 0,
    })
    .execute()
  await trx
    .insertInto('blade_dept')
    .values({
      id: deptId,
      tenant_id: tenantId,
      parent_id: '0',
      ancestors: '0',
      dept_category: 1,
      dept_name: tenantName,
      full_name: tenantName,
      sort: 1,
      is_deleted: 0,
    })
    .execute()
  await trx
    .insertInto('blade_post')
    .values({
      id: postId,
      tenant_id: tenantId,
      category: 1,
      post_code: 'ceo',
      post_name: '首席执行官',
      sort: 1,
      ...audit,
    })
    .execute()
  await trx
    .insertInto('blade_user')
    .values({
      id: nextId(),
      tenant_id: tenantId,
      code: 'admin',
      user_type: 1,
      account: 'admin',
      password: await hashPassword(await initialPassword(trx, tenantId)),
      name: '管理员',
      real_name: '管理员',
      role_id: roleId,
      dept_id: deptId,
      post_id: postId,
      ...audit,
    })
    .execute()
  const menuIds = await tenantMenuIds(trx, packageId)
  for (const menuId of menuIds)
    await trx
      .insertInto('blade_role_menu')
      .values({ id: nextId(), menu_id: menuId, role_id: roleId })
      .execute()
}

/** Random 6-digit tenant id not in use (docs/contract.md §10.1: generated, never typed). */
export async function newTenantId(trx: AnyDb): Promise<string> {
  for (;;) {
    const candidate = String(100000 + Math.floor(Math.random() * 900000))
    const taken = await trx
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', candidate)
      .executeTakeFirst()
    if (!taken) return candidate
  }
}
