// A Dexie live query as React state: other tabs and the sync engine change the outbox, and every
// view follows (docs/offline.md R18: non-replaying tabs watch through live queries). Views that ask the same query
// (the same key: the sync indicator, the desk's outbox card and the outbox screen all count the
// same rows) share one subscription, so a replay's writes re-run each query once, not once per view.
import { liveQuery } from 'dexie'
import { useCallback, useSyncExternalStore } from 'react'
import { logger } from '@/api/logger'

interface Shared {
  /** Undefined until the query first answered. */
  value: { current: unknown } | undefined
  views: Set<() => void>
  stop: () => void
}

const shared = new Map<string, Shared>()

/**
 * Runs `query` live until `stop`: with `throttleMs`, a change is shown at once, then the query rests
 * for that long before it watches again (and re-reads once, so no change is missed).
 */
function watch(
  query: () => Promise<unknown>,
  throttleMs: number,
  show: (value: unknown) => void,
): () => void {
  let sub: { unsubscribe: () => void } | undefined
  let rest: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const start = () => {
    let first = true
    sub = liveQuery(query).subscribe({
      next: (value) => {
        show(value)
        const changed = !first
        first = false
        if (!changed || throttleMs <= 0 || stopped) return
        sub?.unsubscribe()
        rest = setTimeout(() => !stopped && start(), throttleMs)
      },
      error: (err: unknown) => logger.error('offline-live-query', err),
    })
  }
  start()
  return () => {
    stopped = true
    clearTimeout(rest)
    sub?.unsubscribe()
  }
}

/**
 * `key` names the query and its inputs, across every view: a view with the same key shares the
 * subscription (and its throttle, the first view's), a new key subscribes anew. With `throttleMs`
 * a replay that writes the outbox many times a second does not re-run a query that reads many rows
 * on every write.
 */
export function useLiveQuery<T>(
  query: () => Promise<T>,
  key: string,
  initial: T,
  throttleMs = 0,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let entry = shared.get(key)
      if (!entry) {
        const created: Shared = { value: undefined, views: new Set(), stop: () => {} }
        shared.set(key, created)
        created.stop = watch(query, throttleMs, (value) => {
          created.value = { current: value }
          for (const view of created.views) view()
        })
        entry = created
      }
      entry.views.add(onChange)
      const mine = entry
      return () => {
        mine.views.delete(onChange)
        if (mine.views.size || shared.get(key) !== mine) return
        shared.delete(key)
        mine.stop()
      }
    },
    // The query closes over the inputs that `key` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, throttleMs],
  )
  const read = () => {
    const value = shared.get(key)?.value
    return value ? (value.current as T) : initial
  }
  return useSyncExternalStore(subscribe, read, read)
}
