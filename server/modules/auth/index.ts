// The blade-auth endpoints: BladeX's under /oauth (docs/contract.md §15), SpringBlade's
// for Saber (token, captcha, logout; docs/contract.md §5), and guest registration.
import { createRateLimiter } from '../../auth/rate-limit.ts'
import { logSmsProvider, type SmsProvider } from '../../auth/sms.ts'
import type { Module } from '../../core/routes.ts'
import { createClientStore } from './client.ts'
import { registerGuestRoute } from './register-guest.ts'
import { saberSessionRoutes } from './saber-session.ts'
import { saberTokenRoute } from './saber-token.ts'
import { sessionRoutes } from './session.ts'
import { smsRoute } from './sms.ts'
import { tokenRoute } from './token.ts'

function createAuthModule(opts: { sms?: SmsProvider } = {}): Module {
  return (ctx) => {
    const clients = createClientStore(ctx.db)
    const limiter = createRateLimiter(ctx.db, ctx.config.tokenRateLimit)
    return [
      tokenRoute(ctx, clients, limiter),
      saberTokenRoute(ctx, clients, limiter),
      ...saberSessionRoutes(ctx),
      smsRoute(ctx, limiter, opts.sms ?? logSmsProvider),
      registerGuestRoute(ctx, limiter),
      ...sessionRoutes(ctx, () => clients.clear()),
    ]
  }
}

export const authModule = createAuthModule()
