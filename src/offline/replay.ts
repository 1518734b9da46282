// One replay pass over the signed-in user's outbox (R5–R14, R19). Rows of one entity (type and
// client id: a "lane") go strictly in queue order; a row also waits for the rows creating the
// client ids it references; up to 3 lanes run at once. Only the tab holding the replay lock runs
// a pass (see sync-engine), so a row found 'sending' is a leftover and goes back to pending: the
// server's idempotency makes the resend safe. For the same reason the pass's own marks (sending,
// confirmed, rejected...) go through the relaxed connection: a mark lost in a crash only means a
// resend under the same key, answered from the server's stored result; a strict flush per mark
// would cost most of the replay's time (bench/replay.ts).
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { BladeHttpError, requestEnvelope, type Envelope } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'
import { oldestAccepted, PAYLOAD_VERSION_HEADER, payloadSchema, payloadVersionMessage, refusedVersionReason, upgradePayload } from '@/domain/payload-version'
import { backoffDelay, classifyAnswer, classifyError, type Outcome } from './classify'
import { db, relaxedDb, type OutboxRow } from './db'
import { ownRows } from './outbox-hooks'
import { owns, senderOf, type Owner } from './owner'
import { notifySynced } from './sync-status'

export const MAX_PARALLEL = 3

export interface PassResult {
  /** Rows confirmed by the server. */
  confirmed: number
  /** Requests that got any answer from the server. */
  answered: number
  /** A send got no answer: the pass stopped, the device is taken as offline (R16). */
  offline: boolean
  /** A 401 survived the client's one refresh: the queue waits for a login (R19). */
  auth: boolean
}

const laneOf = (r: OutboxRow) => `${r.entity}\u0000${r.clientId}`
const creates = (r: OutboxRow) => r.op === 'submit' || r.op === 'save'

/**
 * Rows that may go now (rows in queue order): each lane's head if it is pending, due, not in flight,
 * and nothing it references by client id is still queued before it (R7): a create of that id
 * anywhere in the queue, or any earlier row of it (an undone line must reach the server before the
 * finish of its count).
 */
export function eligible(rows: readonly OutboxRow[], now: number, busy: ReadonlySet<string> = new Set(), handled: ReadonlySet<string> = new Set()): OutboxRow[] {
  const heads = new Map<string, OutboxRow>()
  const creating = new Set<string>()
  // The first (lowest) seq queued for each client id.
  const firstSeq = new Map<string, number>()
  for (const r of rows) {
    if (!heads.has(laneOf(r))) heads.set(laneOf(r), r)
    if (creates(r)) creating.add(r.clientId)
    if (!firstSeq.has(r.clientId)) firstSeq.set(r.clientId, r.seq)
  }
  const waitsFor = (r: OutboxRow, id: string) => id !== r.clientId && (creating.has(id) || (firstSeq.get(id) ?? Infinity) < r.seq)
  return [...heads.values()].filter(
    (r) => r.state === 'pending' && r.nextAttemptAt <= now && !busy.has(laneOf(r)) && !handled.has(r.key) && !r.dependsOn.some((id) => waitsFor(r, id)),
  )
}

function send(row: OutboxRow): Promise<Envelope<unknown>> {
  const url = `${config.apiPrefix}${row.api}/${row.op}`
  // The token is attached by the client at send time, never stored with the row (R19). The row's
  // payload schema version goes with it; the server upgrades the previous one (R4).
  const headers: Record<string, string> = { 'Idempotency-Key': row.key }
  if (Number.isInteger(row.payloadSchemaVersion)) headers[PAYLOAD_VERSION_HEADER] = String(row.payloadSchemaVersion)
  const base = { method: 'POST', headers, silent: true } as const
  if (row.op === 'remove') return requestEnvelope(url, { ...base, query: { ids: row.clientId } })
  const body = { ...row.payload, id: row.clientId, ...(row.baseVersion === null ? {} : { version: row.baseVersion }) }
  return requestEnvelope(url, { ...base, body })
}

/**
 * A row older than the server's previous version (written by a build two or more releases back) is
 * brought to the current version on the device, in Dexie, before it is sent; its key is kept, so a
 * resend of a write the server already applied is still answered from the idempotency record.
 * Returns the row as stored, or null when its payload cannot be upgraded.
 */
async function upgradeOnDevice(row: OutboxRow): Promise<OutboxRow | null> {
  const from = row.payloadSchemaVersion
  if (!Number.isInteger(from) || from >= oldestAccepted()) return row
  const current = payloadSchema().current
  let payload: OutboxRow['payload']
  try {
    payload = upgradePayload(row.entity, row.payload, from)
  } catch (err) {
    logger.error('outbox-upgrade', err)
    return null
  }
  await db.outbox.update(row.key, { payload, payloadSchemaVersion: current })
  return { ...row, payload, payloadSchemaVersion: current }
}

/** A refused payload version is shown in the user's language with the server's (shared) message. */
function localized(outcome: Outcome, err: unknown): Outcome {
  if (outcome.kind !== 'rejected' || !(err instanceof BladeHttpError)) return outcome
  const reason = refusedVersionReason((err.data as { data?: unknown } | null)?.data)
  return reason ? { ...outcome, message: i18n._(payloadVersionMessage(reason)) } : outcome
}

/** Confirmed: the row leaves; the next row of its lane was made on top of it, so it takes the new version. */
async function confirm(row: OutboxRow, version: unknown): Promise<void> {
  await relaxedDb.transaction('rw', relaxedDb.outbox, async () => {
    await relaxedDb.outbox.delete(row.key)
    if (typeof version !== 'number') return
    const next = (await relaxedDb.outbox.where('[entity+clientId]').equals([row.entity, row.clientId]).sortBy('seq')).find((r) => r.seq > row.seq && owns(row, r))
    if (next && next.op !== 'remove' && (next.baseVersion === null || next.baseVersion < version)) await relaxedDb.outbox.update(next.key, { baseVersion: version })
  })
}

async function settle(row: OutboxRow, outcome: Outcome, result: PassResult): Promise<void> {
  switch (outcome.kind) {
    case 'done':
      await confirm(row, outcome.record?.version)
      result.confirmed++
      notifySynced(row, outcome.record)
      return
    case 'retry':
      result.offline ||= outcome.offline
      await relaxedDb.outbox.update(row.key, { state: 'pending', backoffStep: row.backoffStep + 1, nextAttemptAt: Date.now() + backoffDelay(row.backoffStep), lastError: outcome.message })
      return
    case 'auth':
      result.auth = true
      await relaxedDb.outbox.update(row.key, { state: 'needs-auth', lastError: outcome.message })
      return
    case 'rejected':
      await relaxedDb.outbox.update(row.key, { state: 'rejected', lastError: outcome.message })
      return
    case 'conflict':
      await relaxedDb.outbox.update(row.key, { state: 'conflict', lastError: outcome.message, serverRecord: outcome.serverRecord })
  }
}

/** Sends the row as stored now (confirm may have moved its base version); returns it as stored after, or null once gone. */
async function sendOne(planned: OutboxRow, result: PassResult): Promise<OutboxRow | null> {
  const stored = await relaxedDb.outbox.get(planned.key)
  // Discarded, edited (a new key) or settled meanwhile: nothing to send.
  if (!stored || stored.state !== 'pending') return stored ?? null
  // 0 changed: discarded between the read and this write.
  if (!(await relaxedDb.outbox.update(stored.key, { state: 'sending', attempts: stored.attempts + 1 }))) return null
  const upgraded = await upgradeOnDevice(stored)
  const row = upgraded ?? stored
  let outcome: Outcome
  if (!upgraded) outcome = { kind: 'rejected', message: t`这条离线修改无法转换为当前版本的格式，请编辑或放弃` }
  else {
    try {
      outcome = classifyAnswer(await send(row))
    } catch (err) {
      outcome = localized(classifyError(row.op, err), err)
    }
  }
  if (!(outcome.kind === 'retry' && outcome.offline)) result.answered++
  try {
    await settle(row, outcome, result)
  } catch (err) {
    logger.error('outbox-replay', err)
    await relaxedDb.outbox.update(row.key, { state: 'pending' })
  }
  return (await relaxedDb.outbox.get(row.key)) ?? null
}

let generation = 0
const waiting = new Set<() => void>()
/** Rows were changed outside a pass (backoff reset, login): a running pass reloads its plan before the next pick. */
export function invalidatePlans(): void {
  generation++
  for (const wakeUp of waiting) wakeUp()
}

/**
 * Runs until nothing is eligible, the device looks offline, auth is needed or the user changed.
 * The owner's rows are read once into an in-memory plan; each sent row is then read and written
 * by its key only, so a pass costs O(n) reads, not a full re-read per row. When the plan runs dry
 * the rows are read once more, so rows queued, retried or discarded during the pass are seen.
 */
export async function replayPass(owner: Owner): Promise<PassResult> {
  await relaxedDb.outbox.where('state').equals('sending').modify({ state: 'pending' })
  const result: PassResult = { confirmed: 0, answered: 0, offline: false, auth: false }
  const busy = new Set<string>()
  const handled = new Set<string>()
  // Rows in queue order by key; Map keeps insertion (seq) order when an entry is replaced.
  let plan = new Map<string, OutboxRow>()
  let loadedAt = -1
  const load = async () => {
    loadedAt = generation
    plan = new Map((await ownRows(owner)).map((r) => [r.key, r]))
  }
  let loading: Promise<void> | null = null
  // False once a row settled after the last load: the plan may then miss rows changed meanwhile.
  let fresh = true
  let wake = () => {}
  let changed = new Promise<void>((r) => (wake = r))
  const bump = () => {
    fresh = false
    const w = wake
    changed = new Promise<void>((r) => (wake = r))
    w()
  }
  const go = () => !result.offline && !result.auth && owns(senderOf(), owner)

  async function next(): Promise<OutboxRow | { wait: Promise<void> } | null> {
    for (;;) {
      if (loading) {
        await loading
        continue
      }
      if (loadedAt !== generation) {
        // Back online mid-pass: rows waiting for their backoff are due now, in queue order.
        loading = load().finally(() => (loading = null))
        continue
      }
      const [row] = eligible([...plan.values()], Date.now(), busy, handled)
      if (row) {
        busy.add(laneOf(row))
        handled.add(row.key)
        return row
      }
      if (busy.size) return { wait: changed }
      if (fresh) return null
      fresh = true
      loading = load().finally(() => (loading = null))
    }
  }

  async function worker(): Promise<void> {
    while (go()) {
      const row = await next()
      if (row === null) return
      if ('wait' in row) {
        await row.wait
        continue
      }
      try {
        const after = await sendOne(row, result)
        if (after) plan.set(row.key, after)
        else plan.delete(row.key)
      } finally {
        busy.delete(laneOf(row))
        bump()
      }
    }
  }

  await load()
  waiting.add(bump)
  try {
    await Promise.all(Array.from({ length: MAX_PARALLEL }, worker))
  } finally {
    waiting.delete(bump)
  }
  return result
}
