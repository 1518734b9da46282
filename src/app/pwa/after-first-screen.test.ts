import { describe, expect, it } from 'vitest'
import {
  afterFirstScreen,
  IDLE_TIMEOUT_MS,
  QUIET_AFTER_LOAD_MS,
  type PageTimers,
} from './after-first-screen'

/** Timers run by hand: the steps the page takes, in order. */
function pageTimers(loaded: boolean, withIdle = true) {
  const steps: string[] = []
  const queue: (() => void)[] = []
  const timers: PageTimers = {
    isLoaded: () => loaded,
    onLoad: (fn) => queue.push(() => (steps.push('load'), fn())),
    setTimeout: (fn, ms) => queue.push(() => (steps.push(`timeout ${ms}`), fn())),
    requestIdle: withIdle
      ? (fn, opts) => queue.push(() => (steps.push(`idle within ${opts.timeout}`), fn()))
      : undefined,
  }
  const runAll = async () => {
    while (queue.length) queue.shift()!()
    await Promise.resolve()
  }
  return { timers, steps, runAll }
}

describe('afterFirstScreen', () => {
  it('waits for the load, a quiet moment and an idle period', async () => {
    const p = pageTimers(false)
    let done = false
    void afterFirstScreen(p.timers).then(() => (done = true))
    await Promise.resolve()
    expect(done).toBe(false)
    await p.runAll()
    expect(p.steps).toEqual([
      'load',
      `timeout ${QUIET_AFTER_LOAD_MS}`,
      `idle within ${IDLE_TIMEOUT_MS}`,
    ])
    expect(done).toBe(true)
  })

  it('does not wait for a load that already happened; without requestIdleCallback a timeout stands in', async () => {
    const p = pageTimers(true, false)
    let done = false
    void afterFirstScreen(p.timers).then(() => (done = true))
    await p.runAll()
    expect(p.steps).toEqual([`timeout ${QUIET_AFTER_LOAD_MS}`, 'timeout 0'])
    expect(done).toBe(true)
  })
})
