/// <reference lib="webworker" />
// The service worker (docs/offline.md R25–R29): precache of the built shell with a navigation fallback, runtime
// caches for API reads (api-cache.ts), and SKIP_WAITING from the page's update prompt
// (registerType 'prompt': a new worker waits until the user accepts the reload).
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { SERVER_NAVIGATIONS } from '../src/app/pwa/navigation-rules.ts'
import { registerApiCaching } from './api-cache.ts'

declare let self: ServiceWorkerGlobalScope

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
cleanupOutdatedCaches()
// A bare number in the query is a library's cache-buster (the diagram designer's icon font asks for
// bpmn.woff2?44822120): the precached file answers it offline. Workbox's own defaults stay.
precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^\d+$/],
})
registerApiCaching()
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_NAVIGATIONS }),
)
