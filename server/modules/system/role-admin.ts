// Roles (/blade-system/role, docs/contract.md §10.2): forest list, trees (alias 'admin' hidden from callers
// who are not admin themselves), detail, aliases, submit, remove, and grant (role-grant.ts).
import type { Kysely, Selectable } from 'kysely'
import { role } from '../../../src/domain/system/role.ts'
import { button, USER } from '../../core/access.ts'
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import type { DB, RoleTable } from '../../db/schema.ts'
import { badRequest, done, forbidden, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import {
  assertOwnTenant,
  csvHas,
  descendantsOf,
  idList,
  like,
  readTenant,
  requireButton,
} from './admin-support.ts'
import { assertValid } from '../../crud/validation.ts'
import { assertCurrentVersion, assertNotOvertaken, nextVersion } from '../../crud/version.ts'
import { roleGrantRoute } from './role-grant.ts'
import { searchOf } from './search.ts'
import { mergeForest, treeForest } from '../../crud/tree.ts'

type Role = Selectable<RoleTable>

function tenantRoles(db: Kysely<DB>, tenantId: string): Promise<Role[]> {
  return db
    .selectFrom('bladeRole')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** docs/contract.md §10.2, §17: roles aliased 'admin' only show to callers who hold 'admin' themselves. */
const visibleTo = (user: AuthUser) => (r: Role) =>
  r.roleAlias !== 'admin' || user.roleAliases.includes('admin')

const roleTree = async (db: Kysely<DB>, user: AuthUser, tenantId: string) =>
  treeForest((await tenantRoles(db, tenantId)).filter(visibleTo(user)), (r) => r.roleName)

async function submit(db: Kysely<DB>, user: AuthUser, input: Record<string, unknown>) {
  const id =
    input.id === undefined || input.id === null || input.id === '' ? null : String(input.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  return db.transaction().execute(async (trx) => {
    const existing = id
      ? await trx
          .selectFrom('bladeRole')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
      : undefined
    if (id && !existing) throw notFound('数据不存在或已被删除')
    if (existing) assertOwnTenant(user, [existing.tenantId], '角色')
    await requireButton(trx, user, existing ? 'role_edit' : 'role_add')
    if (existing) await assertCurrentVersion(trx, role, input, existing)
    assertValid(role, input, existing ? 'edit' : 'add')
    const tenantId =
      existing?.tenantId ??
      (typeof input.tenantId === 'string' && input.tenantId && isAdministrator(user)
        ? input.tenantId
        : user.tenantId)
    const roleAlias =
      input.roleAlias !== undefined ? String(input.roleAlias) : String(existing?.roleAlias)
    if (
      roleAlias === 'administrator' &&
      existing?.roleAlias !== 'administrator' &&
      !isAdministrator(user)
    )
      throw forbidden('无权创建超级管理员角色')
    const parentId =
      input.parentId !== undefined && input.parentId !== null && input.parentId !== ''
        ? String(input.parentId)
        : existing && input.parentId === undefined
          ? existing.parentId
          : '0'
    if (parentId !== '0') {
      if (!isId(parentId)) throw badRequest('请求参数格式错误: parentId')
      if (parentId === existing?.id) throw badRequest('上级角色不能是自己')
      const parent = await trx
        .selectFrom('bladeRole')
        .select(['id', 'tenantId'])
        .where('id', '=', parentId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (!parent || parent.tenantId !== tenantId) throw badRequest('上级角色不存在')
      if (existing && descendantsOf(await tenantRoles(trx, tenantId), existing.id).has(parentId))
        throw badRequest('上级角色不能是自己的下级')
    }
    if (
      !existing &&
      !(await trx
        .selectFrom('bladeTenant')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst())
    )
      throw badRequest('租户不存在')
    const values = {
      parentId,
      roleAlias,
      roleName: input.roleName !== undefined ? String(input.roleName) : String(existing?.roleName),
      sort:
        input.sort !== undefined && input.sort !== '' && input.sort !== null
          ? Number(input.sort)
          : (existing?.sort ?? 0),
    }
    const rowId = existing?.id ?? nextId()
    if (existing)
      assertNotOvertaken(
        await trx
          .updateTable('bladeRole')
          .set({ ...values, version: nextVersion(existing) })
          .where('id', '=', rowId)
          .where('version', '=', existing.version)
          .executeTakeFirst(),
      )
    else
      await trx
        .insertInto('bladeRole')
        .values({ id: rowId, tenantId, ...values, isDeleted: 0 })
        .execute()
    return trx.selectFrom('bladeRole').selectAll().where('id', '=', rowId).executeTakeFirstOrThrow()
  })
}

export const roleAdminModule: Module = (ctx) => {
  const { db } = ctx
  const read = button('role')
  return [
    {
      method: 'GET',
      url: '/blade-system/role/list',
      access: read,
      handler: async (req) => {
        const p = params(req)
        const tenantId = readTenant(caller(req), p.tenantId)
        const all = await tenantRoles(db, tenantId)
        const names = new Map(all.map((r) => [r.id, r.roleName]))
        const search = await searchOf(db, role, p, tenantId)
        return ok(
          mergeForest(
            all
              .filter((r) => search.has(r.id))
              .map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' })),
          ),
        )
      },
    },
    {
      method: 'GET',
      url: '/blade-system/role/tree',
      access: USER,
      handler: async (req) =>
        ok(await roleTree(db, caller(req), readTenant(caller(req), params(req).tenantId))),
    },
    {
      method: 'GET',
      url: '/blade-system/role/tree-by-id',
      access: USER,
      handler: async (req) => {
        const roleId = requireParam(params(req), 'roleId')
        if (!isId(roleId)) throw badRequest('请求参数格式错误: roleId')
        const user = caller(req)
        const r = await db
          .selectFrom('bladeRole')
          .select('tenantId')
          .where('id', '=', roleId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!r) throw notFound('角色不存在')
        assertOwnTenant(user, [r.tenantId], '角色')
        return ok(await roleTree(db, user, r.tenantId))
      },
    },
    {
      method: 'GET',
      url: '/blade-system/role/detail',
      access: read,
      handler: async (req) => {
        const id = requireParam(params(req), 'id')
        if (!isId(id)) throw badRequest('请求参数格式错误: id')
        const user = caller(req)
        const r = await db
          .selectFrom('bladeRole')
          .selectAll()
          .where('id', '=', id)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
        if (!r || (!isAdministrator(user) && r.tenantId !== user.tenantId))
          throw notFound('数据不存在或已被删除')
        const parent =
          r.parentId === '0'
            ? undefined
            : await db
                .selectFrom('bladeRole')
                .select('roleName')
                .where('id', '=', r.parentId)
                .executeTakeFirst()
        return ok({ ...r, parentName: parent?.roleName ?? '顶级' })
      },
    },
    {
      method: 'GET',
      url: '/blade-system/role/alias',
      access: USER,
      handler: async (req) => {
        const rows = await tenantRoles(db, readTenant(caller(req), params(req).tenantId))
        const seen = new Set<string>()
        return ok(
          rows
            .filter((r) => !seen.has(r.roleAlias) && seen.add(r.roleAlias))
            .map((r) => ({ roleAlias: r.roleAlias, roleName: r.roleName })),
        )
      },
    },
    {
      method: 'POST',
      url: '/blade-system/role/submit',
      access: { kind: 'anyButton', codes: ['role_add', 'role_edit'] },
      handler: async (req) => ok(await submit(db, caller(req), body(req))),
    },
    {
      method: 'POST',
      url: '/blade-system/role/remove',
      access: button('role_delete'),
      handler: async (req) => {
        const ids = idList(params(req).ids, 'ids')
        const user = caller(req)
        await db.transaction().execute(async (trx) => {
          const rows = await trx
            .selectFrom('bladeRole')
            .selectAll()
            .where('id', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (rows.length !== ids.length) throw badRequest('数据不存在或已被删除')
          assertOwnTenant(
            user,
            rows.map((r) => r.tenantId),
            '角色',
          )
          const kids = await trx
            .selectFrom('bladeRole')
            .select('id')
            .where('parentId', 'in', ids)
            .where('isDeleted', '=', 0)
            .execute()
          if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子节点!')
          const holders = await trx
            .selectFrom('bladeUser')
            .select('roleId')
            .where('isDeleted', '=', 0)
            .where((eb) => eb.or(ids.map((id) => eb('roleId', 'like', like(id)))))
            .execute()
          if (holders.some((u) => ids.some((id) => csvHas(u.roleId, id))))
            throw badRequest('当前角色下存在用户，请先解除用户与角色的关联!')
          await trx.updateTable('bladeRole').set({ isDeleted: 1 }).where('id', 'in', ids).execute()
          await trx.deleteFrom('bladeRoleMenu').where('roleId', 'in', ids).execute()
          await trx.deleteFrom('bladeRoleScope').where('roleId', 'in', ids).execute()
        })
        return done()
      },
    },
    roleGrantRoute(ctx),
  ]
}
