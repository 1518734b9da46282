// One replay pass over the signed-in user's outbox (docs/offline.md R5–R14, R19). Rows of one entity (type and
// client id: a "lane") go strictly in queue order; a row also waits for the rows creating the
// client ids it references; up to 3 requests are in flight at once, each of other lanes: a row
// alone, or up to SEND_BATCH rows in one batch call when the server has one (replay-io.ts). Only the
// tab holding the replay lock runs a pass (see sync-engine), so a row found 'sending' is a leftover
// and goes back to pending: the server's idempotency makes the resend safe.
//
// Cost (a thousand queued rows replay in seconds): the owner's rows are read once into an in-memory plan, scanned for the rows
// that may go when the rows found by the last scan are used up (not per pick), and the outbox is
// written a batch at a time: one transaction marks up to CLAIM_BATCH picked rows 'sending' (the
// next batch while this one is sent), one writes the answers gathered since the last write, the
// confirmed rows in one delete and their lanes in one read (replay-io.ts). So live queries on the outbox
// re-run per batch, not per row, and the pass stays linear in the queue length.
import { logger } from '@/api/logger'
import { SYNC_BATCH_MAX } from '@/domain/sync-batch'
import { relaxedDb, type OutboxRow } from './db'
import { ownRows } from './outbox-hooks'
import { owns, senderOf, type Owner } from './owner'
import {
  claim,
  release,
  sendAllClaimed,
  sendsInBatches,
  writeOutcomes,
  type Claimed,
  type Settled,
} from './replay-io'
import { eligible, laneOf } from './replay-plan'
import { notifySynced } from './sync-status'

export { eligible } from './replay-plan'

export const MAX_PARALLEL = 3
/** Rows marked 'sending' per transaction: enough to keep the requests going without a write between. */
export const CLAIM_BATCH = 16
/**
 * Rows per batch call (and per claim) when the server has one: as many as it takes. A batch costs
 * about one row's round trip, and fewer, larger outbox writes kept a 4,000-row replay linear.
 */
export const SEND_BATCH = SYNC_BATCH_MAX
/** Answers written per transaction at most; fewer when a worker has nothing else to do. */
export const WRITE_BATCH = 32
/** An answer waits at most this long to be written while requests are in flight (what the views show). */
export const WRITE_DELAY_MS = 100

export interface PassResult {
  /** Rows confirmed by the server. */
  confirmed: number
  /** Requests that got any answer from the server. */
  answered: number
  /** A send got no answer: the pass stopped, the device is taken as offline (docs/offline.md R16). */
  offline: boolean
  /** A 401 survived the client's one refresh: the queue waits for a login (docs/offline.md R19). */
  auth: boolean
}

let generation = 0
const waiting = new Set<() => void>()
/**
 * Rows were changed outside a pass (backoff reset, login): a running pass reloads its plan before
 * the next pick. Called before such a change too, so a pass's write started after it knows.
 */
export function invalidatePlans(): void {
  generation++
  for (const wakeUp of waiting) wakeUp()
}

type Next = Claimed[] | { wait: Promise<void> } | null

/**
 * Runs until nothing is eligible, the device looks offline, auth is needed or the user changed.
 * When the plan runs dry the rows are read once more, so rows queued, retried or discarded during
 * the pass are seen.
 */
export async function replayPass(owner: Owner): Promise<PassResult> {
  await relaxedDb.outbox.where('state').equals('sending').modify({ state: 'pending' })
  const result: PassResult = { confirmed: 0, answered: 0, offline: false, auth: false }
  // Lanes with a row claimed, on the wire or waiting for its answer to be written.
  const busy = new Set<string>()
  const handled = new Set<string>()
  // Rows in queue order by key; Map keeps insertion (seq) order when an entry is replaced.
  let plan = new Map<string, OutboxRow>()
  let loadedAt = -1
  // Rows the last scan found eligible and not yet claimed; still eligible (nothing the pass does
  // makes a row wait), dropped when the plan is reloaded.
  let candidates: OutboxRow[] = []
  const claimed: Claimed[] = []
  let answers: Settled[] = []
  let idle = 0
  let loading: Promise<void> | null = null
  let claiming: Promise<void> | null = null
  let writing: Promise<void> | null = null
  let writeTimer: ReturnType<typeof setTimeout> | undefined
  // False once the plan changed after the last load: it may then miss rows changed meanwhile.
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
  const startLoad = () => {
    loadedAt = generation
    candidates = []
    loading = ownRows(owner)
      .then((rows) => void (plan = new Map(rows.map((r) => [r.key, r]))))
      .finally(() => (loading = null))
  }
  // Only rows the plan holds are replaced in place: a row it does not hold (queued or edited after
  // the load) could land out of queue order; the reload when the plan runs dry finds it.
  const place = (key: string, row: OutboxRow | undefined) => {
    if (!plan.has(key)) return
    if (row) plan.set(key, row)
    else plan.delete(key)
  }

  function startClaim(picks: OutboxRow[]): void {
    for (const r of picks) {
      busy.add(laneOf(r))
      handled.add(r.key)
    }
    claiming = claim(picks)
      .then(({ claimed: marked, others }) => {
        for (const c of marked) plan.set(c.row.key, c.row)
        claimed.push(...marked)
        for (const picked of picks) {
          if (!others.has(picked.key)) continue
          const row = others.get(picked.key)
          const key = picked.key
          busy.delete(laneOf(picked))
          place(key, row)
          // Discarded or edited (a new key in its place): read the rows again before the next pick,
          // so the row behind it in its lane does not go first.
          if (!row) loadedAt = -1
        }
      })
      .catch((err: unknown) => {
        for (const r of picks) busy.delete(laneOf(r))
        throw err
      })
      .finally(() => {
        claiming = null
        bump()
      })
    // A claim made ahead may fail with no worker waiting for it: its rows stay pending for the next pass.
    claiming.catch((err: unknown) => logger.error('outbox-replay', err))
  }

  /** Writes the answers gathered so far, one write at a time; resolves when none is left. */
  async function write(): Promise<void> {
    clearTimeout(writeTimer)
    writeTimer = undefined
    while (writing) await writing
    if (!answers.length) return
    const batch = answers
    answers = []
    writing = (async () => {
      try {
        const after = await writeOutcomes(batch, () => generation)
        for (const [key, row] of after) place(key, row)
        for (const { row, outcome } of batch) {
          if (outcome.kind !== 'done' || after.get(row.key)) continue
          result.confirmed++
          notifySynced(row, outcome.record)
        }
      } finally {
        // Written or not, the lanes are free: their rows were handled in this pass.
        for (const { row } of batch) busy.delete(laneOf(row))
      }
    })().finally(() => {
      writing = null
      bump()
    })
    await writing
  }
  const writeSoon = () => {
    if (answers.length >= WRITE_BATCH || idle > 0)
      void write().catch((err: unknown) => logger.error('outbox-replay', err))
    else
      writeTimer ??= setTimeout(
        () => void write().catch((err: unknown) => logger.error('outbox-replay', err)),
        WRITE_DELAY_MS,
      )
  }

  async function next(): Promise<Next> {
    for (;;) {
      if (loading) {
        await loading
        continue
      }
      if (loadedAt !== generation) {
        // Back online mid-pass: rows waiting for their backoff are due now, in queue order.
        startLoad()
        continue
      }
      const batched = sendsInBatches()
      const claimSize = batched ? SEND_BATCH : CLAIM_BATCH
      const ready = claimed.splice(0, batched ? SEND_BATCH : 1)
      if (ready.length) {
        // The next batch is marked while this one is sent, so the requests do not wait for it.
        if (!claiming && claimed.length < claimSize / 2 && candidates.length)
          startClaim(candidates.splice(0, claimSize))
        return ready
      }
      if (claiming) {
        await claiming
        continue
      }
      if (!candidates.length) candidates = eligible([...plan.values()], Date.now(), busy, handled)
      if (candidates.length) {
        startClaim(candidates.splice(0, sendsInBatches() ? SEND_BATCH : CLAIM_BATCH))
        continue
      }
      if (busy.size) return { wait: changed }
      if (fresh) return null
      fresh = true
      startLoad()
    }
  }

  async function worker(): Promise<void> {
    while (go()) {
      const item = await next()
      if (item === null) return
      if ('wait' in item) {
        // Nothing to send until an answer is written: write the ones gathered now.
        idle++
        if (answers.length) void write().catch((err: unknown) => logger.error('outbox-replay', err))
        await item.wait
        idle--
        continue
      }
      const sentAt = generation
      const outcomes = await sendAllClaimed(item)
      outcomes.forEach((outcome, n) => {
        if (outcome.kind === 'retry' && outcome.offline) result.offline = true
        else result.answered++
        if (outcome.kind === 'auth') result.auth = true
        answers.push({ row: item[n]!.row, outcome, sentAt })
      })
      // Rows not sent (the device went offline or the session ended on the way) go back unsent.
      claimed.unshift(...item.slice(outcomes.length))
      writeSoon()
    }
  }

  startLoad()
  waiting.add(bump)
  try {
    const ended = await Promise.allSettled(Array.from({ length: MAX_PARALLEL }, worker))
    while (claiming || writing || answers.length) {
      await claiming
      await write()
    }
    await release(claimed.splice(0))
    const failed = ended.find((e) => e.status === 'rejected')
    if (failed) throw failed.reason
  } finally {
    clearTimeout(writeTimer)
    waiting.delete(bump)
  }
  return result
}
