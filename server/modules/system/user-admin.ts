// User management (/blade-system/user, docs/contract.md §8.2 and BladeX): page/list, detail (UserVO, never
// the password), platform detail, submit/update. The password is taken as typed and hashed; an
// update without one keeps the stored hash. Accounts are unique per tenant and a tenant's
// account number bounds how many users it may have.
import type { Kysely, Transaction } from 'kysely'
import { user as userDef } from '../../../src/domain/system/user.ts'
import { button } from '../../core/access.ts'
import { isAdministrator, type AuthUser, caller } from '../../auth/context.ts'
import { hashPassword } from '../../auth/password.ts'
import { dynamic, writableValues } from '../../crud/table.ts'
import { assertCurrentVersion, assertNotOvertaken, nextVersion } from '../../crud/version.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest, notFound, ok } from '../../core/envelope.ts'
import { isId, nextId } from '../../core/ids.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import { assertOwnTenant, requireButton } from './admin-support.ts'
import { assertValid } from '../../crud/validation.ts'
import { userPage, userVOs, type UserRow } from './user-query.ts'

export const MSG_ACCOUNT_TAKEN = '当前账号已被使用!'
const MSG_ACCOUNT_LIMIT = '当前租户已到最大账号额度!'

/** Refuses a create when the tenant already has `adding` too many users (account_number, -1 = no limit). */
export async function assertAccountRoom(
  trx: Kysely<DB>,
  tenantId: string,
  adding: number,
): Promise<void> {
  const tenant = await trx
    .selectFrom('bladeTenant')
    .select('accountNumber')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!tenant) throw badRequest('租户不存在')
  if (tenant.accountNumber < 0) return
  const n = Number(
    (
      await trx
        .selectFrom('bladeUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
    )?.n ?? 0,
  )
  if (n + adding > tenant.accountNumber) throw badRequest(MSG_ACCOUNT_LIMIT)
}

/** Every id of a comma list names a live row of the tenant in `table`. */
async function assertRefs(
  trx: Kysely<DB>,
  tenantId: string,
  csv: unknown,
  table: 'bladeRole' | 'bladeDept' | 'bladePost',
  what: string,
): Promise<void> {
  const ids = [
    ...new Set(
      String(csv ?? '')
        .split(',')
        .filter(Boolean),
    ),
  ]
  if (ids.length === 0) return
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .execute()
  if (rows.length !== ids.length) throw badRequest(`所选${what}不存在或不属于该租户`)
}

/** A unique-index violation (a concurrent create of the same account) is a 400, not a 500. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string }
  return err?.code === '23505' || /UNIQUE constraint failed/i.test(err?.message ?? '')
}

async function saveUser(
  db: Kysely<DB>,
  user: AuthUser,
  input: Record<string, unknown>,
  mode: 'submit' | 'update',
) {
  const id =
    input.id === undefined || input.id === null || input.id === '' ? null : String(input.id)
  if (id !== null && !isId(id)) throw badRequest('请求参数格式错误: id')
  if (mode === 'update' && !id) throw badRequest('缺少必要的请求参数: id')
  try {
    return await db.transaction().execute(async (trx: Transaction<DB>) => {
      const existing = id
        ? await trx
            .selectFrom('bladeUser')
            .selectAll()
            .where('id', '=', id)
            .where('isDeleted', '=', 0)
            .executeTakeFirst()
        : undefined
      if (id && !existing) throw notFound('数据不存在或已被删除')
      if (existing) assertOwnTenant(user, [existing.tenantId], '用户')
      await requireButton(trx, user, existing ? 'user_edit' : 'user_add')
      if (existing) await assertCurrentVersion(trx, userDef, input, existing)
      const record: Record<string, unknown> = { ...input }
      if (
        existing &&
        (record.password === undefined || record.password === null || record.password === '')
      )
        delete record.password
      if (typeof record.account === 'string') record.account = record.account.trim()
      assertValid(userDef, record, existing ? 'edit' : 'add')
      const tenantId =
        existing?.tenantId ??
        (typeof input.tenantId === 'string' && input.tenantId && isAdministrator(user)
          ? input.tenantId
          : user.tenantId)
      const account = String(record.account ?? existing?.account)
      const taken = await trx
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('account', '=', account)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (taken && taken.id !== existing?.id) throw badRequest(MSG_ACCOUNT_TAKEN)
      if (!existing) await assertAccountRoom(trx, tenantId, 1)
      await assertRefs(trx, tenantId, record.roleId, 'bladeRole', '角色')
      await assertRefs(trx, tenantId, record.deptId, 'bladeDept', '部门')
      await assertRefs(trx, tenantId, record.postId, 'bladePost', '岗位')
      const values = writableValues(userDef, record, existing ? 'edit' : 'add')
      delete values.tenant_id
      delete values.password
      if (typeof record.password === 'string' && record.password !== '')
        values.password = await hashPassword(record.password)
      const t = now()
      const rowId = existing?.id ?? nextId()
      const d = dynamic(trx)
      if (existing)
        assertNotOvertaken(
          await d
            .updateTable('blade_user')
            .set({
              ...values,
              update_user: user.userId,
              update_time: t,
              version: nextVersion(existing),
            })
            .where('id', '=', rowId)
            .where('version', '=', existing.version)
            .executeTakeFirst(),
        )
      else {
        const audit = {
          create_user: user.userId,
          create_dept: user.deptIds[0] ?? null,
          create_time: t,
          update_user: user.userId,
          update_time: t,
        }
        await d
          .insertInto('blade_user')
          .values({
            role_id: '',
            dept_id: '',
            post_id: '',
            ...values,
            id: rowId,
            tenant_id: tenantId,
            user_type: 1,
            status: 1,
            is_deleted: 0,
            ...audit,
          })
          .execute()
      }
      const row = (await trx
        .selectFrom('bladeUser')
        .selectAll()
        .where('id', '=', rowId)
        .executeTakeFirstOrThrow()) as UserRow
      return (await userVOs(trx, [row]))[0]
    })
  } catch (e) {
    if (isUniqueViolation(e)) throw badRequest(MSG_ACCOUNT_TAKEN)
    throw e
  }
}

export const userAdminModule: Module = ({ db }) => {
  const read = button('user')
  const one = async (user: AuthUser, id: string): Promise<UserRow> => {
    if (!isId(id)) throw badRequest('请求参数格式错误: id')
    const row = (await db
      .selectFrom('bladeUser')
      .selectAll()
      .where('id', '=', id)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()) as UserRow | undefined
    if (!row || (!isAdministrator(user) && row.tenantId !== user.tenantId))
      throw notFound('数据不存在或已被删除')
    return row
  }
  return [
    {
      method: 'GET',
      url: '/blade-system/user/page',
      access: read,
      handler: async (req) => ok(await userPage(db, caller(req), params(req))),
    },
    {
      method: 'GET',
      url: '/blade-system/user/list',
      access: read,
      handler: async (req) => ok(await userPage(db, caller(req), params(req))),
    },
    {
      method: 'GET',
      url: '/blade-system/user/detail',
      access: read,
      handler: async (req) =>
        ok((await userVOs(db, [await one(caller(req), requireParam(params(req), 'id'))]))[0]),
    },
    {
      method: 'GET',
      url: '/blade-system/user/platform-detail',
      access: button('user_platform'),
      handler: async (req) => {
        const row = await one(caller(req), requireParam(params(req), 'id'))
        return ok({
          id: row.id,
          account: row.account,
          realName: row.realName ?? '',
          userType: row.userType,
          userExt: row.userExt ?? '',
          version: row.version,
        })
      },
    },
    {
      method: 'POST',
      url: '/blade-system/user/submit',
      access: { kind: 'anyButton', codes: ['user_add', 'user_edit'] },
      handler: async (req) => ok(await saveUser(db, caller(req), body(req), 'submit')),
    },
    {
      method: 'POST',
      url: '/blade-system/user/update',
      access: button('user_edit'),
      handler: async (req) => ok(await saveUser(db, caller(req), body(req), 'update')),
    },
  ]
}
