// Who is calling: the claims of a verified access token (docs/contract.md §5.5), attached to the request
// by the auth hook.
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

/** What a route needs. Every route declares one; the auth hook checks it for every request. */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  /** A button code the caller's roles must have been granted (menu/buttons), e.g. 'user_add'. */
  | { kind: 'button'; code: string }
  /** Any one of these button codes (submit: add or edit; the handler checks which). */
  | { kind: 'anyButton'; codes: string[] }
  /** The platform tenant's administrator only: rows every tenant shares (tenants, clients, menus...). */
  | { kind: 'platform' }

export const PUBLIC: Access = { kind: 'public' }
export const USER: Access = { kind: 'user' }
export const PLATFORM: Access = { kind: 'platform' }
export const button = (code: string): Access => ({ kind: 'button', code })

/**
 * The super administrator: the `administrator` role of the platform tenant. The alias alone is not
 * enough: no other tenant's role may act across tenants, whatever it is called.
 */
export function isAdministrator(user: AuthUser): boolean {
  return user.tenantId === PLATFORM_TENANT_ID && user.roleAliases.includes('administrator')
}
