// The password, captcha and sms_code grants: prove who the caller is, count failures for the
// lockout, then hand over to issueTokens. Both wire shapes of the token endpoint (BladeX's
// oauth/token, SpringBlade's token) run them; a Wire says what differs.
import type { FastifyRequest } from 'fastify'
import {
  assertMayTryLogin,
  clearFailures,
  countFailures,
  ipFailKey,
  loginFailKeys,
  loginSuccessKeys,
  MAX_LOGIN_FAILURES,
  recordFailure,
} from '../../auth/lockout.ts'
import { hashPassword, isLegacyHash, verifyPassword } from '../../auth/password.ts'
import { readPhone } from '../../auth/rsa.ts'
import { now } from '../../core/dates.ts'
import { badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import {
  assertTenantActive,
  assertUserActive,
  findUserByAccount,
  loadTenant,
  MSG_BAD_PASSWORD,
} from './accounts.ts'
import { checkCaptcha } from './captcha.ts'
import type { ClientRow } from './client.ts'
import { issueTokens, type Selection, type TokenBody } from './issue.ts'

/** What differs between the wire shapes: parameter names and the password transport. */
export interface Wire {
  /** Names of the login-name parameter, in order of preference (the first one is named when missing). */
  account: string[]
  refreshToken: string
  /** The plain password of a transported ciphertext, or null when it is not one. */
  decrypt: (cipher: string) => string | null
}

export interface GrantInput {
  ctx: AppContext
  wire: Wire
  req: FastifyRequest
  p: Record<string, string>
  client: ClientRow
  tenantId: string
  ip: string
  selection: Selection
}

export function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  const s = (Array.isArray(v) ? v[0] : v)?.trim()
  return s || undefined
}

export function need(p: Record<string, string>, ...names: string[]): string {
  const v = names.map((n) => p[n]).find((x) => x !== undefined && x !== '')
  if (v === undefined) throw badRequest(`缺少必要的请求参数: ${names[0]}`)
  return v
}

// Spend the same scrypt time whether or not the account exists.
let dummyHash: Promise<string> | undefined
const burnHashTime = async (plain: string) =>
  verifyPassword(plain, await (dummyHash ??= hashPassword('dummy-password')))

export async function passwordGrant(g: GrantInput, withCaptcha: boolean): Promise<TokenBody> {
  const { db } = g.ctx
  const account = need(g.p, ...g.wire.account)
  const encrypted = need(g.p, 'password')
  if (withCaptcha)
    await checkCaptcha(db, header(g.req, 'captcha-key'), header(g.req, 'captcha-code'))
  const tenant = await loadTenant(db, g.tenantId)
  await assertMayTryLogin(db, g.ip, { tenantId: g.tenantId, account }, withCaptcha)

  const plain = g.wire.decrypt(encrypted)
  const user = await findUserByAccount(db, g.tenantId, account)
  const verified =
    plain !== null && user
      ? await verifyPassword(plain, user.password)
      : await burnHashTime(plain ?? '').then(() => false)
  if (!verified || !user || plain === null) {
    await recordFailure(db, loginFailKeys(g.tenantId, account, g.ip))
    throw badRequest(MSG_BAD_PASSWORD)
  }
  await clearFailures(db, loginSuccessKeys(g.tenantId, account, g.ip))
  if (isLegacyHash(user.password)) {
    await db
      .updateTable('bladeUser')
      .set({ password: await hashPassword(plain), updateTime: now() })
      .where('id', '=', user.id)
      .execute()
  }
  assertUserActive(user)
  assertTenantActive(tenant)
  return issueTokens(g.ctx, { user, client: g.client, selection: g.selection })
}

export async function smsCodeGrant(g: GrantInput): Promise<TokenBody> {
  const { db, keys } = g.ctx
  const phone = readPhone(keys.rsaPrivateKey, need(g.p, 'phone'))
  const id = need(g.p, 'id')
  const value = need(g.p, 'value').trim()
  const tenant = await loadTenant(db, g.tenantId)
  await assertMayTryLogin(db, g.ip, null, false)
  // A code survives a few wrong guesses (typos), counted under its own key, then it is burnt.
  const codeKey = `sms:${id}`.slice(0, 255)
  if ((await countFailures(db, codeKey)) >= MAX_LOGIN_FAILURES) throw badRequest('验证码不正确')
  const used = phone
    ? await db
        .updateTable('bladeSmsCode')
        .set({ used: 1 })
        .where('id', '=', id)
        .where('tenantId', '=', g.tenantId)
        .where('phone', '=', phone)
        .where('code', '=', value)
        .where('used', '=', 0)
        .where('expiresAt', '>', Date.now())
        .executeTakeFirst()
    : null
  if (!phone || !used || Number(used.numUpdatedRows) !== 1) {
    await recordFailure(db, [ipFailKey(g.ip), codeKey])
    throw badRequest('验证码不正确')
  }
  const user = await db
    .selectFrom('bladeUser')
    .selectAll()
    .where('tenantId', '=', g.tenantId)
    .where('phone', '=', phone)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst()
  if (!user) throw badRequest('手机号未注册')
  await clearFailures(db, [codeKey, ...loginSuccessKeys(g.tenantId, user.account, g.ip)])
  assertUserActive(user)
  assertTenantActive(tenant)
  return issueTokens(g.ctx, { user, client: g.client, selection: g.selection })
}
