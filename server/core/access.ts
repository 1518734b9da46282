// The access part of every route's declaration (core/routes.ts); auth/guard.ts checks it.

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
