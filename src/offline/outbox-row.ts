// The one place an outbox row is made (docs/offline.md R4, R5, R19): `enqueue` stores what this returns, and the
// end-to-end tests and benchmarks (tests/support/offline-page.ts) build their rows with it in Node
// and hand them to the page as data. So it imports nothing of the app (no `@/` alias, no Lingui
// macro, no Dexie): only the isomorphic payload versions and the id makers, by explicit path.
import { payloadSchema } from '../domain/payload-version.ts'
import { newClientId, newIdempotencyKey } from './ids.ts'

export type RowOp = 'submit' | 'save' | 'update' | 'remove'

export interface OutboxRowInput {
  entity: string
  api: string
  op: RowOp
  /** The record id; a create without one gets a client-made id (docs/offline.md R5). */
  clientId?: string
  payload?: Record<string, unknown>
  baseVersion?: number | null
  dependsOn?: string[]
}

export interface RowContext {
  /** The signed-in user the row is stamped with (docs/offline.md R19). */
  owner: { userId: string; tenantId: string }
  /** Created-at (ms); now by default. */
  now?: number
}

/**
 * Every field of an outbox row but its `seq`, which the writing transaction assigns. db.ts builds
 * OutboxRow on this type, so a field added there is made here or the app does not compile.
 */
export interface NewOutboxRow {
  /** Idempotency key (UUID), sent as the Idempotency-Key header. */
  key: string
  /** Registry name of the entity type (EntityDef.name). */
  entity: string
  /** API base path of the entity (EntityDef.api), e.g. /blade-system/param. */
  api: string
  /** Id of the record: client-made for creates, the server's id otherwise. */
  clientId: string
  op: RowOp
  payload: Record<string, unknown>
  payloadSchemaVersion: number
  /** The record version the user last saw; null = create or a plain last-write-wins write. */
  baseVersion: number | null
  /** Client ids this row references; it waits until their creates and earlier rows are confirmed (docs/offline.md R7). */
  dependsOn: string[]
  createdAt: number
  /** Sends tried so far (never a reason to drop the row, docs/offline.md R14). */
  attempts: number
  /** Exponent of the backoff; reset on online, foreground and "Sync now". */
  backoffStep: number
  nextAttemptAt: number
  lastError: string | null
  state: 'pending'
  userId: string
  tenantId: string
}

/** A new pending row in the current payload schema version, with a fresh idempotency key. */
export function buildOutboxRow(input: OutboxRowInput, ctx: RowContext): NewOutboxRow {
  const creates = input.op === 'submit' || input.op === 'save'
  const clientId = input.clientId ?? (creates ? newClientId() : '')
  if (!clientId) throw new Error(`outbox: ${input.op} of ${input.entity} needs the record id`)
  return {
    key: newIdempotencyKey(),
    entity: input.entity,
    api: input.api,
    clientId,
    op: input.op,
    payload: input.payload ?? {},
    payloadSchemaVersion: payloadSchema().current,
    baseVersion: input.baseVersion ?? null,
    dependsOn: input.dependsOn ?? [],
    createdAt: ctx.now ?? Date.now(),
    attempts: 0,
    backoffStep: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
    userId: ctx.owner.userId,
    tenantId: ctx.owner.tenantId,
  }
}
