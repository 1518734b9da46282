// The classes of docs/offline.md R12 read from the Blade envelope, and the backoff bounds of docs/offline.md R14.
import { describe, expect, it } from 'vitest'
import { BladeHttpError } from '@/api/http'
import { BACKOFF_CAP_MS, backoffDelay, classifyAnswer, classifyError } from './classify'

const failed = (code: number, data: unknown = null, msg = 'm') =>
  new BladeHttpError(code, msg, { code, success: false, data, msg })

describe('classify', () => {
  it('maps each class of answer to its outcome', () => {
    expect(
      classifyAnswer({ code: 200, success: true, data: { id: '1', version: 2 }, msg: '' }),
    ).toEqual({ kind: 'done', record: { id: '1', version: 2 } })
    expect(classifyAnswer({ code: 200, success: false, data: null, msg: 'no' })).toEqual({
      kind: 'rejected',
      message: 'no',
    })
    expect(classifyError('submit', failed(0))).toMatchObject({ kind: 'retry', offline: true })
    for (const code of [500, 502, 503, 429, 408])
      expect(classifyError('submit', failed(code))).toMatchObject({ kind: 'retry', offline: false })
    expect(classifyError('submit', failed(401))).toMatchObject({ kind: 'auth' })
    for (const code of [400, 403, 422])
      expect(classifyError('submit', failed(code))).toMatchObject({
        kind: 'rejected',
        message: 'm',
      })
    expect(classifyError('update', failed(409, { id: '1', version: 3 }))).toEqual({
      kind: 'conflict',
      message: 'm',
      serverRecord: { id: '1', version: 3 },
    })
    // A concurrent duplicate (409 without a record) is still being applied: try again later.
    expect(classifyError('submit', failed(409))).toMatchObject({ kind: 'retry', offline: false })
    expect(classifyError('update', failed(404))).toEqual({
      kind: 'conflict',
      message: 'm',
      serverRecord: null,
    })
    expect(classifyError('remove', failed(404))).toEqual({ kind: 'done', record: null })
    expect(classifyError('submit', new TypeError('boom'))).toMatchObject({
      kind: 'retry',
      offline: false,
    })
  })
})

describe('backoff', () => {
  it('full jitter: the ceiling doubles from 1 s and stops at 5 min', () => {
    const top = (step: number) => backoffDelay(step, () => 0.999999)
    expect([0, 1, 2, 3].map(top)).toEqual([999, 1999, 3999, 7999])
    for (let step = 0; step < 60; step++) {
      expect(top(step)).toBeLessThanOrEqual(BACKOFF_CAP_MS)
      expect(backoffDelay(step, () => 0)).toBe(0)
    }
    expect(top(12)).toBe(Math.floor(0.999999 * BACKOFF_CAP_MS))
  })
})
