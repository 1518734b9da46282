// Actions on selected users: reset password, grant roles, unlock (clear login failures), audit
// pass/refuse of self-registered users, platform settings and soft remove (never oneself).
import type { Kysely } from 'kysely'
import { button } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { clearAccountFailures } from '../../auth/lockout.ts'
import { hashPassword } from '../../auth/password.ts'
import { user as userDef } from '../../../src/domain/system/user.ts'
import { checkAndRaiseVersions, versionParam, versionsParam } from '../../crud/action-versions.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done } from '../../core/envelope.ts'
import { isId } from '../../core/ids.ts'
import { params, requireParam, type Module, type RouteDef } from '../../core/routes.ts'
import { initialPassword } from '../tenant/provision.ts'
import { assertOwnTenant, idList } from './admin-support.ts'

const PICK_USERS = '请至少选择一个用户'
/** blade_user.status of docs/contract.md §8.1 and BladeX audit. */
const AWAITING = 0
const NORMAL = 1
const REFUSED = 2

/** The live users named, all of them, in a tenant the caller may manage. */
async function usersOf(db: Kysely<DB>, user: AuthUser, ids: string[]) {
  const rows = await db
    .selectFrom('bladeUser')
    .select(['id', 'tenantId', 'account', 'status'])
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute()
  if (rows.length !== ids.length) throw badRequest('用户不存在或已被删除')
  assertOwnTenant(
    user,
    rows.map((r) => r.tenantId),
    '用户',
  )
  return rows
}

export const userActionsModule: Module = ({ db, dialect }) => {
  /** The users' rows at the versions the caller read (`versions` beside `userIds`), their versions raised. */
  const checked = (trx: Kysely<DB>, p: Record<string, string>, ids: string[]) =>
    checkAndRaiseVersions(trx, {
      def: userDef,
      ids,
      read: versionsParam(p.userIds, p.versions, 'userIds'),
      lock: dialect === 'postgres',
    })

  const audit = (status: number) => async (req: Parameters<typeof caller>[0]) => {
    const user = caller(req)
    const p = params(req)
    const ids = idList(p.userIds, 'userIds', PICK_USERS)
    await db.transaction().execute(async (trx) => {
      const rows = await usersOf(trx, user, ids)
      // A stale caller hears that the users changed (someone audited them) before that none waits.
      await checked(trx, p, ids)
      const waiting = rows.filter((r) => r.status === AWAITING).map((r) => r.id)
      if (waiting.length === 0) throw badRequest('所选用户都不是待审核状态')
      await trx
        .updateTable('bladeUser')
        .set({ status, updateUser: user.userId, updateTime: now() })
        .where('id', 'in', waiting)
        .where('status', '=', AWAITING)
        .execute()
    })
    return done()
  }

  const routes: RouteDef[] = [
    {
      method: 'POST',
      url: '/blade-system/user/reset-password',
      sample: { query: { userIds: '1', versions: '1' } },
      access: button('user_reset'),
      handler: async (req) => {
        const user = caller(req)
        const p = params(req)
        const ids = idList(p.userIds, 'userIds', PICK_USERS)
        await db.transaction().execute(async (trx) => {
          const rows = await usersOf(trx, user, ids)
          await checked(trx, p, ids)
          for (const row of rows) {
            const plain = await initialPassword(trx, row.tenantId)
            await trx
              .updateTable('bladeUser')
              .set({
                password: await hashPassword(plain),
                updateUser: user.userId,
                updateTime: now(),
              })
              .where('id', '=', row.id)
              .execute()
          }
        })
        return done()
      },
    },
    {
      method: 'POST',
      url: '/blade-system/user/grant',
      sample: { query: { userIds: '1', roleIds: '1', versions: '1' } },
      access: button('user_role'),
      handler: async (req) => {
        const user = caller(req)
        const p = params(req)
        const ids = idList(p.userIds, 'userIds', PICK_USERS)
        const roleIds = idList(p.roleIds, 'roleIds', '请至少选择一个角色')
        await db.transaction().execute(async (trx) => {
          const users = await usersOf(trx, user, ids)
          const roles = await trx
            .selectFrom('bladeRole')
            .select(['id', 'tenantId'])
            .where('id', 'in', roleIds)
            .where('isDeleted', '=', 0)
            .execute()
          if (roles.length !== roleIds.length) throw badRequest('角色不存在或已被删除')
          if (users.some((u) => roles.some((r) => r.tenantId !== u.tenantId)))
            throw badRequest('所选角色不属于用户所在的租户')
          await checked(trx, p, ids)
          await trx
            .updateTable('bladeUser')
            .set({ roleId: roleIds.join(','), updateUser: user.userId, updateTime: now() })
            .where('id', 'in', ids)
            .execute()
        })
        return done()
      },
    },
    {
      method: 'POST',
      url: '/blade-system/user/unlock',
      sample: { query: { userIds: '1', versions: '1' } },
      access: button('user_unlock'),
      handler: async (req) => {
        const p = params(req)
        const ids = idList(p.userIds, 'userIds', PICK_USERS)
        await db.transaction().execute(async (trx) => {
          const rows = await usersOf(trx, caller(req), ids)
          await checked(trx, p, ids)
          await clearAccountFailures(trx, rows)
        })
        return done()
      },
    },
    {
      method: 'POST',
      url: '/blade-system/user/audit-pass',
      sample: { query: { userIds: '1', versions: '1' } },
      access: button('user_audit'),
      handler: audit(NORMAL),
    },
    {
      method: 'POST',
      url: '/blade-system/user/audit-refuse',
      sample: { query: { userIds: '1', versions: '1' } },
      access: button('user_audit'),
      handler: audit(REFUSED),
    },
    {
      method: 'POST',
      url: '/blade-system/user/update-platform',
      sample: { query: { userId: '1', userType: '1', userExt: '', version: '1' } },
      access: button('user_platform'),
      handler: async (req) => {
        const p = params(req)
        const userId = requireParam(p, 'userId')
        if (!isId(userId)) throw badRequest('请求参数格式错误: userId')
        const userType = Number(requireParam(p, 'userType'))
        if (!Number.isInteger(userType) || userType < 1 || userType > 99)
          throw badRequest('请求参数格式错误: userType')
        const userExt = p.userExt ?? ''
        if (userExt.length > 2000) throw badRequest('用户拓展信息长度不能超过2000个字符')
        const read = versionParam(userId, p.version)
        const user = caller(req)
        await db.transaction().execute(async (trx) => {
          await usersOf(trx, user, [userId])
          await checkAndRaiseVersions(trx, {
            def: userDef,
            ids: [userId],
            read,
            lock: dialect === 'postgres',
          })
          await trx
            .updateTable('bladeUser')
            .set({
              userType,
              userExt: userExt || null,
              updateUser: user.userId,
              updateTime: now(),
            })
            .where('id', '=', userId)
            .execute()
        })
        return done()
      },
    },
    {
      method: 'POST',
      url: '/blade-system/user/remove',
      access: button('user_delete'),
      handler: async (req) => {
        const user = caller(req)
        const ids = idList(params(req).ids, 'ids')
        if (ids.includes(user.userId)) throw badRequest('不能删除当前登录的用户')
        await db.transaction().execute(async (trx) => {
          await usersOf(trx, user, ids)
          await trx
            .updateTable('bladeUser')
            .set({ isDeleted: 1, updateUser: user.userId, updateTime: now() })
            .where('id', 'in', ids)
            .execute()
        })
        return done()
      },
    },
  ]
  return routes
}
