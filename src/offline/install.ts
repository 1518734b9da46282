// Wires the offline core into the app: replay, view refresh after a confirmed row, persistent
// storage after login, query-cache flush when the page goes away (docs/offline.md R3) and wipe on logout.
import type { QueryClient } from '@tanstack/react-query'
import { logger } from '@/api/logger'
import { onLogout } from '@/api/session'
import { clearQueryCache } from './db'
import { queryPersister } from './query-persister'
import { holdUntilRefetched } from './settling'
import { installStoragePersistence } from './storage'
import { onSynced, startSync } from './sync-engine'
import { refreshAfterWrite } from '@/crud/refresh'

export function installOffline(queryClient: QueryClient): () => void {
  const stopSync = startSync()
  // Lists and details of the entity refetch once the server confirmed (or the user took the server's
  // version); until they have, the row keeps showing its confirmed values (settling.ts).
  const offSynced = onSynced((row, record) =>
    holdUntilRefetched(row, record, refreshAfterWrite(queryClient, row.entity)),
  )
  const offStorage = installStoragePersistence()
  const flush = () => void queryPersister.flush()
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  window.addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', onHidden)
  // The next user must not see this user's reads; the outbox stays (its rows are quarantined).
  const offLogout = onLogout(() => {
    queryClient.clear()
    clearQueryCache().catch((err: unknown) => logger.error('query-cache-clear', err))
  })
  return () => {
    stopSync()
    offSynced()
    offStorage()
    offLogout()
    window.removeEventListener('pagehide', flush)
    document.removeEventListener('visibilitychange', onHidden)
  }
}
