// POST /blade-auth/oauth/sms/send-validate: a 6-digit code for the sms_code grant, valid 5 minutes,
// at most one per phone per minute, delivered by the SMS provider.
import { randomInt } from 'node:crypto'
import { PUBLIC } from '../../core/access.ts'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { readPhone } from '../../auth/rsa.ts'
import type { SmsProvider } from '../../auth/sms.ts'
import { badRequest, ok } from '../../core/envelope.ts'
import { nextId } from '../../core/ids.ts'
import { params, requireParam, type AppContext, type RouteDef } from '../../core/routes.ts'
import { assertTenantActive, loadTenant } from './accounts.ts'
import { header } from './grants.ts'
import { rateLimited } from './dispatch.ts'

const SMS_TTL_MS = 5 * 60 * 1000
const RESEND_MS = 60 * 1000

export function smsRoute(ctx: AppContext, limiter: RateLimiter, provider: SmsProvider): RouteDef {
  return {
    method: 'POST',
    url: '/blade-auth/oauth/sms/send-validate',
    owner: 'tenant',
    sample: { query: { tenantId: '000000', phone: 'RSA-encrypted' } },
    access: PUBLIC,
    handler: async (req) => {
      await rateLimited(limiter, 'sms', req)
      const p = params(req)
      const tenantId = p.tenantId || header(req, 'tenant-id') || '000000'
      const phone = readPhone(ctx.keys.rsaPrivateKey, requireParam(p, 'phone'))
      if (!phone) throw badRequest('手机号格式不正确')
      assertTenantActive(await loadTenant(ctx.db, tenantId))
      const user = await ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('phone', '=', phone)
        .where('isDeleted', '=', 0)
        .executeTakeFirst()
      if (!user) throw badRequest('手机号未注册')
      const at = Date.now()
      // A code made less than a minute ago expires more than TTL - RESEND_MS from now.
      const recent = await ctx.db
        .selectFrom('bladeSmsCode')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('phone', '=', phone)
        .where('expiresAt', '>', at + SMS_TTL_MS - RESEND_MS)
        .executeTakeFirst()
      if (recent) throw badRequest('验证码发送过于频繁，请稍后再试')
      const id = nextId()
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      await ctx.db.deleteFrom('bladeSmsCode').where('expiresAt', '<', at).execute()
      await ctx.db
        .insertInto('bladeSmsCode')
        .values({ id, tenantId, phone, code, expiresAt: at + SMS_TTL_MS })
        .execute()
      await provider.send(phone, 'validate', { code, minutes: String(SMS_TTL_MS / 60_000) })
      return ok({ id }, '验证码发送成功')
    },
  }
}
