// A Dexie live query as React state: other tabs and the sync engine change the outbox, and every
// view follows (R18: non-replaying tabs watch through live queries).
import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import { logger } from '@/api/logger'

/**
 * `key` names the query's inputs: a new key subscribes anew. With `throttleMs`, a change is shown
 * at once, then the query rests for that long before it watches again (and re-reads once, so no
 * change is missed): a replay that writes the outbox many times a second does not re-run a query
 * that reads many rows on every write.
 */
export function useLiveQuery<T>(query: () => Promise<T>, key: string, initial: T, throttleMs = 0): T {
  const [state, setState] = useState<{ key: string; value: T }>({ key, value: initial })
  useEffect(() => {
    let sub: { unsubscribe: () => void } | undefined
    let rest: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const watch = () => {
      let first = true
      sub = liveQuery(query).subscribe({
        next: (value) => {
          setState({ key, value })
          const changed = !first
          first = false
          if (!changed || throttleMs <= 0 || stopped) return
          sub?.unsubscribe()
          rest = setTimeout(() => !stopped && watch(), throttleMs)
        },
        error: (err: unknown) => logger.error('offline-live-query', err),
      })
    }
    watch()
    return () => {
      stopped = true
      clearTimeout(rest)
      sub?.unsubscribe()
    }
    // The query closes over the inputs that `key` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, throttleMs])
  return state.key === key ? state.value : initial
}
