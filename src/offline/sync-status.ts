// What the sync indicator shows (docs/offline.md R15, R16): connectivity as last observed, whether a replay runs,
// when the last row was confirmed; plus the event that tells the views a row was confirmed.
import { useSyncExternalStore } from 'react'
import type { Json, OutboxRow } from './db'
import { useOutboxCounts } from './outbox-hooks'

export interface SyncState {
  /** A hint: false after a send got no answer or the browser says offline; true after any answer. */
  online: boolean
  running: boolean
  /** When the server last confirmed a row (ms), or null. */
  lastSyncAt: number | null
  /** The queue waits for a new login (docs/offline.md R19). */
  needsAuth: boolean
}

let state: SyncState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  running: false,
  lastSyncAt: null,
  needsAuth: false,
}
const listeners = new Set<() => void>()

export const syncState = {
  get: (): SyncState => state,
  set(patch: Partial<SyncState>): void {
    if (Object.entries(patch).every(([k, v]) => state[k as keyof SyncState] === v)) return
    state = { ...state, ...patch }
    for (const l of listeners) l()
  },
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

export interface SyncStatus extends SyncState {
  /** Rows still to send (pending + sending + needs-auth) of the signed-in user. */
  pending: number
  /** Rows waiting for the user (conflict + rejected). */
  attention: number
}

export function useSyncStatus(): SyncStatus {
  const s = useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get)
  const counts = useOutboxCounts()
  return {
    ...s,
    pending: counts.pending + counts.sending + counts['needs-auth'],
    attention: counts.conflict + counts.rejected,
  }
}

type SyncedListener = (row: OutboxRow, record: Json | null) => void
const synced = new Set<SyncedListener>()

/** Called when a row left the outbox because the server confirmed it or the user took the server's version. */
export function onSynced(listener: SyncedListener): () => void {
  synced.add(listener)
  return () => synced.delete(listener)
}

export function notifySynced(row: OutboxRow, record: Json | null = null): void {
  for (const l of synced) l(row, record)
}
