import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getStore } from '@/api/storage'
import { installErrorCapture } from './capture'
import { badgeLabel, errorLogStore, formatTime } from './error-log-store'

let uninstall: () => void = () => {}

beforeEach(() => {
  localStorage.clear()
  errorLogStore.reload()
})
afterEach(() => uninstall())

describe('error-log badge', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeLabel(0)).toBe('0')
    expect(badgeLabel(7)).toBe('7')
    expect(badgeLabel(99)).toBe('99')
    expect(badgeLabel(100)).toBe('99+')
    expect(badgeLabel(5000)).toBe('99+')
  })
})

describe('error-log store', () => {
  it('records entries {type, message, stack, info, url, time}, newest first, persisted', () => {
    errorLogStore.record(new Error('first'), 'info 1')
    errorLogStore.add({
      type: 'warn',
      message: 'second',
      url: 'http://x/y',
      time: '2024-01-02 03:04:05',
    })
    const logs = errorLogStore.getState()
    expect(logs).toHaveLength(2)
    expect(logs[0]).toEqual({
      type: 'warn',
      message: 'second',
      stack: '',
      info: '',
      url: 'http://x/y',
      time: '2024-01-02 03:04:05',
    })
    expect(logs[1]).toMatchObject({
      type: 'error',
      message: 'first',
      info: 'info 1',
      url: window.location.href,
    })
    expect(logs[1].stack).toContain('first')
    expect(logs[1].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(getStore({ name: 'errorLog' })).toEqual(logs)
    errorLogStore.reload()
    expect(errorLogStore.getState()).toEqual(logs)
  })

  it('clear empties the log and its storage', () => {
    errorLogStore.record('boom')
    errorLogStore.clear()
    expect(errorLogStore.getState()).toEqual([])
    expect(localStorage.getItem('saber-errorLog')).toBeNull()
  })

  it('captures window errors and unhandled rejections', () => {
    uninstall = installErrorCapture()
    window.dispatchEvent(
      new ErrorEvent('error', {
        error: new TypeError('x is undefined'),
        message: 'x is undefined',
        filename: 'app.js',
        lineno: 3,
        colno: 9,
      }),
    )
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent
    Object.assign(rejection, { reason: new Error('request failed') })
    window.dispatchEvent(rejection)
    const logs = errorLogStore.getState()
    expect(logs.map((l) => l.message)).toEqual(['request failed', 'x is undefined'])
    expect(logs[1]).toMatchObject({ type: 'error', info: 'app.js:3:9' })
    expect(logs[0]).toMatchObject({ type: 'error', info: 'unhandledrejection' })
  })

  it('ignores resource load errors and stops capturing once uninstalled', () => {
    // A stand-in target: an unhandled error event on window would fail the test run itself.
    const target = new EventTarget() as unknown as Window
    uninstall = installErrorCapture(target)
    target.dispatchEvent(new Event('error'))
    expect(errorLogStore.getState()).toHaveLength(0)
    uninstall()
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }))
    expect(errorLogStore.getState()).toHaveLength(0)
  })

  it('formats times as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatTime(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05')
  })
})
