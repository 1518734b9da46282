// The offline core (Dexie, the query persister, the outbox replay) for a signed-in page. Loaded
// lazily: a first visit to /login needs none of it (a light first download), a signed-in start imports it at once
// (main.tsx) and the login form before it signs in, so that its login listeners see that login.
import { persistQueryClient } from '@tanstack/react-query-persist-client'
import { logger } from '@/api/logger'
import { clearQueryCache } from '@/offline/db'
import { installOffline } from '@/offline/install'
import { cacheScope, persistOptions } from '@/offline/query-persister'
import { queryClient } from './query-client'

let installed = false

/** Replay, persistent storage and the query-cache lifecycle (docs/offline.md), once per page. */
export function startOffline(): void {
  if (installed) return
  installed = true
  installOffline(queryClient)
}

let persisting: { scope: string; restored: Promise<void>; done: boolean; stop: () => void } | null =
  null

/**
 * Restores the signed-in user's persisted queries into the client, then saves them on every change
 * (docs/offline.md R23); once per user. A module-level job rather than PersistQueryClientProvider, which
 * restores only when it mounts: a signed-in start begins the restore before React renders, so the
 * first paint has the restored list (docs/offline.md P1). Resolves when the restore is over.
 */
export function persistReads(): Promise<void> {
  const scope = cacheScope()
  if (!scope) return Promise.resolve()
  if (persisting?.scope === scope) return persisting.restored
  persisting?.stop()
  // The persister library types the client with its own copy of query-core (same runtime shape).
  const client = queryClient as unknown as Parameters<typeof persistQueryClient>[0]['queryClient']
  const [stop, restore] = persistQueryClient({ ...persistOptions, queryClient: client })
  // A performance mark for the offline start benchmark (bench/offline-start.ts).
  const restored = restore
    .then(() => void performance.mark?.('query-cache:restored'))
    .catch((err: unknown) => logger.warn('query-cache-restore', err))
    .finally(() => {
      if (persisting?.scope === scope) persisting.done = true
    })
  persisting = { scope, restored, done: false, stop }
  return restored
}

/** Whether the signed-in user's persisted queries are restored (or there is nothing to restore). */
export function readsRestored(): boolean {
  const scope = cacheScope()
  return !scope || (persisting?.scope === scope && persisting.done)
}

/**
 * A logout on a page that never started the offline core (an empty stored token found on /login):
 * the last user's persisted reads go all the same. Once started, installOffline's own listener does it.
 */
export function forgetReads(): void {
  if (installed) return
  queryClient.clear()
  clearQueryCache().catch((err: unknown) => logger.error('query-cache-clear', err))
}
