// Saber's captcha and logout (docs/contract.md §5.7): the captcha of oauth/captcha inside an R envelope, and
// a logout that, unlike SpringBlade's placeholder, ends the session as oauth/logout does.
import { PUBLIC, USER } from '../../core/access.ts'
import { ok } from '../../core/envelope.ts'
import type { AppContext, RouteDef } from '../../core/routes.ts'
import { createCaptcha } from './captcha.ts'
import { logoutHandler } from './session.ts'

export function saberSessionRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx
  const logout = logoutHandler(db)
  return [
    {
      method: 'GET',
      url: '/blade-auth/captcha',
      owner: 'none',
      access: PUBLIC,
      handler: async () => ok(await createCaptcha(db)),
    },
    { method: 'GET', url: '/blade-auth/logout', owner: 'tenant', access: USER, handler: logout },
    {
      method: 'POST',
      url: '/blade-auth/logout',
      owner: 'tenant',
      sample: { query: {} },
      access: USER,
      handler: logout,
    },
  ]
}
