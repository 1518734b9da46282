// Login sessions (blade_session): every access token names the session it belongs to (`sid`), and
// every request checks, in one indexed query, that the session is still open and that its user is
// still there, enabled, of a live tenant and holding the roles the token claims. So logout, removing
// or disabling a user, and a role taken away end access at once, on every server process. The row is
// cached per session and dropped by any committed write to sessions, users or tenants, here and (by
// NOTIFY) on the other processes: see auth/access-cache.ts.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { now } from '../core/dates.ts'
import { unauthorized } from '../core/envelope.ts'
import { cachedLookup, type LookupSource } from './access-cache.ts'
import type { AuthUser } from './context.ts'

const MSG_SESSION_ENDED = '登录已失效，请重新登录'
const USER_NORMAL = 1

export async function openSession(
  db: Kysely<DB>,
  s: { sessionId: string; userId: string; tenantId: string; clientId: string },
): Promise<void> {
  await db
    .insertInto('bladeSession')
    .values({ ...s, createTime: Date.now(), revoked: 0 })
    .onConflict((oc) => oc.column('sessionId').doNothing())
    .execute()
}

export async function endSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<void> {
  await db
    .updateTable('bladeSession')
    .set({ revoked: 1 })
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .execute()
}

export async function isSessionOpen(db: Kysely<DB>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bladeSession')
    .select('revoked')
    .where('sessionId', '=', sessionId)
    .executeTakeFirst()
  return !!row && row.revoked === 0
}

/** Throws 401 unless the token's session and user are alive. */
export async function assertSessionAlive(from: LookupSource, user: AuthUser): Promise<void> {
  if (!user.sessionId) throw unauthorized(MSG_SESSION_ENDED)
  const sessionId = user.sessionId
  // Cached per session until a write to sessions, users or tenants (access-cache.ts); a missing row is not kept.
  const row = await cachedLookup(
    from.accessCache,
    'session',
    `${sessionId}|${user.userId}`,
    () => sessionRow(from.db, sessionId, user.userId),
    (r) => !!r,
  )
  if (
    !row ||
    row.revoked !== 0 ||
    row.isDeleted !== 0 ||
    row.status !== USER_NORMAL ||
    row.tenantId !== user.tenantId
  )
    throw unauthorized(MSG_SESSION_ENDED)
  if (
    row.tenantDeleted !== 0 ||
    row.tenantStatus !== 1 ||
    (!!row.expireTime && row.expireTime < now())
  )
    throw unauthorized(MSG_SESSION_ENDED)
  const held = new Set((row.roleId ?? '').split(','))
  if (!user.roleIds.every((id) => held.has(id))) throw unauthorized(MSG_SESSION_ENDED)
}

function sessionRow(db: Kysely<DB>, sessionId: string, userId: string) {
  return db
    .selectFrom('bladeSession as s')
    .innerJoin('bladeUser as u', 'u.id', 's.userId')
    .innerJoin('bladeTenant as t', 't.tenantId', 'u.tenantId')
    .select([
      's.revoked',
      'u.isDeleted',
      'u.status',
      'u.roleId',
      'u.tenantId',
      't.isDeleted as tenantDeleted',
      't.status as tenantStatus',
      't.expireTime',
    ])
    .where('s.sessionId', '=', sessionId)
    .where('s.userId', '=', userId)
    .executeTakeFirst()
}
