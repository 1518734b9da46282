// POST /blade-auth/token, open-source SpringBlade flavour (docs/contract.md §5.1, §5.2), for Saber: camelCase
// parameters (grantType, default password; account; refreshToken), the password SM2-encrypted
// (docs/contract.md §5.3), the AuthInfo in an R envelope; failures are R envelopes with the status of oauth/token.
// The grants, lockout, sessions and selection are the BladeX route's (dispatch.ts).
import { PUBLIC } from '../../core/access.ts'
import type { RateLimiter } from '../../auth/rate-limit.ts'
import { svgDataUrl } from '../../auth/captcha-image.ts'
import { decryptSm2 } from '../../auth/sm2.ts'
import { ok } from '../../core/envelope.ts'
import { params, type AppContext, type RouteDef } from '../../core/routes.ts'
import type { ClientStore } from './client.ts'
import { runGrant, TOKEN_GRANTS } from './dispatch.ts'
import type { Wire } from './grants.ts'
import type { TokenBody } from './issue.ts'

/** SpringBlade's AuthInfo, with the role, dept and post selection of the BladeX body. */
interface AuthInfo {
  accessToken: string
  refreshToken: string
  tokenType: string
  expiresIn: number
  tenantId: string
  userId: string
  account: string
  /** SpringBlade shows the real name here (Saber's top bar). */
  userName: string
  realName: string
  avatar: string
  /** Role aliases, comma-joined: Saber tests authority.includes('admin'). */
  authority: string
  roleId: string
  deptId: string
  postId: string
  oauthId: string
  license: string
}

/**
 * What a user without a picture shows in Saber's top bar. Saber puts `avatar` straight into an
 * <img>, so an empty one is a broken image; SpringBlade answers a default picture instead. This one
 * travels inside the answer (no other origin to reach, nothing for Saber's proxy to forward).
 */
export const DEFAULT_AVATAR = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dbe4f0"/><circle cx="32" cy="25" r="12" fill="#8aa1bd"/><path d="M10 60c0-13 10-21 22-21s22 8 22 21z" fill="#8aa1bd"/></svg>',
)

function authInfo(t: TokenBody): AuthInfo {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    tokenType: t.token_type,
    expiresIn: t.expires_in,
    tenantId: t.tenant_id,
    userId: t.user_id,
    account: t.account,
    userName: t.real_name || t.nick_name || t.account,
    realName: t.real_name,
    avatar: t.avatar || DEFAULT_AVATAR,
    authority: t.role_name,
    roleId: t.role_id,
    deptId: t.dept_id,
    postId: t.post_id,
    oauthId: t.oauth_id,
    license: t.license,
  }
}

export function saberTokenRoute(
  ctx: AppContext,
  clients: ClientStore,
  limiter: RateLimiter,
): RouteDef {
  const wire: Wire = {
    account: ['account'],
    refreshToken: 'refreshToken',
    decrypt: (cipher) => decryptSm2(ctx.keys.sm2.privateKey, cipher),
  }
  return {
    method: 'POST',
    url: '/blade-auth/token',
    owner: 'none',
    sample: {
      query: {
        grantType: 'password',
        tenantId: '000000',
        account: 'admin',
        password: 'SM2-encrypted',
        type: 'account',
      },
    },
    access: PUBLIC,
    handler: async (req) =>
      ok(
        authInfo(
          await runGrant(ctx, clients, limiter, req, {
            grantParam: 'grantType',
            defaultGrant: 'password',
            grants: TOKEN_GRANTS,
            p: params(req),
            wire,
          }),
        ),
      ),
  }
}
