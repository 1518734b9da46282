// Login lockout (contract §5.6): failures are counted per tenant+account and per client IP for
// 30 minutes; at 5 the grant is refused. A successful login clears both counters.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { badRequest } from '../http/envelope.ts'
import { nextId } from '../http/ids.ts'

export const MAX_LOGIN_FAILURES = 5
export const LOCKOUT_WINDOW_MS = 30 * 60 * 1000

/** The counter key of an account; user unlock (system module) deletes rows with this key. */
export const accountFailKey = (tenantId: string, account: string) => `account:${tenantId}:${account}`.slice(0, 255)
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

export async function assertNotLocked(db: Kysely<DB>, ip: string, account?: { tenantId: string; account: string }): Promise<void> {
  if (account && (await countFailures(db, accountFailKey(account.tenantId, account.account))) >= MAX_LOGIN_FAILURES) throw badRequest('用户登录失败次数过多')
  if ((await countFailures(db, ipFailKey(ip))) >= MAX_LOGIN_FAILURES) throw badRequest('用户登录失败次数过多，请稍后再试')
}

export async function recordFailure(db: Kysely<DB>, keys: string[]): Promise<void> {
  const at = Date.now()
  await db.insertInto('bladeLoginFailure').values(keys.map((failKey) => ({ id: nextId(), failKey, failTime: at }))).execute()
  // Old rows never count again: drop them as we go so the table stays small.
  await db.deleteFrom('bladeLoginFailure').where('failTime', '<=', at - LOCKOUT_WINDOW_MS).execute()
}

export async function clearFailures(db: Kysely<DB>, keys: string[]): Promise<void> {
  await db.deleteFrom('bladeLoginFailure').where('failKey', 'in', keys).execute()
}
