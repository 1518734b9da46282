// JWT access and refresh tokens, HMAC-signed, with the claims of docs/contract.md §5.5.
import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { AuthUser } from './context.ts'

const ISSUER = 'issuser'
const AUDIENCE = 'audience'

export async function signAccessToken(
  user: AuthUser,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({
    token_type: 'access_token',
    tenant_id: user.tenantId,
    oauth_id: user.oauthId,
    user_id: user.userId,
    role_id: user.roleIds.join(','),
    dept_id: user.deptIds.join(','),
    post_id: user.postId,
    account: user.account,
    user_name: user.account,
    real_name: user.realName,
    nick_name: user.userName,
    role_name: user.roleAliases.join(','),
    client_id: user.clientId,
    ...(user.sessionId ? { sid: user.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(`${ttlSeconds}s`)
    .setJti(randomUUID())
    .sign(secret)
}

export async function signRefreshToken(
  claims: {
    userId: string
    clientId: string
    tenantId: string
    deptId: string
    roleId: string
    sessionId?: string
  },
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<{ token: string; jti: string }> {
  const jti = randomUUID()
  const token = await new SignJWT({
    token_type: 'refresh_token',
    user_id: claims.userId,
    tenant_id: claims.tenantId,
    dept_id: claims.deptId,
    role_id: claims.roleId,
    client_id: claims.clientId,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(`${ttlSeconds}s`)
    .setJti(jti)
    .sign(secret)
  return { token, jti }
}

const str = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v)
const list = (v: unknown) => str(v).split(',').filter(Boolean)

const MAX_VERIFIED_TOKENS = 10_000

/**
 * Tokens already verified with the app's secret, until they expire: a client sends the same token
 * with every request, and the HMAC check was the largest cost of a cached request. Only a
 * byte-identical token hits, so nothing unverified is ever accepted; the session check still runs
 * per request. One per app (AppContext.verifiedTokens); a token is remembered for one secret only.
 */
export class VerifiedTokens {
  #secret: Uint8Array | null = null
  readonly #tokens = new Map<string, { user: AuthUser; expiresAt: number }>()

  /** What verified `token` with `secret` gave, while it has not expired. */
  recall(token: string, secret: Uint8Array): AuthUser | undefined {
    if (secret !== this.#secret) return undefined
    const hit = this.#tokens.get(token)
    return hit && hit.expiresAt > Date.now() ? hit.user : undefined
  }

  remember(token: string, secret: Uint8Array, user: AuthUser, expiresAt: number): void {
    if (secret !== this.#secret) {
      this.#secret = secret
      this.#tokens.clear()
    }
    if (this.#tokens.size >= MAX_VERIFIED_TOKENS) this.#tokens.clear()
    this.#tokens.set(token, { user, expiresAt })
  }
}

declare module '../core/routes.ts' {
  interface AppContext {
    /** Access tokens verified before. */
    verifiedTokens: VerifiedTokens
  }
}

/**
 * Verifies an access token; throws on a bad signature, expiry or a refresh token. With `remembered`
 * a token verified before is taken from there.
 */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  remembered?: VerifiedTokens,
): Promise<AuthUser> {
  const hit = remembered?.recall(token, secret)
  if (hit) return { ...hit }
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE })
  if (payload.token_type !== 'access_token') throw new Error('not an access token')
  const user = claimsOf(payload)
  if (typeof payload.exp === 'number') remembered?.remember(token, secret, user, payload.exp * 1000)
  return { ...user }
}

function claimsOf(payload: JWTPayload): AuthUser {
  return {
    userId: str(payload.user_id),
    tenantId: str(payload.tenant_id),
    account: str(payload.account),
    userName: str(payload.nick_name),
    realName: str(payload.real_name),
    roleIds: list(payload.role_id),
    roleAliases: list(payload.role_name),
    deptIds: list(payload.dept_id),
    postId: str(payload.post_id),
    oauthId: str(payload.oauth_id),
    clientId: str(payload.client_id),
    ...(payload.sid ? { sessionId: str(payload.sid) } : {}),
  }
}

export interface RefreshClaims {
  userId: string
  clientId: string
  tenantId: string
  deptId: string
  roleId: string
  jti: string
  /** Session id shared by every token of one login, kept across rotations. */
  sessionId: string
}

export async function verifyRefreshToken(
  token: string,
  secret: Uint8Array,
): Promise<RefreshClaims> {
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE })
  if (payload.token_type !== 'refresh_token' || !payload.jti) throw new Error('not a refresh token')
  return {
    userId: str(payload.user_id),
    clientId: str(payload.client_id),
    tenantId: str(payload.tenant_id),
    deptId: str(payload.dept_id),
    roleId: str(payload.role_id),
    jti: payload.jti,
    sessionId: str(payload.sid),
  }
}
