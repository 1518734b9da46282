// Logout clears the worker's runtime API caches (docs/offline.md R26): the next user of a shared tablet must not
// see the last user's menus or dictionaries offline.
import { API_CACHE_PREFIX } from './api-cache-rules'

/**
 * Deletes every runtime API cache from the page, and asks the worker (when one is given) to drop
 * its expiration records too. The page-side delete works even when no worker controls the page.
 */
export async function clearApiCaches(
  askWorker?: (message: { type: 'CLEAR_API_CACHES' }) => Promise<unknown>,
): Promise<void> {
  const tasks: Promise<unknown>[] = []
  if (askWorker) tasks.push(askWorker({ type: 'CLEAR_API_CACHES' }).catch(() => undefined))
  if (typeof caches !== 'undefined') {
    const names = await caches.keys()
    tasks.push(...names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n)))
  }
  await Promise.all(tasks)
}
