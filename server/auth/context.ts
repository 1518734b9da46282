// Who is calling: the claims of a verified access token (contract §5.5), attached to the request
// by the auth hook.
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
  /** Role aliases, any of which passes ('administrator' passes every role check). */
  | { kind: 'role'; roles: string[] }
  /** A button code the caller's roles must have been granted (menu/buttons), e.g. 'user_add'. */
  | { kind: 'button'; code: string }
  /** Any one of these button codes (submit: add or edit; the handler checks which). */
  | { kind: 'anyButton'; codes: string[] }

export const PUBLIC: Access = { kind: 'public' }
export const USER: Access = { kind: 'user' }
export const ADMIN: Access = { kind: 'role', roles: ['administrator', 'admin'] }
export const ADMINISTRATOR: Access = { kind: 'role', roles: ['administrator'] }
export const button = (code: string): Access => ({ kind: 'button', code })

export function isAdministrator(user: AuthUser): boolean {
  return user.roleAliases.includes('administrator')
}
