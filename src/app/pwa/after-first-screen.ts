// When the service worker may start: its install precaches the whole build (about 2.4 MB), which
// on a phone's link would compete with the first screen's own requests and on a slow CPU with its
// rendering. So it waits for the page's load, then for the main thread's first idle period after
// a quiet moment (the first screen's data requests, such as the login captcha, start right after
// the load); a page that never idles starts it after the idle callback's timeout.

/** Time after the load for the first screen's own requests to start and end. */
export const QUIET_AFTER_LOAD_MS = 1000
/** The longest wait for an idle period once the page is quiet. */
export const IDLE_TIMEOUT_MS = 4000

export interface PageTimers {
  isLoaded: () => boolean
  onLoad: (fn: () => void) => void
  setTimeout: (fn: () => void, ms: number) => void
  /** The browser's requestIdleCallback; a browser without it gets a plain timeout. */
  requestIdle?: (fn: () => void, opts: { timeout: number }) => void
}

const browserTimers = (): PageTimers => ({
  isLoaded: () => document.readyState === 'complete',
  onLoad: (fn) => window.addEventListener('load', fn, { once: true }),
  setTimeout: (fn, ms) => void window.setTimeout(fn, ms),
  requestIdle:
    'requestIdleCallback' in window
      ? (fn, opts) => void window.requestIdleCallback(fn, opts)
      : undefined,
})

/** Resolves once the first screen is shown and the page is idle. */
export function afterFirstScreen(timers: PageTimers = browserTimers()): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      timers.requestIdle
        ? timers.requestIdle(resolve, { timeout: IDLE_TIMEOUT_MS })
        : timers.setTimeout(resolve, 0)
    const quiet = () => timers.setTimeout(idle, QUIET_AFTER_LOAD_MS)
    if (timers.isLoaded()) quiet()
    else timers.onLoad(quiet)
  })
}
