// The replay's reads, writes and requests (docs/offline.md R4, R6, R12). Outbox writes go a batch of rows per
// transaction: one marks the rows picked for sending, one writes the answers of the rows sent since
// the last write. Both use the relaxed connection: a mark lost in a crash only means a resend under
// the row's idempotency key, answered from the server's stored result (a strict flush per write
// would cost most of a replay's time, bench/replay.ts).
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { BladeHttpError, relayedEnvelope, requestEnvelope, type Envelope } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'
import {
  oldestAccepted,
  PAYLOAD_VERSION_HEADER,
  payloadSchema,
  payloadVersionMessage,
  refusedVersionReason,
  upgradePayload,
} from '@/domain/payload-version'
import { SYNC_BATCH_API, type SyncBatchAnswer, type SyncBatchRequest } from '@/domain/sync-batch'
import { backoffDelay, classifyAnswer, classifyError, type Outcome } from './classify'
import { relaxedDb, type OutboxRow } from './db'
import { owns } from './owner'

/** A row marked 'sending' by `claim`, as stored; `attempts` is its count before the mark. */
export interface Claimed {
  row: OutboxRow
  attempts: number
  /** False when its payload, written by a build two or more releases back, cannot be upgraded. */
  convertible: boolean
}

/** A sent (or unconvertible) row and what came of it, waiting to be written. */
export interface Settled {
  row: OutboxRow
  outcome: Outcome
  /** The plans' generation when it was sent (see replay.ts invalidatePlans). */
  sentAt: number
}

/** The request a row stands for: its URL under the API prefix, its headers and its body or query. */
function requestOf(row: OutboxRow): {
  url: string
  headers: Record<string, string>
  body?: Record<string, unknown>
  query?: Record<string, string>
} {
  const url = `${config.apiPrefix}${row.api}/${row.op}`
  // The token is attached by the client at send time, never stored with the row (docs/offline.md R19). The row's
  // payload schema version goes with it; the server upgrades the previous one (docs/offline.md R4).
  const headers: Record<string, string> = { 'Idempotency-Key': row.key }
  if (Number.isInteger(row.payloadSchemaVersion))
    headers[PAYLOAD_VERSION_HEADER] = String(row.payloadSchemaVersion)
  if (row.op === 'remove') return { url, headers, query: { ids: row.clientId } }
  return {
    url,
    headers,
    body: {
      ...row.payload,
      id: row.clientId,
      ...(row.baseVersion === null ? {} : { version: row.baseVersion }),
    },
  }
}

function send(row: OutboxRow): Promise<Envelope<unknown>> {
  const { url, headers, body, query } = requestOf(row)
  return requestEnvelope(url, {
    method: 'POST',
    headers,
    silent: true,
    ...(query ? { query } : { body }),
  })
}

/** A refused payload version is shown in the user's language with the server's (shared) message. */
function localized(outcome: Outcome, err: unknown): Outcome {
  if (outcome.kind !== 'rejected' || !(err instanceof BladeHttpError)) return outcome
  const reason = refusedVersionReason((err.data as { data?: unknown } | null)?.data)
  return reason ? { ...outcome, message: i18n._(payloadVersionMessage(reason)) } : outcome
}

const unconvertible = (): Outcome => ({
  kind: 'rejected',
  message: t`这条离线修改无法转换为当前版本的格式，请编辑或放弃`,
})

/** Sends a claimed row and classifies the answer from the envelope (docs/offline.md R12). */
async function sendClaimed(claimed: Claimed): Promise<Outcome> {
  if (!claimed.convertible) return unconvertible()
  try {
    return classifyAnswer(await send(claimed.row))
  } catch (err) {
    return localized(classifyError(claimed.row.op, err), err)
  }
}

/** True once the server answered the batch call 404 or 405: it has none (SpringBlade). */
let noBatchCall = false

/** Whether claimed rows go in batch calls: the setting is on and the server has not said it has none. */
export function sendsInBatches(): boolean {
  return config.syncBatch && !noBatchCall
}

/** The client now speaks to another server, which may have the batch call (tests point it at one after another). */
export function forgetBatchSupport(): void {
  noBatchCall = false
}

/** What a write of a batch answered, classified as if it had been sent alone (docs/offline.md R12). */
function relayedOutcome(row: OutboxRow, answer: SyncBatchAnswer | undefined): Outcome {
  if (!answer || typeof answer !== 'object' || !Number.isInteger(answer.status))
    return { kind: 'retry', offline: false, message: t`服务器没有返回这条离线修改的结果` }
  try {
    return classifyAnswer(relayedEnvelope(answer.status, answer.body))
  } catch (err) {
    return localized(classifyError(row.op, err), err)
  }
}

/**
 * Sends claimed rows (each of another lane) and classifies each answer: in one batch call when
 * there are several and the server has it, else one request each, in turn. A batch the server
 * does not take as one (it has no batch call, or finds one of its writes malformed) goes again one
 * request each, so each row meets its own answer. An answer lost on the way is lost for every row
 * of the batch: they are resent under their keys and answered from the server's records.
 */
export async function sendAllClaimed(items: readonly Claimed[]): Promise<Outcome[]> {
  const sendable = items.filter((c) => c.convertible)
  if (sendable.length < 2 || !sendsInBatches()) return oneByOne(items)
  const requests: SyncBatchRequest[] = sendable.map(({ row }) => {
    const { url, body, query } = requestOf(row)
    return {
      url,
      key: row.key,
      ...(Number.isInteger(row.payloadSchemaVersion)
        ? { payloadVersion: row.payloadSchemaVersion }
        : {}),
      ...(query ? { query } : { body }),
    }
  })
  let answers: SyncBatchAnswer[]
  try {
    const envelope = await requestEnvelope<SyncBatchAnswer[]>(
      `${config.apiPrefix}${SYNC_BATCH_API}`,
      { method: 'POST', body: { requests }, silent: true },
    )
    answers = Array.isArray(envelope.data) ? envelope.data : []
  } catch (err) {
    if (err instanceof BladeHttpError && (err.code === 404 || err.code === 405)) noBatchCall = true
    if (err instanceof BladeHttpError && [400, 404, 405, 413].includes(err.code))
      return oneByOne(items)
    return items.map((c) => (c.convertible ? classifyError(c.row.op, err) : unconvertible()))
  }
  let n = 0
  return items.map((c) => (c.convertible ? relayedOutcome(c.row, answers[n++]) : unconvertible()))
}

async function oneByOne(items: readonly Claimed[]): Promise<Outcome[]> {
  const out: Outcome[] = []
  for (const item of items) {
    const outcome = await sendClaimed(item)
    out.push(outcome)
    // Offline or signed out: the others would meet the same; they go back to pending unsent.
    if (outcome.kind === 'auth' || (outcome.kind === 'retry' && outcome.offline)) break
  }
  return out
}

/**
 * A row older than the server's previous version (written by a build two or more releases back) is
 * brought to the current version on the device before it is sent; its key is kept, so a resend of
 * a write the server already applied is still answered from the idempotency record. Null when its
 * payload cannot be upgraded.
 */
function upgraded(row: OutboxRow): OutboxRow | null {
  const from = row.payloadSchemaVersion
  if (!Number.isInteger(from) || from >= oldestAccepted()) return row
  try {
    return {
      ...row,
      payload: upgradePayload(row.entity, row.payload, from),
      payloadSchemaVersion: payloadSchema().current,
    }
  } catch (err) {
    logger.error('outbox-upgrade', err)
    return null
  }
}

/**
 * One transaction: the picked rows still pending are marked 'sending' with one more attempt (and
 * upgraded when old) and returned as stored, confirm having perhaps moved their base version. The
 * others were discarded, edited (a new key) or settled meanwhile: `others` holds them as stored
 * (undefined once gone), for the plan.
 */
export function claim(
  picked: readonly OutboxRow[],
): Promise<{ claimed: Claimed[]; others: Map<string, OutboxRow | undefined> }> {
  return relaxedDb.transaction('rw', relaxedDb.outbox, async () => {
    const stored = await relaxedDb.outbox.bulkGet(picked.map((r) => r.key))
    const claimed: Claimed[] = []
    const others = new Map<string, OutboxRow | undefined>()
    stored.forEach((row, n) => {
      if (!row || row.state !== 'pending') return others.set(picked[n]!.key, row)
      const next = upgraded(row)
      claimed.push({
        row: { ...(next ?? row), state: 'sending', attempts: row.attempts + 1 },
        attempts: row.attempts,
        convertible: next !== null,
      })
    })
    await relaxedDb.outbox.bulkPut(claimed.map((c) => c.row))
    return { claimed, others }
  })
}

/** Claimed rows that were not sent (the pass stopped) go back to pending, their attempt not counted. */
export async function release(unsent: readonly Claimed[]): Promise<void> {
  if (!unsent.length) return
  await relaxedDb.outbox.bulkUpdate(
    unsent.map((c) => ({ key: c.row.key, changes: { state: 'pending', attempts: c.attempts } })),
  )
}

/**
 * Confirmed rows leave the outbox, all in one delete; the next row of each one's lane was made on
 * top of it, so it takes the new version: the lanes are read in one query, not one per row (the
 * rows of a batch are each of another lane). Returns the keys of the rows given a new version.
 */
async function confirmAll(done: readonly Settled[]): Promise<string[]> {
  if (!done.length) return []
  await relaxedDb.outbox.bulkDelete(done.map((s) => s.row.key))
  const versioned = done.flatMap(({ row, outcome }) => {
    const version = outcome.kind === 'done' ? outcome.record?.version : undefined
    return typeof version === 'number' ? [{ row, version }] : []
  })
  if (!versioned.length) return []
  const laneRows = await relaxedDb.outbox
    .where('[entity+clientId]')
    .anyOf(versioned.map(({ row }) => [row.entity, row.clientId]))
    .toArray()
  const moves: { key: string; changes: { baseVersion: number } }[] = []
  for (const { row, version } of versioned) {
    let next: OutboxRow | undefined
    for (const r of laneRows) {
      if (
        r.entity !== row.entity ||
        r.clientId !== row.clientId ||
        r.seq <= row.seq ||
        !owns(row, r)
      )
        continue
      if (!next || r.seq < next.seq) next = r
    }
    if (!next || next.op === 'remove' || (next.baseVersion !== null && next.baseVersion >= version))
      continue
    moves.push({ key: next.key, changes: { baseVersion: version } })
  }
  if (moves.length) await relaxedDb.outbox.bulkUpdate(moves)
  return moves.map((m) => m.key)
}

/** Writes the outcome of a sent row that was not confirmed. */
async function writeOne({ row, outcome, sentAt }: Settled, generation: number): Promise<void> {
  switch (outcome.kind) {
    case 'done':
      return
    case 'retry':
      // The backoff was reset (back online, foreground, "Sync now") while this row was on the wire:
      // it goes again now with the others, in queue order, not after a backoff of its own.
      if (sentAt !== generation)
        await relaxedDb.outbox.update(row.key, {
          state: 'pending',
          backoffStep: 0,
          nextAttemptAt: 0,
          lastError: outcome.message,
        })
      else
        await relaxedDb.outbox.update(row.key, {
          state: 'pending',
          backoffStep: row.backoffStep + 1,
          nextAttemptAt: Date.now() + backoffDelay(row.backoffStep),
          lastError: outcome.message,
        })
      return
    case 'auth':
      // A login since the send already released the needs-auth rows (docs/offline.md R19): this one goes with them.
      await relaxedDb.outbox.update(row.key, {
        state: sentAt === generation ? 'needs-auth' : 'pending',
        lastError: outcome.message,
      })
      return
    case 'rejected':
      await relaxedDb.outbox.update(row.key, { state: 'rejected', lastError: outcome.message })
      return
    case 'conflict':
      await relaxedDb.outbox.update(row.key, {
        state: 'conflict',
        lastError: outcome.message,
        serverRecord: outcome.serverRecord,
      })
      return
  }
}

/**
 * Writes the outcomes of a batch of sent rows in one transaction (each of another lane, so they
 * touch different rows), and returns every row it touched as stored after (undefined once gone),
 * for the plan. When the write fails the rows go back to pending: a confirmed one is then resent
 * under its key and answered from the server's record, so nothing is applied twice. `generation`
 * tells a login or a backoff reset since a row was sent.
 */
export async function writeOutcomes(
  batch: readonly Settled[],
  generation: () => number,
): Promise<Map<string, OutboxRow | undefined>> {
  try {
    return await relaxedDb.transaction('rw', relaxedDb.outbox, async () => {
      // Read as the transaction starts: writes of the outbox run in the order they were started.
      const now = generation()
      const [moved] = await Promise.all([
        confirmAll(batch.filter((s) => s.outcome.kind === 'done')),
        ...batch.map((s) => writeOne(s, now)),
      ])
      const keys = [...batch.map((s) => s.row.key), ...moved]
      const after = await relaxedDb.outbox.bulkGet(keys)
      return new Map(keys.map((k, n) => [k, after[n]]))
    })
  } catch (err) {
    logger.error('outbox-replay', err)
    await relaxedDb.outbox.bulkUpdate(
      batch.map((s) => ({ key: s.row.key, changes: { state: 'pending' } })),
    )
    const after = await relaxedDb.outbox.bulkGet(batch.map((s) => s.row.key))
    return new Map(batch.map((s, n) => [s.row.key, after[n]]))
  }
}
