// KOLs as the phone sees them: the cached list with the device's pending writes applied (docs/offline.md R24) —
// KOL edits, and follow-ups, which move the KOL the way the server will (the newest contact sets
// contactStatus, lastContactTime and responseDeadline) — plus search and the due mark. Pure.
import type { OutboxRow } from '@/offline/db'
import { markOf, mergePending, type WithPending } from '@/offline/merge-pending'

export type Kol = Record<string, unknown> & { id: string }

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** Pending follow-ups applied to their KOLs (a KOL edit's own rows are merged by mergePending). */
export function applyFollowUps<T extends Record<string, unknown>>(
  kols: readonly WithPending<T>[],
  followUps: readonly OutboxRow[],
): WithPending<T>[] {
  const newest = new Map<string, OutboxRow>()
  for (const row of followUps) {
    if (row.op !== 'submit' && row.op !== 'save') continue
    const kolId = text(row.payload.kolId)
    const seen = newest.get(kolId)
    if (!seen || text(row.payload.contactTime) >= text(seen.payload.contactTime))
      newest.set(kolId, row)
  }
  return kols.map((k) => {
    const row = newest.get(text(k.id))
    if (!row) return k
    const at = text(row.payload.contactTime)
    const mark = k.__pending && k.__pending !== 'pending' ? k.__pending : markOf(row.state)
    // An older contact (sent late) does not move the KOL back; it is still pending.
    if (text(k.lastContactTime) > at) return { ...k, __pending: mark }
    return {
      ...k,
      contactStatus: row.payload.contactStatus,
      lastContactTime: at,
      responseDeadline: row.payload.responseDeadline ?? null,
      __pending: mark,
    }
  })
}

export function overlayKols(
  kols: readonly Kol[],
  kolRows: readonly OutboxRow[],
  followUps: readonly OutboxRow[],
): WithPending<Kol>[] {
  return applyFollowUps(mergePending(kols, kolRows), followUps)
}

export function searchKols<T extends Record<string, unknown>>(
  kols: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...kols]
  return kols.filter((k) =>
    ['kolName', 'tkUserName', 'kolContact', 'kolFrom'].some((f) =>
      text(k[f]).toLowerCase().includes(q),
    ),
  )
}

/** Whether a KOL's response deadline is today or past (today: 'YYYY-MM-DD'). */
export function isDue(kol: Record<string, unknown>, today: string): boolean {
  return text(kol.responseDeadline) !== '' && text(kol.responseDeadline).slice(0, 10) <= today
}
