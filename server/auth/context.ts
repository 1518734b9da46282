// Who is calling: the claims of a verified access token (docs/contract.md §5.5), attached to the request
// by the auth hook.
import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../core/envelope.ts'
import { PLATFORM_TENANT_ID } from '../db/platform-menus.ts'
export interface AuthUser {
  userId: string
  tenantId: string
  account: string
  userName: string
  realName: string
  /** Role ids and aliases of the current role selection (comma lists in the token). */
  roleIds: string[]
  roleAliases: string[]
  deptIds: string[]
  postId: string
  oauthId: string
  clientId: string
  /** The login session (refresh-token family) this access token belongs to; logout revokes it. */
  sessionId?: string
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null
  }
}

/** The caller of a route whose access is not public; the hook guarantees it is there. */
export function caller(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized()
  return req.auth
}

/**
 * The super administrator: the `administrator` role of the platform tenant. The alias alone is not
 * enough: no other tenant's role may act across tenants, whatever it is called.
 */
export function isAdministrator(user: AuthUser): boolean {
  return user.tenantId === PLATFORM_TENANT_ID && user.roleAliases.includes('administrator')
}
