// The caller's own user: info (UserVO + role aliases), update-info and update-password.
import type { Kysely } from 'kysely'
import { user as userDef } from '../../../src/domain/system/user.ts'
import { USER } from '../../core/access.ts'
import { type AuthUser, caller } from '../../auth/context.ts'
import { hashPassword, verifyPassword } from '../../auth/password.ts'
import {
  assertCurrentVersion,
  assertNotOvertaken,
  hasVersion,
  nextVersion,
} from '../../crud/version.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest, done, forbidden, ok, unauthorized } from '../../core/envelope.ts'
import { body, params, requireParam, type Module } from '../../core/routes.ts'
import { idList, toUserVO } from './user-vo.ts'

const PHONE_PATTERN = /^\d{11}$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Editable profile fields with their column limits. */
const PROFILE_FIELDS = { avatar: 1000, name: 20, realName: 20, phone: 45, email: 45 } as const
type ProfileField = keyof typeof PROFILE_FIELDS

async function ownRow(db: Kysely<DB>, user: AuthUser) {
  const row = await db
    .selectFrom('bladeUser')
    .selectAll()
    .where('id', '=', user.userId)
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!row) throw unauthorized('用户不存在或已被删除')
  return row
}

function profileChanges(
  input: Record<string, unknown>,
): Partial<Record<ProfileField, string | null>> {
  const out: Partial<Record<ProfileField, string | null>> = {}
  for (const [field, max] of Object.entries(PROFILE_FIELDS) as [ProfileField, number][]) {
    const v = input[field]
    if (v === undefined) continue
    if (v !== null && typeof v !== 'string') throw badRequest(`请求参数格式错误: ${field}`)
    const s = (v ?? '').trim()
    if (s.length > max) throw badRequest(`${field} 长度不能超过 ${max}`)
    out[field] = s === '' ? null : s
  }
  if (out.phone && !PHONE_PATTERN.test(out.phone)) throw badRequest('请输入正确的手机号')
  if (out.email && !EMAIL_PATTERN.test(out.email)) throw badRequest('请输入正确的邮箱')
  return out
}

export const userModule: Module = ({ db }) => [
  {
    method: 'GET',
    url: '/blade-system/user/info',
    access: USER,
    handler: async (req) => {
      const user = caller(req)
      const row = await ownRow(db, user)
      const roleIds = user.roleIds.length ? user.roleIds : idList(row.roleId)
      const roles = roleIds.length
        ? await db
            .selectFrom('bladeRole')
            .select(['id', 'roleAlias'])
            .where('id', 'in', roleIds)
            .where('isDeleted', '=', 0)
            .execute()
        : []
      const aliases = roleIds
        .map((id) => roles.find((r) => r.id === id)?.roleAlias)
        .filter((a): a is string => !!a)
      return ok({ ...(await toUserVO(db, row)), roles: aliases })
    },
  },
  {
    method: 'POST',
    url: '/blade-system/user/update-info',
    sample: { json: { realName: '样例', phone: '0912345678' } },
    access: USER,
    handler: async (req) => {
      const user = caller(req)
      const input = body(req)
      if (
        input.id !== undefined &&
        input.id !== null &&
        input.id !== '' &&
        String(input.id) !== user.userId
      )
        throw forbidden('只能修改本人的信息')
      const changes = profileChanges(input)
      const row = await ownRow(db, user)
      // The profile page sends the version it showed: an administrator's change meanwhile is not overwritten.
      await assertCurrentVersion(db, userDef, input, row)
      let update = db
        .updateTable('bladeUser')
        .set({ ...changes, updateUser: user.userId, updateTime: now(), version: nextVersion(row) })
        .where('id', '=', user.userId)
      if (hasVersion(input)) update = update.where('version', '=', row.version)
      assertNotOvertaken(await update.executeTakeFirst())
      return done()
    },
  },
  {
    method: 'POST',
    url: '/blade-system/user/update-password',
    sample: {
      query: { oldPassword: 'old', newPassword: 'new-password-1', newPassword1: 'new-password-1' },
    },
    access: USER,
    handler: async (req) => {
      const user = caller(req)
      const p = params(req)
      const oldPassword = requireParam(p, 'oldPassword')
      const newPassword = requireParam(p, 'newPassword')
      const newPassword1 = requireParam(p, 'newPassword1')
      if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!')
      const row = await ownRow(db, user)
      if (!(await verifyPassword(oldPassword, row.password))) throw badRequest('原密码不正确!')
      if (newPassword.length > 100) throw badRequest('新密码长度不能超过 100')
      await db
        .updateTable('bladeUser')
        .set({
          password: await hashPassword(newPassword),
          updateUser: user.userId,
          updateTime: now(),
        })
        .where('id', '=', user.userId)
        .execute()
      return done()
    },
  },
]
