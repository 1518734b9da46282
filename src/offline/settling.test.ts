// A confirmed write stays on its lists, with the server's values and no pending mark, until their
// refetch lands (the card no longer flicks back to the previous revision in between), or at the latest
// after SETTLE_MAX_MS.
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxRow } from './db'
import { mergePending } from './merge-pending'
import {
  holdUntilRefetched,
  releaseAllSettling,
  SETTLE_MAX_MS,
  useSettling,
  withSettling,
} from './settling'

const row = (p: Partial<OutboxRow>): OutboxRow => ({
  key: 'k1',
  seq: 1,
  entity: 'cooperateInfo',
  api: '/x',
  clientId: '7',
  op: 'update',
  payload: { price: 200 },
  payloadSchemaVersion: 1,
  baseVersion: 1,
  dependsOn: [],
  createdAt: 0,
  attempts: 0,
  backoffStep: 0,
  nextAttemptAt: 0,
  lastError: null,
  state: 'sending',
  userId: '1',
  tenantId: '0',
  ...p,
})
/** The list as the server answered it before the write. */
const before = [{ id: '7', price: 100, version: 1 }]

afterEach(() => {
  releaseAllSettling()
  vi.useRealTimers()
})

describe('settling rows', () => {
  it('keeps a confirmed edit on the list with the server’s answer until the refetch lands, then lets the list speak', async () => {
    let refetched!: () => void
    const { result } = renderHook(() => useSettling('cooperateInfo'))
    const shown = () => mergePending(before, withSettling([], result.current))[0]
    expect(shown()).toEqual({ id: '7', price: 100, version: 1 })
    act(() =>
      holdUntilRefetched(
        row({}),
        { id: '7', price: 200, version: 2 },
        new Promise<void>((r) => (refetched = r)),
      ),
    )
    // The outbox row is gone; the stale list still shows the confirmed values, unmarked.
    expect(shown()).toEqual({ id: '7', price: 200, version: 2 })
    await act(async () => refetched())
    expect(result.current).toEqual([])
  })

  it('holds only its own entity, lets a row still in the outbox win, and releases a refetch that never ends', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => ({
      mine: useSettling('cooperateInfo'),
      other: useSettling('kolFile'),
    }))
    act(() => holdUntilRefetched(row({}), null, new Promise(() => {})))
    expect(result.current.mine.map((r) => r.key)).toEqual(['k1'])
    expect(result.current.other).toEqual([])
    expect(
      withSettling([row({ state: 'conflict' })], result.current.mine).map((r) => r.state),
    ).toEqual(['conflict'])
    act(() => vi.advanceTimersByTime(SETTLE_MAX_MS))
    expect(result.current.mine).toEqual([])
  })
})
