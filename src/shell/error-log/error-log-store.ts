// The local error log (docs/product.md §3 "Local error log entry", §8): global UI errors recorded
// with type, message, stack, info, url and time, kept in local storage until uploaded or cleared.
import { useSyncExternalStore } from 'react'
import { getStore, removeStore, setStore } from '@/api/storage'

export interface ErrorLogEntry {
  type: string
  message: string
  stack: string
  info: string
  url: string
  time: string
}

const KEY = 'errorLog'
/** Old entries are dropped beyond this, so a failing loop cannot fill the storage. */
const MAX_ENTRIES = 200
const BADGE_MAX = 99

let logs: ErrorLogEntry[] = getStore<ErrorLogEntry[]>({ name: KEY }) ?? []
const listeners = new Set<() => void>()

function commit(next: ErrorLogEntry[]) {
  logs = next
  if (logs.length) setStore({ name: KEY, content: logs })
  else removeStore({ name: KEY })
  for (const l of listeners) l()
}

function pad(n: number) {
  return String(n).padStart(2, '0')
}

/** 'yyyy-MM-dd HH:mm:ss' in local time (docs/product.md §9). */
export function formatTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** Any thrown value as {message, stack}. */
function describeError(err: unknown): { message: string; stack: string } {
  if (err instanceof Error) return { message: err.message || err.name, stack: err.stack ?? '' }
  if (typeof err === 'string') return { message: err, stack: '' }
  try {
    return { message: JSON.stringify(err) ?? String(err), stack: '' }
  } catch {
    return { message: String(err), stack: '' }
  }
}

export const errorLogStore = {
  getState: (): ErrorLogEntry[] => logs,
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  add(entry: Partial<ErrorLogEntry> & { message: string }): void {
    const full: ErrorLogEntry = {
      type: entry.type ?? 'error',
      message: entry.message,
      stack: entry.stack ?? '',
      info: entry.info ?? '',
      url: entry.url ?? window.location.href,
      time: entry.time ?? formatTime(new Date()),
    }
    commit([full, ...logs].slice(0, MAX_ENTRIES))
  },
  /** Records a thrown value. */
  record(err: unknown, info = ''): void {
    errorLogStore.add({ type: 'error', info, ...describeError(err) })
  },
  clear: () => commit([]),
  reload(): void {
    logs = getStore<ErrorLogEntry[]>({ name: KEY }) ?? []
    for (const l of listeners) l()
  },
}

export function useErrorLogs(): ErrorLogEntry[] {
  return useSyncExternalStore(
    errorLogStore.subscribe,
    () => logs,
    () => logs,
  )
}

/** The badge shows at most 99 (docs/product.md §9): '99+' beyond. */
export function badgeLabel(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)
}
