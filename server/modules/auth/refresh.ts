// The refresh_token grant with rotation: each refresh token works once. Presenting a used or
// revoked one revokes its whole login session, since it means the token was copied, unless it
// comes with the session's own access token (another tab of the same browser, see sameBrowser).
import type { Kysely } from 'kysely'
import { readBearer } from '../../auth/guard.ts'
import { verifyAccessToken, verifyRefreshToken } from '../../auth/jwt.ts'
import { endSession, isSessionOpen } from '../../auth/session.ts'
import type { DB } from '../../db/schema.ts'
import { badRequest } from '../../core/envelope.ts'
import { assertTenantActive, assertUserActive, loadTenant, MSG_BAD_TENANT } from './accounts.ts'
import { need, type GrantInput } from './grants.ts'
import { issueTokens, type TokenBody } from './issue.ts'

const MSG_BAD_REFRESH = '令牌已失效，请重新登录'
const ACTIVE = 0
const ROTATED = 1
const REVOKED = 2

/** Ends a login session: its access tokens stop working at once and its refresh tokens are spent. */
export async function revokeSession(
  db: Kysely<DB>,
  userId: string,
  sessionId: string,
): Promise<void> {
  await endSession(db, userId, sessionId)
  await db
    .updateTable('bladeRefreshToken')
    .set({ revoked: REVOKED })
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .execute()
}

const list = (v: string) => v.split(',').filter(Boolean)

/**
 * A used refresh token sent with a live access token of the same open session, user and client:
 * another tab of the browser that holds the session. Saber keeps the refresh token in each tab's
 * own store, loaded when the tab opened, so a tab whose sibling refreshed first sends a spent one,
 * while its calls carry the session's current access token from the cookie the tabs share.
 * A copied refresh token on its own has no such access token, and still ends the session.
 */
async function sameBrowser(
  g: GrantInput,
  row: { userId: string; sessionId: string | null },
): Promise<boolean> {
  let bearer: string | null
  try {
    bearer = readBearer(g.req)
  } catch {
    return false
  }
  if (!bearer || !row.sessionId) return false
  const user = await verifyAccessToken(bearer, g.ctx.keys.jwtSecret, g.ctx.verifiedTokens).catch(
    () => null,
  )
  return (
    !!user &&
    user.sessionId === row.sessionId &&
    user.userId === row.userId &&
    user.clientId === g.client.clientId
  )
}

export async function refreshGrant(
  g: GrantInput,
  explicitTenant: string | undefined,
): Promise<TokenBody> {
  const { db, keys } = g.ctx
  const token = need(g.p, g.wire.refreshToken)
  const claims = await verifyRefreshToken(token, keys.jwtSecret).catch(() => null)
  if (!claims || claims.clientId !== g.client.clientId) throw badRequest(MSG_BAD_REFRESH)
  if (explicitTenant && explicitTenant !== claims.tenantId) throw badRequest(MSG_BAD_TENANT)

  const row = await db
    .selectFrom('bladeRefreshToken')
    .selectAll()
    .where('jti', '=', claims.jti)
    .executeTakeFirst()
  if (!row || row.userId !== claims.userId || row.expiresAt <= Date.now())
    throw badRequest(MSG_BAD_REFRESH)
  if (!row.sessionId || !(await isSessionOpen(db, row.sessionId))) throw badRequest(MSG_BAD_REFRESH)
  // Mark it used in one conditional update, so two racing refreshes cannot both win.
  const spent = await db
    .updateTable('bladeRefreshToken')
    .set({ revoked: ROTATED })
    .where('jti', '=', row.jti)
    .where('revoked', '=', ACTIVE)
    .executeTakeFirst()
  if (Number(spent.numUpdatedRows) !== 1 && !(await sameBrowser(g, row))) {
    if (row.sessionId) await revokeSession(db, row.userId, row.sessionId)
    throw badRequest(MSG_BAD_REFRESH)
  }

  const user = await db
    .selectFrom('bladeUser')
    .selectAll()
    .where('id', '=', claims.userId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst()
  if (!user) throw badRequest(MSG_BAD_REFRESH)
  assertUserActive(user)
  assertTenantActive(await loadTenant(db, user.tenantId))
  const selection = {
    roleId: g.p.roleId || g.selection.roleId,
    deptId: g.p.deptId || g.selection.deptId,
    previousRoleIds: list(claims.roleId),
    previousDeptIds: list(claims.deptId),
  }
  return issueTokens(g.ctx, {
    user,
    client: g.client,
    selection,
    sessionId: row.sessionId || claims.sessionId || undefined,
  })
}
