// The durable outbox (docs/offline.md R1–R4, R11, R20): each queued write is its own Dexie record, written in a
// strict transaction before the caller hears "saved". A row leaves only when the server confirms
// it or the user discards it (docs/offline.md R2).
import { t } from '@lingui/core/macro'
import { payloadSchema, SHIPPED_PAYLOAD_SCHEMA } from '@/domain/payload-version'
import { clearQueryCache, db, withDb, type Json, type OutboxRow } from './db'
import { newIdempotencyKey } from './ids'
import { buildOutboxRow, type OutboxRowInput } from './outbox-row'
import { ownerOf } from './owner'
import { kick } from './sync-engine'
import { notifySynced } from './sync-status'

export { useOutboxCounts, useOutboxRows, usePendingFor } from './outbox-hooks'

/** The payload schema version this build writes (docs/offline.md R4); raised in src/domain/payload-version.ts with its upgraders. */
export const PAYLOAD_SCHEMA_VERSION = SHIPPED_PAYLOAD_SCHEMA.current

/** The device is out of space even after the query cache was dropped; the edit was not saved. */
export class OutboxQuotaError extends Error {
  constructor(cause?: unknown) {
    super(t`设备存储空间不足，本次修改未保存。请清理空间后重试`, { cause })
    this.name = 'OutboxQuotaError'
  }
}

/** Writes need a signed-in user: rows are stamped with user and tenant (docs/offline.md R19). */
export class OutboxOwnerError extends Error {
  constructor() {
    super(t`请先登录后再保存`)
    this.name = 'OutboxOwnerError'
  }
}

export type EnqueueInput = OutboxRowInput

function isQuotaError(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { inner?: unknown }).inner) {
    if ((e as { name?: string }).name === 'QuotaExceededError') return true
  }
  return false
}

async function addStrict(row: Omit<OutboxRow, 'seq'>): Promise<OutboxRow> {
  return withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const last = await db.outbox.orderBy('seq').last()
      const stored = { ...row, seq: (last?.seq ?? 0) + 1 }
      await db.outbox.add(stored)
      return stored
    }),
  )
}

/** Resolves once the row is committed; out of space, the query cache is evicted and the write retried once (docs/offline.md R20). */
export async function enqueue(input: EnqueueInput): Promise<OutboxRow> {
  const owner = ownerOf()
  if (!owner) throw new OutboxOwnerError()
  // Typed as the stored row: a field added to OutboxRow fails here until the builder makes it.
  const row: Omit<OutboxRow, 'seq'> = buildOutboxRow(input, { owner })
  let stored: OutboxRow
  try {
    stored = await addStrict(row)
  } catch (err) {
    if (!isQuotaError(err)) throw err
    await clearQueryCache()
    try {
      stored = await addStrict(row)
    } catch (again) {
      throw isQuotaError(again) ? new OutboxQuotaError(again) : again
    }
  }
  kick()
  return stored
}

const ready = {
  state: 'pending',
  nextAttemptAt: 0,
  backoffStep: 0,
  lastError: null,
  serverRecord: undefined,
} as const

/** Sends the row again now. */
export async function retry(key: string): Promise<void> {
  await withDb(() => db.outbox.update(key, ready))
  kick()
}

/** Drops the row for good; the screen asks for confirmation first (docs/offline.md R2, R11). */
export async function discard(key: string): Promise<void> {
  await withDb(() => db.outbox.delete(key))
}

/** Replaces a row under a new idempotency key (a new body is a new request), keeping its place. */
async function replace(
  key: string,
  patch: (row: OutboxRow) => Partial<OutboxRow>,
): Promise<string | null> {
  const next = await withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const row = await db.outbox.get(key)
      if (!row) return null
      const updated: OutboxRow = { ...row, ...ready, ...patch(row), key: newIdempotencyKey() }
      await db.outbox.delete(key)
      await db.outbox.add(updated)
      return updated.key
    }),
  )
  kick()
  return next
}

/** Conflict: resend my change on top of the server's version. Returns the row's new key. */
export function keepMine(key: string): Promise<string | null> {
  return replace(key, (row) => {
    const version = row.serverRecord?.version
    return { baseVersion: typeof version === 'number' ? version : row.baseVersion }
  })
}

/** Conflict: the server's record wins; my change is dropped and the views refetch. */
export async function takeTheirs(key: string): Promise<void> {
  const row = await withDb(() => db.outbox.get(key))
  if (!row) return
  await withDb(() => db.outbox.delete(key))
  // Until the views refetch they show the server's record (settling.ts), or none if it was deleted there.
  if (row.serverRecord) notifySynced(row, row.serverRecord)
  else notifySynced({ ...row, op: 'remove' })
}

/**
 * Edit the queued payload (a rejected row fixed by the user, or a pending one changed). The edit
 * was made in this build's form, so the row now holds this build's payload version (docs/offline.md R4): an older
 * version would have the server upgrade the user's new values as if they were old ones.
 */
export function editRow(key: string, payload: Json): Promise<string | null> {
  return replace(key, () => ({ payload, payloadSchemaVersion: payloadSchema().current }))
}

/** The update prompt must not reload while a row is on the wire (docs/offline.md R25). */
export async function hasSendingRows(): Promise<boolean> {
  return (await withDb(() => db.outbox.where('state').equals('sending').count())) > 0
}
