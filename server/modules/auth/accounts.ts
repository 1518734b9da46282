// Tenant and user checks shared by the grants and registration.
import type { Kysely, Selectable } from 'kysely'
import { hashPassword } from '../../auth/password.ts'
import type { DB, TenantTable, UserTable } from '../../db/schema.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'

export type UserRow = Selectable<UserTable>
export type TenantRow = Selectable<TenantTable>

/** user.status: 1 normal, 0 registered and awaiting an administrator's audit. */
const USER_NORMAL = 1
const USER_AWAITING_AUDIT = 0

export const MSG_BAD_TENANT = '租户信息错误'
const MSG_TENANT_INACTIVE = '租户已过期或被禁用'
export const MSG_BAD_PASSWORD = '用户名或密码错误'
const MSG_AWAITING_AUDIT = '账号正在审核中，请联系管理员'
export const MSG_REGISTERED = '注册成功，请等待管理员审核'

/** The tenant row, or 400 when the id names no tenant at all. */
export async function loadTenant(db: Kysely<DB>, tenantId: string): Promise<TenantRow> {
  const tenant = await db
    .selectFrom('bladeTenant')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .executeTakeFirst()
  if (!tenant) throw badRequest(MSG_BAD_TENANT)
  return tenant
}

/** Deleted (recycled), disabled or expired tenants lock out all their users. */
export function assertTenantActive(tenant: TenantRow): void {
  const expired = !!tenant.expireTime && tenant.expireTime < now()
  if (tenant.isDeleted !== 0 || tenant.status !== 1 || expired)
    throw badRequest(MSG_TENANT_INACTIVE)
}

/** Account status checks, made only once the caller has proved who they are. */
export function assertUserActive(user: UserRow): void {
  if (user.status === USER_AWAITING_AUDIT) throw badRequest(MSG_AWAITING_AUDIT)
  if (user.status !== USER_NORMAL) throw badRequest('账号已被禁用，请联系管理员')
}

export function findUserByAccount(
  db: Kysely<DB>,
  tenantId: string,
  account: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('bladeUser')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
}

export interface Registration {
  tenantId: string
  account: string
  password: string
  name: string
  phone: string | null
  email: string | null
}

function check(value: string | null, max: number, label: string): void {
  if (value !== null && value.length > max) throw badRequest(`${label}长度不能超过${max}个字符`)
}

/** Creates a user awaiting audit (no role, dept or post) in an active tenant. */
export async function registerUser(db: Kysely<DB>, r: Registration): Promise<UserRow> {
  if (!r.account) throw badRequest('请输入账号')
  if (/\s/.test(r.account)) throw badRequest('账号不能包含空白字符')
  if (!r.password) throw badRequest('请输入密码')
  check(r.account, 45, '账号')
  check(r.name, 20, '姓名')
  check(r.phone, 45, '手机号')
  check(r.email, 45, '邮箱')
  check(r.password, 100, '密码')
  if (r.email && !/^[^\s@]+@[^\s@]+$/.test(r.email)) throw badRequest('邮箱格式不正确')
  const tenant = await loadTenant(db, r.tenantId)
  assertTenantActive(tenant)
  if (await findUserByAccount(db, r.tenantId, r.account)) throw badRequest('当前账号已被使用!')
  if (tenant.accountNumber >= 0) {
    const row = await db
      .selectFrom('bladeUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenantId', '=', r.tenantId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst()
    if (Number(row?.n ?? 0) >= tenant.accountNumber) throw badRequest('当前租户已到最大账号额度!')
  }
  const t = now()
  const user = {
    id: nextId(),
    tenantId: r.tenantId,
    code: null,
    userType: 1,
    account: r.account,
    password: await hashPassword(r.password),
    name: r.name || r.account.slice(0, 20),
    realName: r.name || r.account.slice(0, 20),
    avatar: null,
    email: r.email || null,
    phone: r.phone || null,
    birthday: null,
    sex: null,
    roleId: '',
    deptId: '',
    postId: '',
    createUser: null,
    createDept: null,
    createTime: t,
    updateUser: null,
    updateTime: t,
    status: USER_AWAITING_AUDIT,
    isDeleted: 0,
    version: 1,
    userExt: null,
  }
  await db.insertInto('bladeUser').values(user).execute()
  return user
}
