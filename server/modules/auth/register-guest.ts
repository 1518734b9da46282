// POST /blade-system/user/register-guest: a third-party-login visitor applies for an account,
// which waits for an administrator's audit; the social binding (oauthId) is attached to it.
import { PUBLIC } from '../../core/access.ts'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { decryptRsa } from '../../auth/rsa.ts'
import { badRequest, done } from '../../core/envelope.ts'
import { params, requireParam, type AppContext, type RouteDef } from '../../core/routes.ts'
import { MSG_REGISTERED, registerUser } from './accounts.ts'
import { rateLimited } from './dispatch.ts'

const UNBOUND = ['', '0', '-1']

export function registerGuestRoute(ctx: AppContext, limiter: RateLimiter): RouteDef {
  return {
    method: 'POST',
    url: '/blade-system/user/register-guest',
    sample: {
      query: { tenantId: '000000', name: 'guest', account: 'guest', password: 'RSA-encrypted' },
    },
    access: PUBLIC,
    handler: async (req) => {
      await rateLimited(limiter, 'register', req)
      const p = params(req)
      const oauthId = p.oauthId?.trim()
      const oauth = oauthId
        ? await ctx.db
            .selectFrom('bladeUserOauth')
            .selectAll()
            .where('id', '=', oauthId)
            .executeTakeFirst()
        : undefined
      if (oauthId && (!oauth || !UNBOUND.includes(oauth.userId)))
        throw badRequest('第三方登陆信息错误!')
      // The social binding knows its tenant; otherwise the visitor names it.
      const tenantId = oauth?.tenantId || p.tenantId?.trim()
      if (!tenantId) throw badRequest('请输入租户ID')
      const password = decryptRsa(ctx.keys.rsaPrivateKey, requireParam(p, 'password'))
      if (password === null) throw badRequest('密码解密失败，请刷新页面后重试')
      await ctx.db.transaction().execute(async (trx) => {
        const user = await registerUser(trx, {
          tenantId,
          account: requireParam(p, 'account').trim(),
          password,
          name: (p.name ?? '').trim(),
          phone: null,
          email: null,
        })
        if (oauth)
          await trx
            .updateTable('bladeUserOauth')
            .set({ userId: user.id })
            .where('id', '=', oauth.id)
            .execute()
      })
      return done(MSG_REGISTERED)
    },
  }
}
