// The one place that authenticates and authorises every request: reads `Blade-Auth: bearer <jwt>`
// (never from the query string: tokens there land in logs and history), verifies it, and checks the route's declared access.
// Missing or invalid token -> 401; logged in but not allowed -> 403 (docs/contract.md §3).
import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../core/envelope.ts'
import { cachedLookup, type LookupSource } from './access-cache.ts'
import { isAdministrator, type AuthUser } from './context.ts'
import type { Access } from '../core/access.ts'
import { verifyAccessToken, type VerifiedTokens } from './jwt.ts'
import { apiScopeAllows } from './scopes.ts'
import { assertSessionAlive } from './session.ts'

export function readBearer(req: FastifyRequest): string | null {
  // A token in the URL lands in logs and browser history: refused, not read (downloads use tickets).
  if ((req.query as Record<string, unknown> | undefined)?.['blade-auth'] !== undefined)
    throw unauthorized('令牌不能放在 URL 中，请使用 Blade-Auth 请求头')
  const header = req.headers['blade-auth']
  const raw = Array.isArray(header) ? header[0] : header
  if (!raw) return null
  if (raw.length <= 7 || raw.slice(0, 6).toLowerCase() !== 'bearer') return ''
  return raw.slice(7).trim()
}

export async function hasButton(
  { db, accessCache }: LookupSource,
  user: AuthUser,
  code: string,
): Promise<boolean> {
  if (isAdministrator(user)) return true
  if (user.roleIds.length === 0) return false
  const key = `button|${user.roleIds.join(',')}|${code}`
  return cachedLookup(accessCache, 'permission', key, async () => {
    const row = await db
      .selectFrom('bladeRoleMenu as rm')
      .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
      .select('m.id')
      .where('rm.roleId', 'in', user.roleIds)
      .where('m.code', '=', code)
      .where('m.isDeleted', '=', 0)
      .executeTakeFirst()
    return !!row
  })
}

/** `from.verifiedTokens`: tokens verified before, remembered for the app. */
export async function authenticate(
  req: FastifyRequest,
  from: LookupSource & { verifiedTokens?: VerifiedTokens },
  secret: Uint8Array,
): Promise<AuthUser | null> {
  const token = readBearer(req)
  if (token === null) return null
  if (token === '') throw unauthorized('缺失令牌,鉴权失败')
  let user: AuthUser
  try {
    user = await verifyAccessToken(token, secret, from.verifiedTokens)
  } catch {
    throw unauthorized('请求未授权')
  }
  await assertSessionAlive(from, user)
  return user
}

export async function authorise(
  from: LookupSource,
  access: Access,
  user: AuthUser | null,
  path = '',
): Promise<void> {
  if (access.kind === 'public') return
  if (!user) throw unauthorized('缺失令牌,鉴权失败')
  // API scopes restrict endpoints per role, whatever else the route asks.
  if (path && !(await apiScopeAllows(from, user, path))) throw forbidden()
  if (access.kind === 'user') return
  if (access.kind === 'platform') {
    if (isAdministrator(user)) return
    throw forbidden()
  }
  if (access.kind === 'anyButton') {
    for (const code of access.codes) if (await hasButton(from, user, code)) return
    throw forbidden()
  }
  if (!(await hasButton(from, user, access.code))) throw forbidden()
}
