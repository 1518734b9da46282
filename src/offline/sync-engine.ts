// When the outbox is replayed (docs/offline.md R15–R19): at start-up, on `online`, on return to the foreground,
// every 30 s while rows wait, when a row's backoff is due and on "Sync now". One tab replays at a
// time through navigator.locks (docs/offline.md R18); without the Locks API (old browsers, jsdom) the tab runs.
import { logger } from '@/api/logger'
import { onLogin } from '@/api/session'
import { db } from './db'
import { ownRows } from './outbox-hooks'
import { senderOf, type Owner } from './owner'
import type * as Replay from './replay'
import { eligible } from './replay-plan'
import { syncState } from './sync-status'

export { onSynced, useSyncStatus, type SyncStatus } from './sync-status'

const POLL_MS = 30_000

// The replay's code (the pass, its outbox writes and requests) loads with the first pass that has
// rows to send, not with the first screen: most starts find the outbox empty.
type ReplayModule = typeof Replay
let replay: ReplayModule | null = null
const loadReplay = (): Promise<ReplayModule> => import('./replay').then((m) => (replay = m))

/** Tells a running pass that rows changed outside it; without the replay's code loaded, no pass runs. */
const invalidatePlans = (): void => replay?.invalidatePlans()

/** Rows a pass could send, or leftovers of one it must reset (any user's: the pass resets them all). */
const hasRowsToSend = async (): Promise<boolean> =>
  (await db.outbox.where('state').anyOf('pending', 'sending').count()) > 0

let started = false
let running: Promise<void> | null = null
let again = false
let wakeTimer: ReturnType<typeof setTimeout> | undefined

/** Runs `work` holding the replay lock; false when another tab holds it (that tab replays). */
async function withReplayLock(work: () => Promise<void>): Promise<boolean> {
  const locks =
    typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks
  if (!locks?.request) {
    await work()
    return true
  }
  return locks.request('outbox-replay', { ifAvailable: true }, async (lock) => {
    if (!lock) return false
    await work()
    return true
  })
}

/** Another tab held the lock: wait for it to be released (no polling), then try again. */
let lockBusy = false
let queuedForLock = false
async function replayWhenLockFree(): Promise<void> {
  const locks = (navigator as Partial<Navigator>).locks
  if (queuedForLock || !locks?.request) return
  queuedForLock = true
  try {
    await locks.request('outbox-replay', async () => {})
  } finally {
    queuedForLock = false
  }
  if (started) void runReplay()
}

async function pass(): Promise<void> {
  const owner = senderOf()
  lockBusy = false
  if (!owner) return
  if (!replay && !(await hasRowsToSend())) return
  const { replayPass } = replay ?? (await loadReplay())
  lockBusy = !(await withReplayLock(async () => {
    const r = await replayPass(owner)
    const patch: Parameters<typeof syncState.set>[0] = { needsAuth: r.auth }
    if (r.confirmed) patch.lastSyncAt = Date.now()
    if (r.offline) patch.online = false
    else if (r.answered) patch.online = true
    syncState.set(patch)
  }))
}

/**
 * The next due backoff wakes the replay (the 30 s poll is the floor). Only rows that may go once
 * due count: a row queued behind another of its record or behind a row it references is due at 0,
 * and woke a replay at once after every replay (a hot loop until the row ahead was due, and for
 * good behind a rejected row).
 */
async function scheduleWake(): Promise<void> {
  clearTimeout(wakeTimer)
  const owner = senderOf()
  if (!started || !owner) return
  const due = eligible(await ownRows(owner), Infinity).map((r) => r.nextAttemptAt)
  if (!due.length) return
  wakeTimer = setTimeout(() => void runReplay(), Math.max(0, Math.min(...due) - Date.now()))
}

/** One replay, or a note to run again when one is under way. */
export function runReplay(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  syncState.set({ running: true })
  running = (async () => {
    try {
      do {
        again = false
        await pass()
      } while (again)
    } catch (err) {
      logger.error('outbox-replay', err)
    } finally {
      running = null
      syncState.set({ running: false })
      if (lockBusy)
        void replayWhenLockFree().catch((err: unknown) => logger.error('outbox-replay', err))
      else await scheduleWake().catch((err: unknown) => logger.error('outbox-replay', err))
    }
  })()
  return running
}

/** The backoff restarts on online, foreground and "Sync now" (docs/offline.md R14). */
async function resetBackoff(owner: Owner | null = senderOf()): Promise<void> {
  if (!owner) return
  await db.outbox
    .where('[userId+tenantId+state]')
    .equals([owner.userId, owner.tenantId, 'pending'])
    .modify({ nextAttemptAt: 0, backoffStep: 0 })
  invalidatePlans()
}

/** A login (the same user again) releases the rows that waited for it (docs/offline.md R19). */
async function resumeAuth(): Promise<void> {
  const owner = senderOf()
  if (!owner) return
  // Before the change as well: an answer of the pass under way written after this sees the login.
  invalidatePlans()
  await db.outbox
    .where('[userId+tenantId+state]')
    .equals([owner.userId, owner.tenantId, 'needs-auth'])
    .modify({ state: 'pending', nextAttemptAt: 0, backoffStep: 0 })
  invalidatePlans()
  syncState.set({ needsAuth: false })
}

/** "Sync now": resets the backoff and replays; resolves when the replay is done. */
export async function syncNow(): Promise<void> {
  await resetBackoff()
  await runReplay()
}

/** A row was queued or changed: replay soon, if the engine runs. */
export function kick(): void {
  if (started) void runReplay()
}

const fresh = () => void resetBackoff().then(runReplay)

/** Installs the triggers and replays once; returns the stop function. */
export function startSync(): () => void {
  if (started) return () => {}
  started = true
  const onOnline = () => {
    syncState.set({ online: true })
    fresh()
  }
  const onOffline = () => syncState.set({ online: false })
  const onVisible = () => {
    if (document.visibilityState === 'visible') fresh()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  document.addEventListener('visibilitychange', onVisible)
  const poll = setInterval(() => void runReplay(), POLL_MS)
  const offLogin = onLogin(() => void resumeAuth().then(runReplay))
  void runReplay()
  return () => {
    started = false
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    document.removeEventListener('visibilitychange', onVisible)
    clearInterval(poll)
    clearTimeout(wakeTimer)
    offLogin()
  }
}
