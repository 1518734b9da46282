// Who owns outbox rows and cached queries (docs/offline.md R19): rows are stamped with user and tenant and only
// their owner sees them or sends them.
import { sessionStore, type SessionState } from '@/api/session'

export interface Owner {
  userId: string
  tenantId: string
}

/** The signed-in user, or null; needs no token (rows stay visible while the token is expired). */
export function ownerOf(s: SessionState = sessionStore.getState()): Owner | null {
  const userId = s.userInfo.user_id ?? ''
  if (!userId) return null
  return { userId, tenantId: s.tenantId || s.userInfo.tenant_id || '' }
}

/** The user whose rows may be sent now: signed in with a token. */
export function senderOf(s: SessionState = sessionStore.getState()): Owner | null {
  return s.accessToken ? ownerOf(s) : null
}

export const owns = (owner: Owner | null, row: Owner): boolean =>
  !!owner && row.userId === owner.userId && row.tenantId === owner.tenantId
