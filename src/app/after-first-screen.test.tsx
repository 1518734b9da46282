import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AfterFirstScreen, afterFirstScreen, FIRST_SCREEN_MAX_WAIT_MS } from './after-first-screen'

function fakeRouter(status = 'pending') {
  const listeners = new Set<() => void>()
  return {
    state: { status, resolvedLocation: status === 'idle' ? {} : undefined },
    subscribe: (_event: 'onResolved', fn: () => void) => {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    resolve: () => listeners.forEach((fn) => fn()),
    listeners,
  }
}

describe('after the first screen', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    }),
  )
  afterEach(() => vi.useRealTimers())

  it('runs once the router resolved its first location and a frame was painted, and only once', () => {
    const r = fakeRouter()
    const fn = vi.fn()
    afterFirstScreen(fn, r)
    vi.advanceTimersByTime(100)
    expect(fn).not.toHaveBeenCalled()
    r.resolve()
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(r.listeners.size).toBe(0)
    r.resolve()
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('runs after a paint when the router has already resolved, and at the latest after the maximum wait', () => {
    const resolved = vi.fn()
    afterFirstScreen(resolved, fakeRouter('idle'))
    vi.advanceTimersByTime(50)
    expect(resolved).toHaveBeenCalledTimes(1)
    const stuck = vi.fn()
    afterFirstScreen(stuck, fakeRouter())
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS - 1)
    expect(stuck).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(stuck).toHaveBeenCalledTimes(1)
  })

  it('a cancelled wait never runs', () => {
    const r = fakeRouter()
    const fn = vi.fn()
    const cancel = afterFirstScreen(fn, r)
    cancel()
    r.resolve()
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS)
    expect(fn).not.toHaveBeenCalled()
  })

  it('renders its children only then', async () => {
    const r = fakeRouter()
    render(<AfterFirstScreen router={r}>later</AfterFirstScreen>)
    expect(screen.queryByText('later')).toBeNull()
    await act(async () => {
      r.resolve()
      await vi.advanceTimersByTimeAsync(50)
    })
    expect(screen.getByText('later')).toBeTruthy()
  })
})
