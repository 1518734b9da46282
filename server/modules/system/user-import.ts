// Rows of an imported user sheet → users of a tenant. Every row is checked first (declared field
// rules, unique accounts, known roles/depts/posts by id or by name, the tenant's account number);
// one bad row refuses the whole file with the row numbers, and nothing is written.
import type { Kysely } from 'kysely'
import { sourceText } from '../../../src/domain/messages.ts'
import { user as userDef } from '../../../src/domain/system/user.ts'
import { validateField } from '../../../src/domain/validate.ts'
import { isAdministrator, type AuthUser } from '../../auth/context.ts'
import { hashPassword } from '../../auth/password.ts'
import type { DB } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { initialPassword } from '../tenant/provision.ts'
import { assertAccountRoom, MSG_ACCOUNT_TAKEN } from './user-admin.ts'

export const USER_COLUMNS = [
  '租户编号',
  '账户',
  '昵称',
  '姓名',
  '邮箱',
  '手机',
  '角色ID',
  '部门ID',
  '岗位ID',
  '角色名称',
  '部门名称',
  '岗位名称',
  '生日',
] as const
const MAX_ROWS = 5000

interface Refs {
  roles: Map<string, string>
  depts: Map<string, string>
  posts: Map<string, string>
  accounts: Map<string, string>
}

async function refsOf(db: Kysely<DB>, tenantId: string): Promise<Refs | null> {
  if (
    !(await db
      .selectFrom('bladeTenant')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst())
  )
    return null
  const named = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]))
  return {
    roles: named(
      await db
        .selectFrom('bladeRole')
        .select(['id', 'roleName as name'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .execute(),
    ),
    depts: named(
      await db
        .selectFrom('bladeDept')
        .select(['id', 'deptName as name'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .execute(),
    ),
    posts: named(
      await db
        .selectFrom('bladePost')
        .select(['id', 'postName as name'])
        .where('tenantId', '=', tenantId)
        .where('isDeleted', '=', 0)
        .execute(),
    ),
    accounts: new Map(
      (
        await db
          .selectFrom('bladeUser')
          .select(['id', 'account'])
          .where('tenantId', '=', tenantId)
          .where('isDeleted', '=', 0)
          .execute()
      ).map((u) => [u.account, u.id]),
    ),
  }
}

/** Ids from the id column, or else from the names column; unknown ones are reported. */
function resolve(
  ids: string,
  names: string,
  known: Map<string, string>,
  what: string,
  errs: string[],
): string {
  const split = (s: string) =>
    s
      .split(/[,，]/)
      .map((x) => x.trim())
      .filter(Boolean)
  if (ids) {
    const bad = split(ids).filter((id) => !known.has(id))
    if (bad.length) errs.push(`${what}ID不存在: ${bad.join(',')}`)
    return split(ids).join(',')
  }
  const byName = new Map([...known].map(([id, name]) => [name, id]))
  const out: string[] = []
  for (const n of split(names)) {
    const id = byName.get(n)
    if (id) out.push(id)
    else errs.push(`${what}不存在: ${n}`)
  }
  return out.join(',')
}

/** Excel keeps dates as day numbers since 1899-12-30 when the cell is a date. */
function birthdayOf(v: string): string {
  if (!/^\d+(\.\d+)?$/.test(v)) return v
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(v)) * 86400000)
  return `${d.toISOString().slice(0, 10)} 00:00:00`
}

interface Planned {
  tenantId: string
  existingId?: string
  values: Record<string, string | null>
  /** Cells the row actually filled: a covered account keeps its other values (as Blade's update by id). */
  given: Set<string>
}

export async function importUsers(
  db: Kysely<DB>,
  user: AuthUser,
  sheet: string[][],
  covered: boolean,
): Promise<number> {
  const [header, ...body] = sheet
  const col = new Map((header ?? []).map((h, i) => [h.trim(), i]))
  if (!col.has('账户')) throw badRequest('导入文件缺少“账户”列，请使用导入模板')
  const lines = body
    .map((row, i) => ({ row, line: i + 2 }))
    .filter(({ row }) => row.some((c) => c.trim() !== ''))
  if (lines.length === 0) throw badRequest('导入文件中没有数据')
  if (lines.length > MAX_ROWS) throw badRequest(`单次最多导入 ${MAX_ROWS} 条数据`)
  const field = (name: string) => userDef.fields.find((f) => f.name === name)!
  const cache = new Map<string, Refs | null>()
  const seen = new Set<string>()
  const errors: string[] = []
  const planned: Planned[] = []
  for (const { row, line } of lines) {
    const get = (name: string) => (col.has(name) ? (row[col.get(name)!] ?? '').trim() : '')
    const errs: string[] = []
    const tenantId = isAdministrator(user) && get('租户编号') ? get('租户编号') : user.tenantId
    if (!cache.has(tenantId)) cache.set(tenantId, await refsOf(db, tenantId))
    const refs = cache.get(tenantId)
    if (!refs) {
      errors.push(`第${line}行: 租户不存在`)
      continue
    }
    const account = get('账户')
    const realName = get('姓名') || account.slice(0, 20)
    const values: Record<string, string | null> = {
      account,
      realName,
      name: get('昵称') || realName,
      email: get('邮箱') || null,
      phone: get('手机') || null,
      birthday: get('生日') ? birthdayOf(get('生日')) : null,
    }
    for (const [name, v] of Object.entries(values)) {
      const m = validateField(field(name), v)
      if (m) errs.push(sourceText(m))
    }
    if (account && seen.has(`${tenantId}|${account}`)) errs.push('账户在文件中重复')
    seen.add(`${tenantId}|${account}`)
    const existingId = refs.accounts.get(account)
    if (existingId && !covered) errs.push(MSG_ACCOUNT_TAKEN)
    values.roleId = resolve(get('角色ID'), get('角色名称'), refs.roles, '角色', errs)
    values.deptId = resolve(get('部门ID'), get('部门名称'), refs.depts, '部门', errs)
    values.postId = resolve(get('岗位ID'), get('岗位名称'), refs.posts, '岗位', errs)
    const given = new Set(
      Object.entries({
        account,
        realName: get('姓名'),
        name: get('昵称'),
        email: values.email,
        phone: values.phone,
        birthday: values.birthday,
        roleId: values.roleId,
        deptId: values.deptId,
        postId: values.postId,
      })
        .filter(([, v]) => !!v)
        .map(([k]) => k),
    )
    if (errs.length) errors.push(`第${line}行: ${errs.join('，')}`)
    else planned.push({ tenantId, existingId, values, given })
  }
  if (errors.length)
    throw badRequest(
      `导入失败，${errors.slice(0, 20).join('；')}${errors.length > 20 ? `；等共 ${errors.length} 行有误` : ''}`,
    )

  await db.transaction().execute(async (trx) => {
    const fresh = new Map<string, number>()
    for (const p of planned)
      if (!p.existingId) fresh.set(p.tenantId, (fresh.get(p.tenantId) ?? 0) + 1)
    for (const [tenantId, n] of fresh) await assertAccountRoom(trx, tenantId, n)
    const passwords = new Map<string, string>()
    const passwordOf = async (tenantId: string) =>
      passwords.get(tenantId) ??
      passwords.set(tenantId, await initialPassword(trx, tenantId)).get(tenantId)!
    const t = now()
    for (const p of planned) {
      if (p.existingId) {
        const changes = Object.fromEntries(Object.entries(p.values).filter(([k]) => p.given.has(k)))
        await trx
          .updateTable('bladeUser')
          .set({ ...changes, updateUser: user.userId, updateTime: t })
          .where('id', '=', p.existingId)
          .execute()
        continue
      }
      const audit = {
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        createTime: t,
        updateUser: user.userId,
        updateTime: t,
      }
      await trx
        .insertInto('bladeUser')
        .values({
          id: nextId(),
          tenantId: p.tenantId,
          code: null,
          userType: 1,
          password: await hashPassword(await passwordOf(p.tenantId)),
          avatar: null,
          sex: null,
          status: 1,
          isDeleted: 0,
          ...audit,
          account: String(p.values.account),
          roleId: p.values.roleId ?? '',
          deptId: p.values.deptId ?? '',
          postId: p.values.postId ?? '',
          name: p.values.name,
          realName: p.values.realName,
          email: p.values.email,
          phone: p.values.phone,
          birthday: p.values.birthday,
        })
        .execute()
    }
  })
  return planned.length
}
