// Live views of the signed-in user's outbox rows, for the outbox screen, the shell badge and the
// lists (docs/offline.md R11, R24). Rows of another user or tenant are quarantined: never shown here (docs/offline.md R19).
import { useSession } from '@/api/session'
import { db, type OutboxRow, type OutboxState } from './db'
import { useMemo } from 'react'
import { useLiveQuery } from './live'
import { useSettling, withSettling } from './settling'
import { ownerOf, type Owner } from './owner'

const NONE: OutboxRow[] = []

function useOwner(): { owner: Owner | null; id: string } {
  const id = useSession(
    (s) => `${s.tenantId || s.userInfo.tenant_id || ''}\u0000${s.userInfo.user_id ?? ''}`,
  )
  const [tenantId = '', userId = ''] = id.split('\u0000')
  return { owner: userId ? { userId, tenantId } : null, id }
}

/** The owner's rows in queue order. */
export function ownRows(owner: Owner | null = ownerOf()): Promise<OutboxRow[]> {
  if (!owner) return Promise.resolve(NONE)
  return db.outbox.where('[userId+tenantId]').equals([owner.userId, owner.tenantId]).sortBy('seq')
}

/** The owner's rows of one entity type in queue order, through the owner+entity index. */
export function ownRowsOf(entity: string, owner: Owner | null = ownerOf()): Promise<OutboxRow[]> {
  if (!owner) return Promise.resolve(NONE)
  return db.outbox
    .where('[userId+tenantId+entity]')
    .equals([owner.userId, owner.tenantId, entity])
    .sortBy('seq')
}

/** Row lists read every row they show (and the counts walk their index); during a replay burst they re-read at most about this often. */
const ROWS_THROTTLE_MS = 300

export function useOutboxRows(): OutboxRow[] {
  const { owner, id } = useOwner()
  return useLiveQuery(() => ownRows(owner), `rows\u0000${id}`, NONE, ROWS_THROTTLE_MS)
}

export type OutboxCounts = Record<OutboxState, number> & {
  /** Rows not yet confirmed (pending + sending + needs-auth + conflict + rejected). */
  total: number
  /** Rows of other users or tenants kept on this device. */
  quarantined: number
}

const ZERO: OutboxCounts = {
  pending: 0,
  sending: 0,
  conflict: 0,
  rejected: 0,
  'needs-auth': 0,
  total: 0,
  quarantined: 0,
}

const STATES: readonly OutboxState[] = ['pending', 'sending', 'conflict', 'rejected', 'needs-auth']

/** Index counts only (no row is read), so the badge stays cheap however long the queue is. */
export async function countRows(owner: Owner | null = ownerOf()): Promise<OutboxCounts> {
  if (!owner) return { ...ZERO, quarantined: await db.outbox.count() }
  const [all = 0, ...per] = await Promise.all([
    db.outbox.count(),
    ...STATES.map((s) =>
      db.outbox.where('[userId+tenantId+state]').equals([owner.userId, owner.tenantId, s]).count(),
    ),
  ])
  const counts = { ...ZERO }
  STATES.forEach((s, n) => (counts[s] = per[n] ?? 0))
  counts.total = per.reduce((a, b) => a + b, 0)
  counts.quarantined = all - counts.total
  return counts
}

export function useOutboxCounts(): OutboxCounts {
  const { owner, id } = useOwner()
  // An index count still walks the index: during a replay of thousands of rows the six counts
  // re-run at most this often, not after every batch written.
  return useLiveQuery(() => countRows(owner), `counts\u0000${id}`, ZERO, ROWS_THROTTLE_MS)
}

/** The owner's rows of one entity type, for mergePending (docs/offline.md R24). */
export function usePendingFor(entity: string): OutboxRow[] {
  const { owner, id } = useOwner()
  const queued = useLiveQuery(
    () => ownRowsOf(entity, owner),
    `rows-of\u0000${id}\u0000${entity}`,
    NONE,
    ROWS_THROTTLE_MS,
  )
  // Confirmed rows whose lists have not refetched yet still show their values (settling.ts).
  const settling = useSettling(entity)
  return useMemo(() => withSettling(queued, settling), [queued, settling])
}
