// First: before any module builds a Zod schema.
import './app/zod-jitless'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadPageCode } from './app/router'
import { activateLocale, storedLocale } from './i18n'
import { queryPersister } from './offline/query-persister'

/** How long the first render waits for the persisted query cache before rendering without it. */
const CACHE_WAIT_MS = 800

// What the first screen needs starts at once and in parallel (offline.md P1): the page's code
// chunks and the read of the persisted query cache, while the locale loads. The first render waits
// for the cache read (it usually ends before the code arrives), so the screen renders once, with
// its restored data, instead of empty and again; a slow read only delays it by CACHE_WAIT_MS.
preloadPageCode(window.location.pathname)
const cacheRead = queryPersister.prefetch()
await Promise.all([activateLocale(storedLocale()), Promise.race([cacheRead, new Promise((r) => setTimeout(r, CACHE_WAIT_MS))])])
createRoot(document.getElementById('root')!).render(<App />)
performance.mark?.('app:render')
