// POST /blade-auth/oauth/token, BladeX flavour (docs/contract.md §15): snake_case
// parameters, RSA password transport, flat success body, {error_code, error_description} on failure.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PUBLIC } from '../../core/access.ts'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { decryptRsa, readPhone } from '../../auth/rsa.ts'
import { BladeError, badRequest } from '../../core/envelope.ts'
import { params, type AppContext, type RouteDef } from '../../core/routes.ts'
import { MSG_REGISTERED, registerUser } from './accounts.ts'
import type { ClientStore } from './client.ts'
import { runGrant, TOKEN_GRANTS, type Grant } from './dispatch.ts'
import { need, smsCodeGrant, type GrantInput, type Wire } from './grants.ts'
import type { TokenBody } from './issue.ts'

interface RegisterBody {
  success: true
  msg: string
  tenant_id: string
  user_id: string
  account: string
}

async function register(g: GrantInput): Promise<RegisterBody> {
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
  return {
    success: true,
    msg: MSG_REGISTERED,
    tenant_id: user.tenantId,
    user_id: user.id,
    account: user.account,
  }
}

const notConfigured = async (): Promise<never> => {
  throw badRequest('第三方登录未配置')
}

const GRANTS: Record<string, Grant<TokenBody | RegisterBody>> = {
  ...TOKEN_GRANTS,
  sms_code: smsCodeGrant,
  register,
  social: notConfigured,
  authorization_code: notConfigured,
}

export function tokenRoute(ctx: AppContext, clients: ClientStore, limiter: RateLimiter): RouteDef {
  const wire: Wire = {
    account: ['username', 'account'],
    refreshToken: 'refresh_token',
    decrypt: (cipher) => decryptRsa(ctx.keys.rsaPrivateKey, cipher),
  }
  return {
    method: 'POST',
    url: '/blade-auth/oauth/token',
    owner: 'none',
    client: true,
    answer: 'bare',
    sample: {
      query: {
        grant_type: 'password',
        tenantId: '000000',
        username: 'admin',
        password: 'RSA-encrypted',
      },
    },
    access: PUBLIC,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await runGrant(ctx, clients, limiter, req, {
          grantParam: 'grant_type',
          grants: GRANTS,
          p: params(req),
          wire,
        })
      } catch (err) {
        if (!(err instanceof BladeError)) throw err
        return reply
          .status(err.httpStatus)
          .send({ error_code: err.code, error_description: err.message })
      }
    },
  }
}
