// Shared by the auth tests: token calls from a chosen client IP, and rows made directly in the
// test database.
import { hashPassword, legacyBladeHash } from '../../server/auth/password.ts'
import { now } from '../../server/core/dates.ts'
import { nextId } from '../../server/core/ids.ts'
import { BASIC_SABER, call, type Reply } from './http.ts'
import type { TestServer } from './test-server.ts'

let ipSeq = 0
/** A fresh client IP, so lockout counters of one test never leak into another. */
export const freshIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`

export interface TokenOpts {
  headers?: Record<string, string>
  ip?: string
  basic?: string | null
  form?: boolean
}

export function token(
  s: TestServer,
  query: Record<string, string>,
  opts: TokenOpts = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- token bodies are asserted field by field
): Promise<Reply<any>> {
  const headers: Record<string, string> = {
    'X-Forwarded-For': opts.ip ?? freshIp(),
    ...(opts.headers ?? {}),
  }
  if (opts.basic !== null) headers.Authorization = opts.basic ?? BASIC_SABER
  return opts.form
    ? call(s.baseUrl, 'POST', '/api/blade-auth/oauth/token', { form: query, headers })
    : call(s.baseUrl, 'POST', '/api/blade-auth/oauth/token', { query, headers })
}

export async function addTenant(
  s: TestServer,
  tenantId: string,
  extra: { status?: number; isDeleted?: number; expireTime?: string | null } = {},
): Promise<void> {
  const t = now()
  await s.db
    .insertInto('bladeTenant')
    .values({
      id: nextId(),
      tenantId,
      tenantName: `租户${tenantId}`,
      domain: null,
      backgroundUrl: null,
      linkman: null,
      contactNumber: null,
      address: null,
      expireTime: extra.expireTime ?? null,
      packageId: null,
      datasourceId: null,
      licenseKey: null,
      createUser: null,
      createDept: null,
      createTime: t,
      updateUser: null,
      updateTime: t,
      status: extra.status ?? 1,
      isDeleted: extra.isDeleted ?? 0,
    })
    .execute()
}

export async function addRole(
  s: TestServer,
  roleAlias: string,
  tenantId = '000000',
): Promise<string> {
  const id = nextId()
  await s.db
    .insertInto('bladeRole')
    .values({ id, tenantId, parentId: '0', roleName: roleAlias, sort: 1, roleAlias })
    .execute()
  return id
}

export interface NewUser {
  account: string
  password?: string
  tenantId?: string
  legacy?: boolean
  roleId?: string
  deptId?: string
  phone?: string | null
  status?: number
}

export async function addUser(s: TestServer, u: NewUser): Promise<string> {
  const id = nextId()
  const password = u.password ?? 'secret-123'
  const t = now()
  await s.db
    .insertInto('bladeUser')
    .values({
      id,
      tenantId: u.tenantId ?? '000000',
      code: null,
      account: u.account,
      password: u.legacy ? legacyBladeHash(password) : await hashPassword(password),
      name: `${u.account}-nick`,
      realName: `${u.account}-real`,
      avatar: null,
      email: null,
      phone: u.phone ?? null,
      birthday: null,
      sex: null,
      roleId: u.roleId ?? '',
      deptId: u.deptId ?? '',
      postId: '',
      createUser: null,
      createDept: null,
      createTime: t,
      updateUser: null,
      updateTime: t,
      status: u.status ?? 1,
    })
    .execute()
  return id
}
