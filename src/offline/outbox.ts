// The durable outbox (R1–R4, R11, R20): each queued write is its own Dexie record, written in a
// strict transaction before the caller hears "saved". A row leaves only when the server confirms
// it or the user discards it (R2).
import { t } from '@lingui/core/macro'
import { clearQueryCache, db, withDb, type Json, type OutboxOp, type OutboxRow } from './db'
import { newClientId, newIdempotencyKey } from './ids'
import { ownerOf } from './owner'
import { kick } from './sync-engine'
import { notifySynced } from './sync-status'

export { mergePending, mergePendingDetail } from './merge-pending'
export { useOutboxCounts, useOutboxRows, usePendingFor } from './outbox-hooks'

/** Raise when the payload shape changes; the server accepts the current and the previous one (R4). */
export const PAYLOAD_SCHEMA_VERSION = 1

/** The device is out of space even after the query cache was dropped; the edit was not saved. */
export class OutboxQuotaError extends Error {
  constructor(cause?: unknown) {
    super(t`设备存储空间不足，本次修改未保存。请清理空间后重试`, { cause })
    this.name = 'OutboxQuotaError'
  }
}

/** Writes need a signed-in user: rows are stamped with user and tenant (R19). */
export class OutboxOwnerError extends Error {
  constructor() {
    super(t`请先登录后再保存`)
    this.name = 'OutboxOwnerError'
  }
}

export interface EnqueueInput {
  entity: string
  api: string
  op: OutboxOp
  /** The record id; a create without one gets a client-made id (R5). */
  clientId?: string
  payload?: Json
  baseVersion?: number | null
  dependsOn?: string[]
}

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

/** Resolves once the row is committed; out of space, the query cache is evicted and the write retried once (R20). */
export async function enqueue(input: EnqueueInput): Promise<OutboxRow> {
  const owner = ownerOf()
  if (!owner) throw new OutboxOwnerError()
  const creates = input.op === 'submit' || input.op === 'save'
  const clientId = input.clientId ?? (creates ? newClientId() : '')
  if (!clientId) throw new Error(`outbox: ${input.op} of ${input.entity} needs the record id`)
  const row: Omit<OutboxRow, 'seq'> = {
    key: newIdempotencyKey(),
    entity: input.entity,
    api: input.api,
    clientId,
    op: input.op,
    payload: input.payload ?? {},
    payloadSchemaVersion: PAYLOAD_SCHEMA_VERSION,
    baseVersion: input.baseVersion ?? null,
    dependsOn: input.dependsOn ?? [],
    createdAt: Date.now(),
    attempts: 0,
    backoffStep: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
    ...owner,
  }
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

const ready = { state: 'pending', nextAttemptAt: 0, backoffStep: 0, lastError: null, serverRecord: undefined } as const

/** Sends the row again now. */
export async function retry(key: string): Promise<void> {
  await withDb(() => db.outbox.update(key, ready))
  kick()
}

/** Drops the row for good; the screen asks for confirmation first (R2, R11). */
export async function discard(key: string): Promise<void> {
  await withDb(() => db.outbox.delete(key))
}

/** Replaces a row under a new idempotency key (a new body is a new request), keeping its place. */
async function replace(key: string, patch: (row: OutboxRow) => Partial<OutboxRow>): Promise<string | null> {
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
  notifySynced(row)
}

/** Edit the queued payload (a rejected row fixed by the user, or a pending one changed). */
export function editRow(key: string, payload: Json): Promise<string | null> {
  return replace(key, () => ({ payload }))
}

/** The update prompt must not reload while a row is on the wire (R25). */
export async function hasSendingRows(): Promise<boolean> {
  return (await withDb(() => db.outbox.where('state').equals('sending').count())) > 0
}
