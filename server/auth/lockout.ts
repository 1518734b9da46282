// Login failures (docs/contract.md §5.6, hardened): failures are counted per account, per account and
// client IP, and per client IP, for 30 minutes. A stranger must not be able to lock the owner out,
// so failures from anywhere only ask for the captcha (the app always sends one); what is refused
// outright is the client that failed: 5 times on one account, or 20 times on any accounts.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { badRequest } from '../core/envelope.ts'
import { nextId } from '../core/ids.ts'

export const MAX_LOGIN_FAILURES = 5
/** Failures from one client on any accounts (password spraying) after which it is refused. */
const MAX_CLIENT_FAILURES = 20
const LOCKOUT_WINDOW_MS = 30 * 60 * 1000

const MSG_ACCOUNT_LOCKED = '用户登录失败次数过多'
const MSG_CLIENT_LOCKED = '用户登录失败次数过多，请稍后再试'
const MSG_CAPTCHA_REQUIRED = '登录失败次数过多，请使用验证码登录'

/** The counter key of an account; per-client keys of the account start with it and '@'. */
export const accountFailKey = (tenantId: string, account: string) =>
  `account:${tenantId}:${account}`.slice(0, 200)
export const accountClientFailKey = (tenantId: string, account: string, ip: string) =>
  `${accountFailKey(tenantId, account)}@${ip}`.slice(0, 255)
export const ipFailKey = (ip: string) => `ip:${ip}`.slice(0, 255)

export async function countFailures(db: Kysely<DB>, key: string): Promise<number> {
  const row = await db
    .selectFrom('bladeLoginFailure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('failKey', '=', key)
    .where('failTime', '>', Date.now() - LOCKOUT_WINDOW_MS)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Refuses a login attempt before the password is checked: the client that failed too often, or,
 * without a solved captcha, any client once the account or the client has failed 5 times.
 */
export async function assertMayTryLogin(
  db: Kysely<DB>,
  ip: string,
  account: { tenantId: string; account: string } | null,
  captchaSolved: boolean,
): Promise<void> {
  const fromClient = await countFailures(db, ipFailKey(ip))
  if (fromClient >= MAX_CLIENT_FAILURES) throw badRequest(MSG_CLIENT_LOCKED)
  if (!account) {
    if (!captchaSolved && fromClient >= MAX_LOGIN_FAILURES) throw badRequest(MSG_CLIENT_LOCKED)
    return
  }
  if (
    (await countFailures(db, accountClientFailKey(account.tenantId, account.account, ip))) >=
    MAX_LOGIN_FAILURES
  )
    throw badRequest(MSG_ACCOUNT_LOCKED)
  if (captchaSolved) return
  if (
    fromClient >= MAX_LOGIN_FAILURES ||
    (await countFailures(db, accountFailKey(account.tenantId, account.account))) >=
      MAX_LOGIN_FAILURES
  )
    throw badRequest(MSG_CAPTCHA_REQUIRED)
}

/** The keys a failed login of this account from this client counts under. */
export const loginFailKeys = (tenantId: string, account: string, ip: string) => [
  accountFailKey(tenantId, account),
  accountClientFailKey(tenantId, account, ip),
  ipFailKey(ip),
]

/** The keys a successful login clears (the client's count on other accounts stays). */
export const loginSuccessKeys = (tenantId: string, account: string, ip: string) => [
  accountFailKey(tenantId, account),
  accountClientFailKey(tenantId, account, ip),
]

export async function recordFailure(db: Kysely<DB>, keys: string[]): Promise<void> {
  const at = Date.now()
  await db
    .insertInto('bladeLoginFailure')
    .values(keys.map((failKey) => ({ id: nextId(), failKey, failTime: at })))
    .execute()
  // Old rows never count again: drop them as we go so the table stays small.
  await db
    .deleteFrom('bladeLoginFailure')
    .where('failTime', '<=', at - LOCKOUT_WINDOW_MS)
    .execute()
}

export async function clearFailures(db: Kysely<DB>, keys: string[]): Promise<void> {
  await db.deleteFrom('bladeLoginFailure').where('failKey', 'in', keys).execute()
}

/** Admin unlock: every counter of these accounts, from every client. */
export async function clearAccountFailures(
  db: Kysely<DB>,
  accounts: { tenantId: string; account: string }[],
): Promise<void> {
  for (const a of accounts) {
    const key = accountFailKey(a.tenantId, a.account)
    await db
      .deleteFrom('bladeLoginFailure')
      .where((eb) =>
        eb.or([
          eb('failKey', '=', key),
          eb(eb.fn('substr', ['failKey', eb.val(1), eb.val(key.length + 1)]), '=', `${key}@`),
        ]),
      )
      .execute()
  }
}
