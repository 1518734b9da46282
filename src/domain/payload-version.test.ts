// The payload schema versions (docs/offline.md R4): which header values are accepted, and the upgrade
// chain run with injected upgraders (the shipped build has none yet).
import { afterEach, describe, expect, it } from 'vitest'
import { sourceText } from './messages.ts'
import {
  judgePayloadVersion,
  oldestAccepted,
  payloadSchema,
  payloadVersionMessage,
  refusedVersionData,
  refusedVersionReason,
  setPayloadSchema,
  SHIPPED_PAYLOAD_SCHEMA,
  upgradePayload,
  type PayloadSchema,
} from './payload-version.ts'

// Build 3: v2 renamed kol.name to kolName; v3 turned stock qty into a number and added a unit.
const build3: PayloadSchema = {
  current: 3,
  steps: {
    2: { kol: ({ name, ...rest }) => ({ ...rest, kolName: name }) },
    3: { stock: (p) => ({ ...p, qty: Number(p.qty), unit: p.unit ?? 'pcs' }) },
  },
}

afterEach(() => setPayloadSchema(null))

describe('judgePayloadVersion', () => {
  it('the shipped build writes version 1 and accepts only it', () => {
    expect(SHIPPED_PAYLOAD_SCHEMA.current).toBe(1)
    expect(payloadSchema()).toBe(SHIPPED_PAYLOAD_SCHEMA)
    expect(oldestAccepted()).toBe(1)
    expect(judgePayloadVersion('1')).toEqual({ ok: true, version: 1 })
    expect(judgePayloadVersion('2')).toEqual({ ok: false, reason: 'tooNew' })
  })

  it('absent means current; the current and the previous are accepted', () => {
    expect(judgePayloadVersion(undefined, build3)).toEqual({ ok: true, version: 3 })
    expect(judgePayloadVersion('', build3)).toEqual({ ok: true, version: 3 })
    expect(judgePayloadVersion('3', build3)).toEqual({ ok: true, version: 3 })
    expect(judgePayloadVersion(' 2 ', build3)).toEqual({ ok: true, version: 2 })
  })

  it('older, newer and non-integers are refused, each with its reason', () => {
    expect(judgePayloadVersion('1', build3)).toEqual({ ok: false, reason: 'tooOld' })
    expect(judgePayloadVersion('4', build3)).toEqual({ ok: false, reason: 'tooNew' })
    for (const bad of ['0', '-1', '2.5', 'abc', '1e3', '99999999999'])
      expect(judgePayloadVersion(bad, build3)).toEqual({ ok: false, reason: 'invalid' })
  })
})

describe('upgradePayload', () => {
  it('runs every step from the given version to the current one, per entity', () => {
    expect(upgradePayload('kol', { name: 'A', note: 'x' }, 1, 3, build3)).toEqual({
      kolName: 'A',
      note: 'x',
    })
    expect(upgradePayload('stock', { qty: '4' }, 1, 3, build3)).toEqual({ qty: 4, unit: 'pcs' })
    expect(upgradePayload('stock', { qty: '4' }, 2, 3, build3)).toEqual({ qty: 4, unit: 'pcs' })
    // Up to an intermediate version only runs the steps up to it.
    expect(upgradePayload('stock', { qty: '4' }, 1, 2, build3)).toEqual({ qty: '4' })
  })

  it('an entity without a step is unchanged, and the input is never mutated', () => {
    const payload = { name: 'A' }
    expect(upgradePayload('notice', payload, 1, 3, build3)).toEqual({ name: 'A' })
    const out = upgradePayload('kol', payload, 1, 3, build3)
    expect(out).not.toBe(payload)
    expect(payload).toEqual({ name: 'A' })
  })

  it('uses the active schema by default (what tests inject)', () => {
    setPayloadSchema(build3)
    expect(upgradePayload('kol', { name: 'B' }, 2)).toEqual({ name: 'B' })
    expect(upgradePayload('kol', { name: 'B' }, 1)).toEqual({ kolName: 'B' })
  })

  it('an impossible range throws', () => {
    expect(() => upgradePayload('kol', {}, 0, 3, build3)).toThrow(RangeError)
    expect(() => upgradePayload('kol', {}, 3, 2, build3)).toThrow(RangeError)
    expect(() => upgradePayload('kol', {}, 1, 4, build3)).toThrow(RangeError)
    expect(() => upgradePayload('kol', {}, 1.5, 3, build3)).toThrow(RangeError)
  })
})

describe('refused versions', () => {
  it('the shared messages, and the answer data the app recognises', () => {
    expect(sourceText(payloadVersionMessage('tooOld'))).toBe('客户端版本过旧，请刷新页面后重试')
    expect(sourceText(payloadVersionMessage('tooNew'))).toBe('客户端版本比服务器新，请稍后重试')
    expect(refusedVersionData('tooOld', build3)).toEqual({
      payloadVersion: { reason: 'tooOld', current: 3, oldest: 2 },
    })
    expect(refusedVersionReason(refusedVersionData('tooNew', build3))).toBe('tooNew')
    expect(refusedVersionReason(refusedVersionData('invalid', build3))).toBeNull()
    expect(refusedVersionReason({})).toBeNull()
    expect(refusedVersionReason(null)).toBeNull()
  })
})
