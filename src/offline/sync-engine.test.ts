// Triggers, backoff timing, the replay lock and the live status (docs/offline.md R14–R18).
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { BACKOFF_CAP_MS } from './classify'
import { db } from './db'
import { enqueue, useOutboxCounts, useOutboxRows, usePendingFor } from './outbox'
import { runReplay, startSync, syncNow, useSyncStatus } from './sync-engine'
import { syncState } from './sync-status'
import { answers, fakeBlade, resetOfflineDb, signIn, target } from './test-utils'

const blade = fakeBlade()
setupMsw(...blade.handlers)
captureToasts()

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  blade.state.log.length = 0
  blade.state.faults.length = 0
  blade.state.effects = 0
  await resetOfflineDb()
  signIn()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const only = async () => (await db.outbox.toArray())[0]!

describe('backoff', () => {
  it('waits out each delay; the delays grow and stay within the 5 min cap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.spyOn(Math, 'random').mockReturnValue(0.999999)
    blade.state.faults.push(() => answers.unavailable())
    await enqueue({ ...target('stock'), op: 'submit' })
    const delays: number[] = []
    for (let attempt = 1; attempt <= 12; attempt++) {
      await runReplay()
      const row = await only()
      expect(row.attempts).toBe(attempt)
      delays.push(row.nextAttemptAt - Date.now())
      // Not due yet: another replay sends nothing.
      vi.setSystemTime(row.nextAttemptAt - 1)
      await runReplay()
      expect((await only()).attempts).toBe(attempt)
      vi.setSystemTime(row.nextAttemptAt)
    }
    expect(delays.slice(0, 5)).toEqual([999, 1999, 3999, 7999, 15999])
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!)
    expect(Math.max(...delays)).toBeLessThanOrEqual(BACKOFF_CAP_MS)
    expect(delays.at(-1)).toBe(Math.floor(0.999999 * BACKOFF_CAP_MS))
    expect(blade.state.log).toHaveLength(12)
  })

  it('"Sync now" resets the backoff and sends at once', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit' })
    await db.outbox.update(row.key, { nextAttemptAt: Date.now() + 3600_000, backoffStep: 9 })
    await runReplay()
    expect(blade.state.log).toEqual([])
    await syncNow()
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('triggers', () => {
  it('replays at start-up, on online and on return to the foreground', async () => {
    const first = await enqueue({ ...target('stock'), op: 'submit' })
    const stop = startSync()
    try {
      await vi.waitFor(async () => expect(await db.outbox.get(first.key)).toBeUndefined(), {
        timeout: 60_000,
      })
      for (const trigger of [
        () => window.dispatchEvent(new Event('online')),
        () => document.dispatchEvent(new Event('visibilitychange')),
      ]) {
        blade.state.faults.push(() => answers.unavailable())
        const row = await enqueue({ ...target('stock'), op: 'submit' })
        // Tried at least once (full jitter may make the first backoff short enough for a second try).
        await vi.waitFor(
          async () => expect((await db.outbox.get(row.key))?.attempts).toBeGreaterThanOrEqual(1),
          { timeout: 60_000 },
        )
        await vi.waitFor(() => expect(syncState.get().running).toBe(false), { timeout: 60_000 })
        await db.outbox.update(row.key, { nextAttemptAt: Date.now() + 3600_000, backoffStep: 9 })
        blade.state.faults.length = 0
        trigger()
        await vi.waitFor(async () => expect(await db.outbox.get(row.key)).toBeUndefined(), {
          timeout: 60_000,
        })
      }
    } finally {
      stop()
    }
  })

  it('only the tab holding the outbox-replay lock sends; the other waits for the lock instead of polling it', async () => {
    const requested: string[] = []
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    let otherTabHolds = true
    type Work = (lock: unknown) => Promise<unknown>
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (name: string, a: { ifAvailable?: boolean } | Work, b?: Work) => {
          const [opts, work] = typeof a === 'function' ? [{}, a] : [a, b!]
          requested.push(opts.ifAvailable ? 'try' : 'wait')
          if (opts.ifAvailable) return work(otherTabHolds ? null : { name })
          return held.then(() => {
            otherTabHolds = false
            return work({ name })
          })
        },
      },
    })
    await enqueue({ ...target('stock'), op: 'submit' })
    const stop = startSync()
    try {
      await vi.waitFor(() => expect(requested).toEqual(['try', 'wait']), { timeout: 60_000 })
      // Further kicks while the other tab replays try once each and queue no second wait.
      await runReplay()
      await new Promise((r) => setTimeout(r, 30))
      expect(requested).toEqual(['try', 'wait', 'try'])
      expect(blade.state.log).toEqual([])
      release()
      await vi.waitFor(() => expect(blade.state.log).toHaveLength(1), { timeout: 60_000 })
      expect(await db.outbox.count()).toBe(0)
    } finally {
      stop()
      Reflect.deleteProperty(navigator, 'locks')
    }
  })
})

describe('live hooks', () => {
  it('follow the outbox: rows, counts, pending per entity and the sync status', async () => {
    const { result } = renderHook(() => ({
      rows: useOutboxRows(),
      counts: useOutboxCounts(),
      kol: usePendingFor('kol'),
      status: useSyncStatus(),
    }))
    blade.state.faults.push((c) => (c.entity === 'kol' ? answers.business() : undefined))
    await act(() => enqueue({ ...target('kol'), op: 'submit', payload: { name: '' } }))
    await act(() => enqueue({ ...target('stock'), op: 'submit' }))
    await vi.waitFor(() => expect(result.current.counts).toMatchObject({ pending: 2, total: 2 }), {
      timeout: 60_000,
    })
    expect(result.current.kol.map((r) => r.entity)).toEqual(['kol'])
    // The status reads the outbox through a subscription of its own, which may follow a render later.
    await vi.waitFor(
      () => expect(result.current.status).toMatchObject({ pending: 2, attention: 0 }),
      { timeout: 60_000 },
    )
    const before = Date.now()
    await act(() => syncNow())
    await vi.waitFor(
      () => expect(result.current.counts).toMatchObject({ pending: 0, rejected: 1, total: 1 }),
      { timeout: 60_000 },
    )
    // Row lists are throttled (ROWS_THROTTLE_MS): they follow a burst of changes a moment later.
    await vi.waitFor(
      () =>
        expect(result.current.rows.map((r) => [r.entity, r.state])).toEqual([['kol', 'rejected']]),
      { timeout: 60_000 },
    )
    await vi.waitFor(
      () =>
        expect(result.current.status).toMatchObject({
          pending: 0,
          attention: 1,
          online: true,
          running: false,
        }),
      { timeout: 60_000 },
    )
    expect(result.current.status.lastSyncAt).toBeGreaterThanOrEqual(before)
  })
})
