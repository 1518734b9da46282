// The two connections to the offline database (strict for what the user saved, relaxed for the
// replay's marks): a write through either is seen by live queries, and the reopen of docs/offline.md R21 covers both.
import { liveQuery } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { db, relaxedDb, withDb } from './db'
import { resetOfflineDb } from './test-utils'

afterEach(resetOfflineDb)

const row = (key: string, seq: number) => ({
  key,
  seq,
  entity: 'e',
  api: '/e',
  clientId: key,
  op: 'submit' as const,
  payload: {},
  payloadSchemaVersion: 1,
  baseVersion: null,
  dependsOn: [],
  createdAt: 0,
  attempts: 0,
  backoffStep: 0,
  nextAttemptAt: 0,
  lastError: null,
  state: 'pending' as const,
  userId: '1',
  tenantId: '000000',
})

describe('offline database connections', () => {
  it('a live query on the strict connection sees a write through the relaxed one', async () => {
    await resetOfflineDb()
    const seen: number[] = []
    const sub = liveQuery(() => db.outbox.count()).subscribe((n) => seen.push(n))
    await expect.poll(() => seen.at(-1)).toBe(0)
    await relaxedDb.outbox.add(row('a', 1))
    await expect.poll(() => seen.at(-1)).toBe(1)
    await relaxedDb.outbox.update('a', { state: 'sending' })
    expect((await db.outbox.get('a'))?.state).toBe('sending')
    sub.unsubscribe()
  })

  it('withDb reopens both connections after one was closed under it', async () => {
    await resetOfflineDb()
    await db.outbox.add(row('b', 2))
    relaxedDb.close({ disableAutoOpen: true })
    const state = await withDb(() => relaxedDb.outbox.get('b').then((r) => r?.state))
    expect(state).toBe('pending')
    expect(relaxedDb.isOpen()).toBe(true)
  })
})
