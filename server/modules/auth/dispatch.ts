// One token request, whatever its wire shape: rate limit, client credential, grant dispatch and
// tenant / Role-Id / Dept-Id selection. The routes (token.ts BladeX, saber-token.ts SpringBlade)
// name their parameters, password transport and grants, and write their answers.
import type { FastifyRequest } from 'fastify'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { BladeError, badRequest } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'
import { clientAuthFailed, grantTypes, type ClientStore } from './client.ts'
import { header, need, passwordGrant, type GrantInput, type Wire } from './grants.ts'
import type { TokenBody } from './issue.ts'
import { refreshGrant } from './refresh.ts'

const MSG_TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试'

export async function rateLimited(
  limiter: RateLimiter,
  bucket: string,
  req: FastifyRequest,
): Promise<void> {
  if (!(await limiter.hit(`${bucket}:${req.ip}`))) throw new BladeError(429, MSG_TOO_MANY_REQUESTS)
}

/** explicitTenant: the tenant the request named (a refresh must stay in its token's tenant). */
export type Grant<T> = (g: GrantInput, explicitTenant: string | undefined) => Promise<T>

/** The grants both wire shapes offer. */
export const TOKEN_GRANTS: Record<string, Grant<TokenBody>> = {
  password: (g) => passwordGrant(g, false),
  captcha: (g) => passwordGrant(g, true),
  refresh_token: refreshGrant,
}

export interface TokenRequest<T> {
  /** The grant type parameter, and the grant when it is absent (none: it is required). */
  grantParam: string
  defaultGrant?: string
  grants: Record<string, Grant<T>>
  p: Record<string, string>
  wire: Wire
}

export async function runGrant<T>(
  ctx: AppContext,
  clients: ClientStore,
  limiter: RateLimiter,
  req: FastifyRequest,
  r: TokenRequest<T>,
): Promise<T> {
  await rateLimited(limiter, 'token', req)
  const client = await clients.authenticate(req)
  const { p } = r
  const grant = r.defaultGrant ? p[r.grantParam] || r.defaultGrant : need(p, r.grantParam)
  const run = Object.hasOwn(r.grants, grant) ? r.grants[grant] : undefined
  if (!run) throw badRequest(`不支持的授权类型: ${grant.slice(0, 40)}`)
  if (!grantTypes(client).includes(grant)) throw clientAuthFailed()
  const explicitTenant = p.tenantId || p.tenant_id || undefined
  const g: GrantInput = {
    ctx,
    wire: r.wire,
    req,
    p,
    client,
    tenantId: explicitTenant || header(req, 'tenant-id') || '000000',
    ip: req.ip,
    selection: { roleId: header(req, 'role-id'), deptId: header(req, 'dept-id') },
  }
  return run(g, explicitTenant)
}
