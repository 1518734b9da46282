// docs/offline.md R24: pending rows merged into lists and details with a marker.
import { describe, expect, it } from 'vitest'
import type { OutboxRow } from './db'
import { mergePending, mergePendingDetail } from './merge-pending'

let seq = 0
const row = (p: Partial<OutboxRow>): OutboxRow => ({
  key: `k${++seq}`,
  seq,
  entity: 'kol',
  api: '/x',
  clientId: '1',
  op: 'update',
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
  tenantId: '0',
  ...p,
})

describe('mergePending', () => {
  const records = [
    { id: '1', name: 'a', note: '' },
    { id: '2', name: 'b', note: '' },
    { id: '3', name: 'c', note: '' },
  ]

  it('adds creates on top, overlays updates in order, hides removes, and marks each', () => {
    const merged = mergePending(records, [
      row({ clientId: '9', op: 'submit', payload: { name: 'new' } }),
      row({ clientId: '1', payload: { note: 'x' } }),
      row({ clientId: '1', payload: { note: 'y' }, state: 'conflict' }),
      row({ clientId: '2', op: 'remove' }),
      row({ clientId: '77', payload: { note: 'off this page' } }),
    ])
    expect(merged).toEqual([
      { id: '9', name: 'new', __pending: 'pending' },
      { id: '1', name: 'a', note: 'y', __pending: 'conflict' },
      { id: '3', name: 'c', note: '' },
    ])
    expect(records[0]).toEqual({ id: '1', name: 'a', note: '' })
  })

  it('shows a confirmed row held until its list refetches with its values but no mark, under a later pending one', () => {
    const settled = {
      ...row({ clientId: '1', payload: { note: 'server' } }),
      settling: true as const,
    }
    expect(mergePending(records, [settled])[0]).toEqual({ id: '1', name: 'a', note: 'server' })
    expect(
      mergePending(records, [settled, row({ clientId: '1', payload: { name: 'mine' } })])[0],
    ).toEqual({ id: '1', name: 'mine', note: 'server', __pending: 'pending' })
    // A create confirmed before the list has it stays on the list, unmarked.
    const created = {
      ...row({ clientId: '9', op: 'submit', payload: { name: 'new' } }),
      settling: true as const,
    }
    expect(mergePending(records, [created])[0]).toEqual({ id: '9', name: 'new' })
  })

  it('can keep removed records, marked', () => {
    expect(
      mergePending(records, [row({ clientId: '2', op: 'remove', state: 'rejected' })], {
        removed: 'mark',
      })[1],
    ).toEqual({ id: '2', name: 'b', note: '', __pending: 'rejected', __removed: true })
  })

  it('builds a detail that exists only on the device', () => {
    expect(
      mergePendingDetail(undefined, '9', [
        row({ clientId: '9', op: 'submit', payload: { name: 'n' } }),
        row({ clientId: '9', payload: { name: 'm' } }),
      ]),
    ).toEqual({ id: '9', name: 'm', __pending: 'pending' })
    expect(mergePendingDetail({ id: '3', name: 'c' }, '3', [])).toEqual({ id: '3', name: 'c' })
  })
})
