// App-wide parts that are not part of the first screen (the notification container, the PWA
// banners) mount once the first screen has painted (docs/offline.md P1), so they add nothing to it.
// Nothing is lost meanwhile: notifications shown earlier wait in Mantine's store and appear on mount.
import { startTransition, useEffect, useState, type ReactNode } from 'react'

/** The longest wait: a hidden page gets no animation frames, and a start may never resolve a route. */
export const FIRST_SCREEN_MAX_WAIT_MS = 3000

/** The part of the TanStack router this needs. */
export interface RouterEvents {
  subscribe(event: 'onResolved', fn: () => void): () => void
  state: { status: string; resolvedLocation?: unknown }
}

/** Calls `fn` once, after the router rendered its first location and the browser painted that frame. */
export function afterFirstScreen(fn: () => void, target: RouterEvents): () => void {
  let done = false
  let frame: number | undefined
  let soon: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (done) return
    done = true
    cleanup()
    fn()
  }
  // The callback of the next frame runs before that frame paints; a task queued from it runs after.
  const afterPaint = () => {
    frame = requestAnimationFrame(() => {
      soon = setTimeout(run, 0)
    })
  }
  const fallback = setTimeout(run, FIRST_SCREEN_MAX_WAIT_MS)
  const unsubscribe =
    target.state.status === 'idle' && target.state.resolvedLocation
      ? undefined
      : target.subscribe('onResolved', afterPaint)
  if (!unsubscribe) afterPaint()
  function cleanup() {
    unsubscribe?.()
    clearTimeout(fallback)
    clearTimeout(soon)
    if (frame !== undefined) cancelAnimationFrame(frame)
  }
  return () => {
    done = true
    cleanup()
  }
}

export function AfterFirstScreen({
  router,
  children,
}: {
  router: RouterEvents
  children: ReactNode
}) {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true)), router), [router])
  return ready ? children : null
}
