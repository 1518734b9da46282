// Which queued rows may be sent now (docs/offline.md R7): the pure part of the replay, over rows in queue order.
import type { OutboxRow } from './db'

/** A lane: the rows of one record (entity type and client id), sent strictly in queue order. */
export const laneOf = (r: OutboxRow): string => `${r.entity}\u0000${r.clientId}`
const creates = (r: OutboxRow): boolean => r.op === 'submit' || r.op === 'save'

/**
 * Rows that may go now (rows in queue order): each lane's head if it is pending, due, not in flight,
 * and nothing it references by client id is still queued before it (docs/offline.md R7): a create of that id
 * anywhere in the queue, or any earlier row of it (an undone line must reach the server before the
 * finish of its count).
 */
export function eligible(
  rows: readonly OutboxRow[],
  now: number,
  busy: ReadonlySet<string> = new Set(),
  handled: ReadonlySet<string> = new Set(),
): OutboxRow[] {
  const heads = new Map<string, OutboxRow>()
  const creating = new Set<string>()
  // The first (lowest) seq queued for each client id.
  const firstSeq = new Map<string, number>()
  for (const r of rows) {
    if (!heads.has(laneOf(r))) heads.set(laneOf(r), r)
    if (creates(r)) creating.add(r.clientId)
    if (!firstSeq.has(r.clientId)) firstSeq.set(r.clientId, r.seq)
  }
  const waitsFor = (r: OutboxRow, id: string) =>
    id !== r.clientId && (creating.has(id) || (firstSeq.get(id) ?? Infinity) < r.seq)
  return [...heads.values()].filter(
    (r) =>
      r.state === 'pending' &&
      r.nextAttemptAt <= now &&
      !busy.has(laneOf(r)) &&
      !handled.has(r.key) &&
      !r.dependsOn.some((id) => waitsFor(r, id)),
  )
}
