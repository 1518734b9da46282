// Pending writes shown in lists and detail views (docs/offline.md R24), read from the outbox rather than from
// onMutate (restored mutations skip onMutate): creates appear as new rows, updates overlay the
// record, removes hide it (or mark it).
import type { Json, OutboxRow, OutboxState } from './db'

export type PendingMark = 'pending' | 'conflict' | 'rejected'
export type WithPending<T> = T & { __pending?: PendingMark; __removed?: true }

export interface MergeOptions {
  /** 'hide' (default) drops records removed on the device; 'mark' keeps them with __removed. */
  removed?: 'hide' | 'mark'
  /** The record's id field (default 'id'). */
  idField?: string
}

export function markOf(state: OutboxState): PendingMark {
  return state === 'conflict' || state === 'rejected' ? state : 'pending'
}

/** The stronger of two marks: a conflict or rejection outranks a plain pending write. */
const worse = (a: PendingMark | undefined, b: PendingMark): PendingMark =>
  a && a !== 'pending' ? a : b

function apply<T extends Json>(
  target: WithPending<T>,
  row: OutboxRow,
  idField: string,
): WithPending<T> {
  // A confirmed row held until its lists refetch (settling.ts) shows its values but no pending mark.
  const mark = 'settling' in row ? target.__pending : worse(target.__pending, markOf(row.state))
  const marked = mark ? { __pending: mark } : {}
  if (row.op === 'remove') return { ...target, ...marked, __removed: true }
  const { __pending: _unmarked, ...values } = target
  return { ...values, ...row.payload, [idField]: row.clientId, ...marked } as WithPending<T>
}

/** The page's records with the outbox rows of this entity applied in queue order. */
export function mergePending<T extends Json>(
  records: readonly T[],
  rows: readonly OutboxRow[],
  options: MergeOptions = {},
): WithPending<T>[] {
  const idField = options.idField ?? 'id'
  const merged = new Map<string, WithPending<T>>()
  for (const r of records) merged.set(String(r[idField]), r)
  const created: string[] = []
  for (const row of [...rows].sort((a, b) => a.seq - b.seq)) {
    const current = merged.get(row.clientId)
    if (current) merged.set(row.clientId, apply(current, row, idField))
    // Only a create adds a record: an update or remove of a record off this page stays off it.
    else if (row.op === 'submit' || row.op === 'save') {
      created.push(row.clientId)
      merged.set(row.clientId, apply({} as WithPending<T>, row, idField))
    }
  }
  const out = [...created.reverse(), ...records.map((r) => String(r[idField]))].map((id) =>
    merged.get(id)!,
  )
  return options.removed === 'mark' ? out : out.filter((r) => !r.__removed)
}

/** One record (undefined when it exists only on the device) with its pending writes applied. */
export function mergePendingDetail<T extends Json>(
  record: T | undefined,
  id: string,
  rows: readonly OutboxRow[],
  options: MergeOptions = {},
): WithPending<T> | undefined {
  const own = rows.filter((r) => r.clientId === id)
  return mergePending(record ? [record] : [], own, {
    ...options,
    removed: options.removed ?? 'mark',
  })[0]
}
