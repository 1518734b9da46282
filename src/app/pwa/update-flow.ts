// The update prompt's logic (docs/offline.md R25), free of workbox-window and the DOM so it can be tested: a new
// worker is waiting → the prompt shows; "Reload" is refused while outbox rows are `sending` or a
// form is dirty; once accepted the waiting worker is told to skip waiting and the page reloads when
// it takes control, or after a fallback delay because `controlling` does not always fire
// (vite-plugin-pwa #789). The reload itself checks again and waits while it is unsafe.

/** Why a reload is refused right now, or null when it is safe. */
export type ReloadBlock = 'sending' | 'dirty' | null

interface UpdateState {
  /** A new version is installed and waiting. */
  available: boolean
  /** The user accepted; waiting for the new worker to take control. */
  activating: boolean
  /** The reason the last "Reload" was refused. */
  blocked: ReloadBlock
}

export interface UpdateEnv {
  hasSendingRows: () => Promise<boolean>
  anyDirty: () => boolean
  /** Tells the waiting worker to activate. */
  skipWaiting: () => void
  reload: () => void
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface UpdateFlowOptions {
  /** Reload after this long even if `controlling` never fires. */
  fallbackMs: number
  /** While a reload is unsafe, check again after this long. */
  retryMs: number
}

const DEFAULT_UPDATE_OPTIONS: UpdateFlowOptions = { fallbackMs: 5000, retryMs: 2000 }

export interface UpdateFlow {
  getState: () => UpdateState
  subscribe: (listener: () => void) => () => void
  /** workbox-window `waiting`: a new version is ready. */
  onWaiting: () => void
  /** workbox-window `controlling` after an update (not the first install): the new worker controls this page. */
  onControlling: () => void
  /** The user pressed "Reload": null when the update goes ahead, else why it is refused. */
  acceptUpdate: () => Promise<ReloadBlock>
  /** The user closed the prompt; it shows again on the next `waiting`. */
  dismiss: () => void
}

export async function reloadBlock(
  env: Pick<UpdateEnv, 'hasSendingRows' | 'anyDirty'>,
): Promise<ReloadBlock> {
  if (env.anyDirty()) return 'dirty'
  try {
    return (await env.hasSendingRows()) ? 'sending' : null
  } catch {
    // The outbox could not be read: not known to be safe, so do not reload now.
    return 'sending'
  }
}

export function createUpdateFlow(
  env: UpdateEnv,
  options: UpdateFlowOptions = DEFAULT_UPDATE_OPTIONS,
): UpdateFlow {
  let state: UpdateState = { available: false, activating: false, blocked: null }
  const listeners = new Set<() => void>()
  let timer: unknown = null
  let reloaded = false
  // Another tab accepted the update: the new worker already controls this page.
  let controllerChanged = false

  const set = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch }
    for (const l of listeners) l()
  }
  const clearTimer = () => {
    if (timer !== null) env.clearTimeout(timer)
    timer = null
  }

  async function reloadWhenSafe(): Promise<void> {
    clearTimer()
    if (reloaded) return
    const block = await reloadBlock(env)
    if (reloaded) return
    if (block) {
      // The new worker is already active: the reload still has to happen, just not now.
      set({ blocked: block })
      timer = env.setTimeout(() => void reloadWhenSafe(), options.retryMs)
      return
    }
    reloaded = true
    env.reload()
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onWaiting: () => set({ available: true, blocked: null }),
    onControlling() {
      if (state.activating) {
        void reloadWhenSafe()
        return
      }
      // The page runs old code under the new worker (its chunks may be gone): offer the reload.
      controllerChanged = true
      set({ available: true, blocked: null })
    },
    async acceptUpdate() {
      if (state.activating) return null
      const block = await reloadBlock(env)
      if (block) {
        set({ blocked: block })
        return block
      }
      set({ activating: true, blocked: null })
      if (controllerChanged) {
        await reloadWhenSafe()
        return null
      }
      env.skipWaiting()
      timer = env.setTimeout(() => void reloadWhenSafe(), options.fallbackMs)
      return null
    },
    dismiss: () => set({ available: false, blocked: null }),
  }
}

/**
 * Asks the browser for a new worker every `intervalMs` while online (docs/offline.md R25: hourly). Returns the
 * function that stops it.
 */
export function scheduleUpdateChecks(
  check: () => Promise<unknown> | void,
  isOnline: () => boolean,
  timers: {
    setInterval: (fn: () => void, ms: number) => unknown
    clearInterval: (handle: unknown) => void
  },
  intervalMs = 60 * 60 * 1000,
): () => void {
  const handle = timers.setInterval(() => {
    if (!isOnline()) return
    // A failed check (server unreachable despite onLine) is retried at the next interval.
    void Promise.resolve(check()).catch(() => undefined)
  }, intervalMs)
  return () => timers.clearInterval(handle)
}
