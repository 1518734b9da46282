// POST /blade-auth/oauth/token, BladeX flavour (contract decision 1, notes §15): client
// credential, grant dispatch, flat success body, {error_code, error_description} on failure.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PUBLIC } from '../../auth/context.ts'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { decryptRsa, readPhone } from '../../auth/rsa.ts'
import { BladeError, badRequest } from '../../http/envelope.ts'
import { params, type AppContext, type RouteDef } from '../../http/routes.ts'
import { MSG_REGISTERED, registerUser } from './accounts.ts'
import { clientAuthFailed, grantTypes, type ClientStore } from './client.ts'
import { header, need, passwordGrant, smsCodeGrant, type GrantInput } from './grants.ts'
import { refreshGrant } from './refresh.ts'

const GRANTS = ['password', 'captcha', 'refresh_token', 'sms_code', 'register', 'social', 'authorization_code']
export const MSG_TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试'

export async function rateLimited(limiter: RateLimiter, bucket: string, req: FastifyRequest): Promise<void> {
  if (!(await limiter.hit(`${bucket}:${req.ip}`))) throw new BladeError(429, MSG_TOO_MANY_REQUESTS)
}

async function register(g: GrantInput) {
  const { keys } = g.ctx
  const password = decryptRsa(keys.rsaPrivateKey, need(g.p, 'password'))
  if (password === null) throw badRequest('密码解密失败，请刷新页面后重试')
  const phone = g.p.phone ? readPhone(keys.rsaPrivateKey, g.p.phone) : null
  if (g.p.phone && !phone) throw badRequest('手机号格式不正确')
  const user = await registerUser(g.ctx.db, {
    tenantId: g.tenantId,
    account: need(g.p, 'username', 'account').trim(),
    password,
    name: (g.p.name ?? '').trim(),
    phone,
    email: g.p.email?.trim() || null,
  })
  return { success: true, msg: MSG_REGISTERED, tenant_id: user.tenantId, user_id: user.id, account: user.account }
}

export function tokenRoute(ctx: AppContext, clients: ClientStore, limiter: RateLimiter): RouteDef {
  const handle = async (req: FastifyRequest) => {
    await rateLimited(limiter, 'token', req)
    const client = await clients.authenticate(req)
    const p = params(req)
    const grant = need(p, 'grant_type')
    if (!GRANTS.includes(grant)) throw badRequest(`不支持的授权类型: ${grant.slice(0, 40)}`)
    if (!grantTypes(client).includes(grant)) throw clientAuthFailed()
    const explicitTenant = p.tenantId || p.tenant_id || undefined
    const g: GrantInput = {
      ctx,
      req,
      p,
      client,
      tenantId: explicitTenant || header(req, 'tenant-id') || '000000',
      ip: req.ip,
      selection: { roleId: header(req, 'role-id'), deptId: header(req, 'dept-id') },
    }
    switch (grant) {
      case 'password':
        return passwordGrant(g, false)
      case 'captcha':
        return passwordGrant(g, true)
      case 'refresh_token':
        return refreshGrant(g, explicitTenant)
      case 'sms_code':
        return smsCodeGrant(g)
      case 'register':
        return register(g)
      default:
        throw badRequest('第三方登录未配置')
    }
  }
  return {
    method: 'POST',
    url: '/blade-auth/oauth/token', owner: 'none', client: true, answer: 'bare', sample: { query: { grant_type: 'password', tenantId: '000000', username: 'admin', password: 'RSA-encrypted' } },
    access: PUBLIC,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handle(req)
      } catch (err) {
        if (!(err instanceof BladeError)) throw err
        return reply.status(err.httpStatus).send({ error_code: err.code, error_description: err.message })
      }
    },
  }
}
