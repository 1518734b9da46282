// A confirmed write leaves the outbox at once, but the lists that show it refetch only afterwards:
// in between they showed the record as it was before the write (a card flicked back to its previous
// revision for a moment). The confirmed row is held here, carrying the server's answer, until its
// entity's refetch has landed (or SETTLE_MAX_MS passed), and lists merge it like a pending write
// without the pending mark (merge-pending.ts).
import { useMemo, useSyncExternalStore } from 'react'
import type { Json, OutboxRow } from './db'

/** A confirmed outbox row, shown until its lists have the server's version. */
export type SettlingRow = OutboxRow & { settling: true }

/** A refetch that never ends (offline again, a hung request) releases its rows after this long. */
export const SETTLE_MAX_MS = 15_000

let held: readonly SettlingRow[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l))

/** Holds a confirmed row (with the server's record, when it answered one) until `refetched` settles. */
export function holdUntilRefetched(
  row: OutboxRow,
  record: Json | null,
  refetched: Promise<unknown>,
): void {
  const settling: SettlingRow = {
    ...row,
    payload: record ? { ...row.payload, ...record } : row.payload,
    settling: true,
  }
  held = [...held.filter((r) => r.key !== row.key), settling]
  emit()
  const release = () => {
    if (!held.includes(settling)) return
    held = held.filter((r) => r !== settling)
    emit()
  }
  const timer = setTimeout(release, SETTLE_MAX_MS)
  void refetched.finally(() => {
    clearTimeout(timer)
    release()
  })
}

/** The held rows of one entity, in queue order. */
export function useSettling(entity: string): readonly SettlingRow[] {
  const all = useSyncExternalStore(subscribe, () => held)
  return useMemo(() => all.filter((r) => r.entity === entity), [all, entity])
}

/** The outbox's rows of an entity with its settling rows before them (a row still in the outbox wins). */
export function withSettling(
  rows: readonly OutboxRow[],
  settling: readonly SettlingRow[],
): OutboxRow[] {
  if (settling.length === 0) return rows as OutboxRow[]
  const queued = new Set(rows.map((r) => r.key))
  return [...settling.filter((s) => !queued.has(s.key)), ...rows].sort((a, b) => a.seq - b.seq)
}

/** For tests: nothing held. */
export function releaseAllSettling(): void {
  held = []
  emit()
}
