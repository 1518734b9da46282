import { createRoot } from 'react-dom/client'
import { logger } from './api/logger'
import { onLogout, sessionStore } from './api/session'
import { App } from './app/app'
import { preloadPageCode } from './app/router'
import { activateLocale, storedLocale } from './i18n'

/** How long the first render waits for the persisted query cache before rendering without it. */
const CACHE_WAIT_MS = 800

const loadOffline = () => import('./app/offline-start')

// What the first screen needs starts at once and in parallel (docs/offline.md P1): the page's code
// chunks and, for a signed-in page, the offline core and the read of the persisted query cache,
// while the locale loads. The first render waits for the cache read (it usually ends before the
// code arrives), so the screen renders once, with its restored data, instead of empty and again; a
// slow read only delays it by CACHE_WAIT_MS. A page without a session (/login) loads none of the
// offline core (a light first visit): the login form starts it before signing in.
preloadPageCode(window.location.pathname)
const offline = sessionStore.getState().accessToken ? loadOffline() : undefined
// A failed load shows when a screen needs the core; the first render does not wait for it.
const cacheRead = offline
  ?.then((m) => m.persistReads())
  .catch((err: unknown) => logger.warn('offline-start', err))
onLogout(() => void loadOffline().then((m) => m.forgetReads()))

// Not a top-level await: the lazy chunks import modules of this entry chunk, and would wait for
// its evaluation, which would wait for them.
async function start(): Promise<void> {
  await Promise.all([
    activateLocale(storedLocale()),
    cacheRead && Promise.race([cacheRead, new Promise((r) => setTimeout(r, CACHE_WAIT_MS))]),
  ])
  createRoot(document.getElementById('root')!).render(<App />)
  performance.mark?.('app:render')
  offline?.then((m) => m.startOffline()).catch((err: unknown) => logger.warn('offline-start', err))
}
void start()
