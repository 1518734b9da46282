// Registers the service worker with workbox-window (docs/offline.md R25: injectManifest, registerType 'prompt',
// registration from the app since injectRegister is off) and wires it to the update flow: the
// prompt state, the hourly update check while online, and the cache clean-up on logout. The
// registration waits for the first screen (after-first-screen.ts).
// Production builds only: the dev server serves no worker.
import { Workbox } from 'workbox-window'
import { onLogout } from '@/api/session'
import { anyDirty } from '@/offline/dirty-forms'
import { afterFirstScreen } from './after-first-screen'
import { clearApiCaches } from './clear-api-caches'
import { createUpdateFlow, scheduleUpdateChecks, type UpdateFlow } from './update-flow'

let started: UpdateFlow | null = null

/** Starts once per page (StrictMode mounts twice); null where there is no worker. */
export function startServiceWorker(): UpdateFlow | null {
  if (started) return started
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null
  const base = import.meta.env.BASE_URL
  const wb = new Workbox(`${base}sw.js`, { scope: base })
  const flow = createUpdateFlow({
    // The outbox (Dexie) is loaded when an update asks, not with the registration.
    hasSendingRows: () => import('@/offline/outbox').then((m) => m.hasSendingRows()),
    anyDirty,
    skipWaiting: () => wb.messageSkipWaiting(),
    reload: () => window.location.reload(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  })
  started = flow
  wb.addEventListener('waiting', () => flow.onWaiting())
  // The first install also fires `controlling` (clientsClaim): that one needs no reload.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || flow.getState().activating) flow.onControlling()
  })
  // The precache waits until the first screen is shown and idle (after-first-screen.ts).
  void afterFirstScreen()
    .then(() => wb.register({ immediate: true }))
    .catch((err: unknown) => console.warn('service worker registration failed', err))
  scheduleUpdateChecks(
    () => wb.update(),
    () => navigator.onLine,
    {
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
  )
  onLogout(() => void clearApiCaches((message) => wb.messageSW(message)))
  return flow
}
