// The refresh_token grant with rotation: each refresh token works once. Presenting a used or
// revoked one revokes its whole login session, since it means the token was copied.
import type { Kysely } from 'kysely'
import { verifyRefreshToken } from '../../auth/jwt.ts'
import { endSession, isSessionOpen } from '../../auth/session.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest } from '../../http/envelope.ts'
import { assertTenantActive, assertUserActive, loadTenant, MSG_BAD_TENANT } from './accounts.ts'
import { need, type GrantInput } from './grants.ts'
import { issueTokens, type TokenBody } from './issue.ts'

const MSG_BAD_REFRESH = '令牌已失效，请重新登录'
const ACTIVE = 0
const ROTATED = 1
const REVOKED = 2

/** Ends a login session: its access tokens stop working at once and its refresh tokens are spent. */
export async function revokeSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<void> {
  await endSession(db, userId, sessionId)
  await db.updateTable('bladeRefreshToken').set({ revoked: REVOKED }).where('sessionId', '=', sessionId).where('userId', '=', userId).execute()
}

const list = (v: string) => v.split(',').filter(Boolean)

export async function refreshGrant(g: GrantInput, explicitTenant: string | undefined): Promise<TokenBody> {
  const { db, keys } = g.ctx
  const token = need(g.p, g.wire.refreshToken)
  const claims = await verifyRefreshToken(token, keys.jwtSecret).catch(() => null)
  if (!claims || claims.clientId !== g.client.clientId) throw badRequest(MSG_BAD_REFRESH)
  if (explicitTenant && explicitTenant !== claims.tenantId) throw badRequest(MSG_BAD_TENANT)

  const row = await db.selectFrom('bladeRefreshToken').selectAll().where('jti', '=', claims.jti).executeTakeFirst()
  if (!row || row.userId !== claims.userId || row.expiresAt <= Date.now()) throw badRequest(MSG_BAD_REFRESH)
  if (!row.sessionId || !(await isSessionOpen(db, row.sessionId))) throw badRequest(MSG_BAD_REFRESH)
  // Mark it used in one conditional update, so two racing refreshes cannot both win.
  const spent = await db.updateTable('bladeRefreshToken').set({ revoked: ROTATED }).where('jti', '=', row.jti).where('revoked', '=', ACTIVE).executeTakeFirst()
  if (Number(spent.numUpdatedRows) !== 1) {
    if (row.sessionId) await revokeSession(db, row.userId, row.sessionId)
    throw badRequest(MSG_BAD_REFRESH)
  }

  const user = await db.selectFrom('bladeUser').selectAll().where('id', '=', claims.userId).where('isDeleted', '=', 0).executeTakeFirst()
  if (!user) throw badRequest(MSG_BAD_REFRESH)
  assertUserActive(user)
  assertTenantActive(await loadTenant(db, user.tenantId))
  const selection = {
    roleId: g.p.roleId || g.selection.roleId,
    deptId: g.p.deptId || g.selection.deptId,
    previousRoleIds: list(claims.roleId),
    previousDeptIds: list(claims.deptId),
  }
  return issueTokens(g.ctx, { user, client: g.client, selection, sessionId: row.sessionId || claims.sessionId || undefined })
}
