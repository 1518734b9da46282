import { describe, expect, it } from 'vitest'
import { createUpdateFlow, reloadBlock, scheduleUpdateChecks, type UpdateEnv } from './update-flow'

/** An env whose timers run only when the test says so, and which records what the flow did. */
function fakeEnv(init: { sending?: boolean; dirty?: boolean } = {}) {
  const timers = new Map<number, () => void>()
  let next = 1
  const log: string[] = []
  const world = { sending: init.sending ?? false, dirty: init.dirty ?? false, outboxBroken: false }
  const env: UpdateEnv = {
    hasSendingRows: async () => {
      if (world.outboxBroken) throw new Error('DatabaseClosedError')
      return world.sending
    },
    anyDirty: () => world.dirty,
    skipWaiting: () => log.push('skipWaiting'),
    reload: () => log.push('reload'),
    setTimeout: (fn) => {
      const id = next++
      timers.set(id, fn)
      return id
    },
    clearTimeout: (id) => void timers.delete(id as number),
  }
  /** Runs every pending timer once (a timer set while running waits for the next call). */
  const fireTimers = async () => {
    const due = [...timers.entries()]
    timers.clear()
    for (const [, fn] of due) fn()
    await new Promise((r) => setTimeout(r, 0))
  }
  return { env, log, world, timers, fireTimers }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('update prompt flow', () => {
  it('shows when a worker is waiting and reloads once the new worker controls the page', async () => {
    const { env, log, timers } = fakeEnv()
    const flow = createUpdateFlow(env)
    expect(flow.getState().available).toBe(false)
    flow.onWaiting()
    expect(flow.getState().available).toBe(true)

    expect(await flow.acceptUpdate()).toBeNull()
    expect(log).toEqual(['skipWaiting'])
    expect(flow.getState().activating).toBe(true)
    // The fallback timer is armed until `controlling` arrives.
    expect(timers.size).toBe(1)

    flow.onControlling()
    await flush()
    expect(log).toEqual(['skipWaiting', 'reload'])
    expect(timers.size).toBe(0)
  })

  it('reloads from the fallback timer when `controlling` never fires (#789), and only once', async () => {
    const { env, log, fireTimers } = fakeEnv()
    const flow = createUpdateFlow(env)
    flow.onWaiting()
    await flow.acceptUpdate()
    await fireTimers()
    expect(log).toEqual(['skipWaiting', 'reload'])
    // A late `controlling` does not reload a second time.
    flow.onControlling()
    await flush()
    expect(log).toEqual(['skipWaiting', 'reload'])
  })

  it('refuses to reload while outbox rows are sending', async () => {
    const { env, log, world } = fakeEnv({ sending: true })
    const flow = createUpdateFlow(env)
    flow.onWaiting()
    expect(await flow.acceptUpdate()).toBe('sending')
    expect(flow.getState()).toMatchObject({
      available: true,
      activating: false,
      blocked: 'sending',
    })
    expect(log).toEqual([])

    world.sending = false
    expect(await flow.acceptUpdate()).toBeNull()
    expect(log).toEqual(['skipWaiting'])
  })

  it('refuses to reload while a form is dirty', async () => {
    const { env, log } = fakeEnv({ dirty: true, sending: true })
    const flow = createUpdateFlow(env)
    flow.onWaiting()
    // Dirty is reported first: it is the one the user can act on.
    expect(await flow.acceptUpdate()).toBe('dirty')
    expect(log).toEqual([])
  })

  it('treats an unreadable outbox as unsafe', async () => {
    const { env, world } = fakeEnv()
    world.outboxBroken = true
    expect(await reloadBlock(env)).toBe('sending')
  })

  it('holds the reload if rows started sending after the user accepted, and reloads once they are done', async () => {
    const { env, log, world, fireTimers } = fakeEnv()
    const flow = createUpdateFlow(env)
    flow.onWaiting()
    await flow.acceptUpdate()
    // A replay starts between the click and the worker's takeover.
    world.sending = true
    flow.onControlling()
    await flush()
    expect(log).toEqual(['skipWaiting'])
    expect(flow.getState().blocked).toBe('sending')

    await fireTimers()
    expect(log).toEqual(['skipWaiting'])
    world.sending = false
    await fireTimers()
    expect(log).toEqual(['skipWaiting', 'reload'])
  })

  it('offers the reload when another tab activated the new worker, and reloads without skipWaiting', async () => {
    const { env, log } = fakeEnv()
    const flow = createUpdateFlow(env)
    flow.onControlling()
    expect(flow.getState().available).toBe(true)
    expect(log).toEqual([])
    expect(await flow.acceptUpdate()).toBeNull()
    expect(log).toEqual(['reload'])
  })

  it('notifies subscribers and hides on dismiss', () => {
    const { env } = fakeEnv()
    const flow = createUpdateFlow(env)
    let calls = 0
    const stop = flow.subscribe(() => calls++)
    flow.onWaiting()
    flow.dismiss()
    expect(flow.getState().available).toBe(false)
    expect(calls).toBe(2)
    stop()
    flow.onWaiting()
    expect(calls).toBe(2)
  })
})

describe('hourly update check', () => {
  it('checks at each interval only while online, and stops', () => {
    let tick: (() => void) | null = null
    let cleared = false
    let online = true
    let checks = 0
    const stop = scheduleUpdateChecks(
      () => void checks++,
      () => online,
      {
        setInterval: (fn, ms) => {
          expect(ms).toBe(60 * 60 * 1000)
          tick = fn
          return 7
        },
        clearInterval: (h) => {
          expect(h).toBe(7)
          cleared = true
        },
      },
    )
    tick!()
    expect(checks).toBe(1)
    online = false
    tick!()
    expect(checks).toBe(1)
    online = true
    tick!()
    expect(checks).toBe(2)
    stop()
    expect(cleared).toBe(true)
  })

  it('swallows a failed check so the next interval runs', async () => {
    let tick: (() => void) | null = null
    let checks = 0
    scheduleUpdateChecks(
      () => {
        checks++
        return Promise.reject(new Error('offline'))
      },
      () => true,
      { setInterval: (fn) => ((tick = fn), 1), clearInterval: () => undefined },
    )
    tick!()
    await flush()
    tick!()
    expect(checks).toBe(2)
  })
})
