// Lines of a count merged from the server and the outbox, totals, undo target, the URL id, and the
// count's state as the device sees it (what a finish waits for).
import { describe, expect, it } from 'vitest'
import type { OutboxRow } from '@/offline/db'
import { countIdOf } from './count-id'
import { lastOwnLine, mergeLines, totalsOf, type CountLine } from './count-lines'
import { finishDependencies, isFinished, versionOf } from './count-state'

let seq = 0
const row = (patch: Partial<OutboxRow>): OutboxRow => ({
  key: `k${++seq}`,
  seq,
  entity: 'stockDetail',
  api: '/stockDetail',
  clientId: `9${seq}`,
  op: 'submit',
  payload: {},
  payloadSchemaVersion: 1,
  baseVersion: null,
  dependsOn: [],
  createdAt: 0,
  attempts: 0,
  backoffStep: 0,
  nextAttemptAt: 0,
  lastError: null,
  state: 'pending',
  userId: '1',
  tenantId: '000000',
  ...patch,
})
const line = (
  id: string,
  skuNo: string,
  productQuantity: number,
  createTime: string,
  deviceId = 'dev-a',
): CountLine => ({ id, dmrStockId: 'C1', skuNo, productQuantity, createTime, deviceId })

describe('count lines', () => {
  const server = [
    line('101', 'A', 2, '2026-01-01 10:00:00'),
    line('102', 'B', 5, '2026-01-01 11:00:00', 'dev-b'),
  ]

  it('shows queued lines of this count first, newest first, then the server lines newest first; removes hide', () => {
    const rows = [
      row({
        clientId: '201',
        payload: { dmrStockId: 'C1', skuNo: 'A', productQuantity: 1, deviceId: 'dev-a' },
      }),
      row({ clientId: '202', payload: { dmrStockId: 'OTHER', skuNo: 'Z', productQuantity: 9 } }),
      row({
        clientId: '203',
        payload: { dmrStockId: 'C1', skuNo: 'C', productQuantity: 4, deviceId: 'dev-a' },
      }),
      row({ clientId: '102', op: 'remove' }),
    ]
    const merged = mergeLines('C1', server, rows)
    expect(merged.map((l) => [l.id, l.__pending ?? null])).toEqual([
      ['203', 'pending'],
      ['201', 'pending'],
      ['101', null],
    ])
    expect(totalsOf(merged)).toEqual({
      lines: 3,
      quantity: 7,
      perSku: [
        { skuNo: 'A', quantity: 3, lines: 2 },
        { skuNo: 'C', quantity: 4, lines: 1 },
      ],
    })
    expect(lastOwnLine(merged, 'dev-a')?.id).toBe('203')
    expect(lastOwnLine(mergeLines('C1', server, []), 'dev-b')?.id).toBe('102')
    expect(lastOwnLine(merged, 'dev-x')).toBeUndefined()
  })

  it('reads the count id from a bare or a quoted query value, and nothing else', () => {
    expect(countIdOf('?id=4611686018427387905')).toBe('4611686018427387905')
    expect(countIdOf('?id=%224611686018427387905%22')).toBe('4611686018427387905')
    expect(countIdOf('?id=abc')).toBeNull()
    expect(countIdOf('')).toBeNull()
  })

  it("reads a count's state and the version the device last saw", () => {
    expect([
      isFinished({ countStatus: 1 }),
      isFinished({ countStatus: '1' }),
      isFinished({ countStatus: 0 }),
      isFinished({}),
      isFinished(undefined),
    ]).toEqual([true, true, false, false, false])
    expect([
      versionOf({ version: 3 }),
      versionOf({ version: '3' }),
      versionOf({}),
      versionOf(undefined),
    ]).toEqual([3, null, null, null])
  })

  it("a finish waits for this device's queued writes of the count's lines: new lines and writes of lines it shows", () => {
    const rows = [
      row({ clientId: '301', payload: { dmrStockId: 'C1', skuNo: 'A', productQuantity: 1 } }),
      row({ clientId: '302', payload: { dmrStockId: 'OTHER', skuNo: 'Z', productQuantity: 1 } }),
      row({ clientId: '101', op: 'remove' }),
      row({ clientId: '301', op: 'remove' }),
      row({ clientId: '999', op: 'remove' }),
    ]
    expect(finishDependencies('C1', rows, ['101', '102', '301'])).toEqual(['301', '101'])
    expect(finishDependencies('C9', rows, [])).toEqual([])
  })
})
