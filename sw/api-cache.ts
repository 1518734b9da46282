// Runtime caching of API reads (docs/offline.md R26): dictionaries, menus and user info, stale-while-revalidate,
// one cache per kind and per tenant+user scope (see src/app/pwa/api-cache-rules.ts for why the
// scope comes from the request's token). Writes are never cached or queued here (docs/offline.md R27): no
// BackgroundSyncPlugin; the Dexie outbox is the only write path. Lists are not cached by the worker
// at all: the persisted query cache owns them (docs/offline.md R23).
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'
import {
  API_CACHE_PREFIX,
  CACHE_POLICIES,
  apiCacheKind,
  apiCacheName,
  apiCacheNamesOf,
  cacheScope,
  isStorableAnswer,
  writeInvalidatesApiCache,
  type ApiCacheKind,
} from '../src/app/pwa/api-cache-rules.ts'

declare let self: ServiceWorkerGlobalScope

/** Refuses non-200 answers and Blade business errors (HTTP 200 with success:false). */
const blade200Plugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((await isStorableAnswer(response)) ? response : null),
}

// One expiration plugin per kind; it keeps a CacheExpiration per cache name it meets.
const expirations = Object.fromEntries(
  (Object.keys(CACHE_POLICIES) as ApiCacheKind[]).map((kind) => [
    kind,
    new ExpirationPlugin({ ...CACHE_POLICIES[kind], purgeOnQuotaError: true }),
  ]),
) as Record<ApiCacheKind, ExpirationPlugin>

const strategies = new Map<string, StaleWhileRevalidate>()
function strategyFor(kind: ApiCacheKind, scope: string): StaleWhileRevalidate {
  const cacheName = apiCacheName(kind, scope)
  let s = strategies.get(cacheName)
  if (!s) {
    s = new StaleWhileRevalidate({ cacheName, plugins: [blade200Plugin, expirations[kind]] })
    strategies.set(cacheName, s)
  }
  return s
}

interface Match {
  kind: ApiCacheKind
  scope: string
}

/** Deletes every runtime API cache (logout) with the expiration metadata the plugins keep. */
async function clearAllApiCaches(): Promise<void> {
  await Promise.all(Object.values(expirations).map((p) => p.deleteCacheAndMetadata()))
  // Caches made by an earlier worker instance are unknown to the plugins: delete them by prefix.
  const names = await caches.keys()
  await Promise.all(
    names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n)),
  )
}

export function registerApiCaching(): void {
  registerRoute(
    ({ url, request }) => {
      const kind = apiCacheKind(url, request.method)
      const scope = kind && cacheScope(request.headers)
      return kind && scope ? ({ kind, scope } satisfies Match) : false
    },
    (options: RouteHandlerCallbackOptions) => {
      const { kind, scope } = options.params as unknown as Match
      return strategyFor(kind, scope).handle({ request: options.request, event: options.event })
    },
    'GET',
  )

  // A write that changes menus, dictionaries or users drops the caller's cached reads; the
  // request itself is left to the network (no respondWith).
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url)
    if (!writeInvalidatesApiCache(url, event.request.method)) return
    const scope = cacheScope(event.request.headers)
    if (scope) event.waitUntil(Promise.all(apiCacheNamesOf(scope).map((n) => caches.delete(n))))
  })

  self.addEventListener('message', (event) => {
    if (event.data?.type !== 'CLEAR_API_CACHES') return
    event.waitUntil(
      clearAllApiCaches().then(
        () => event.ports[0]?.postMessage({ cleared: true }),
        () => event.ports[0]?.postMessage({ cleared: false }),
      ),
    )
  })
}
