// docs/offline.md R23 / P5: the persisted read cache in Dexie, per tenant + user, with buster, maxAge and LRU cap.
import { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client'
import { beforeEach, describe, expect, it } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { db } from './db'
import { enqueue } from './outbox'
import {
  createQueryPersister,
  persistOptions,
  QUERY_CACHE_MAX_AGE,
  READ_MODEL_VERSION,
  type QueryPersister,
} from './query-persister'
import { resetOfflineDb, signIn, target } from './test-utils'

// The persister packages are typed against another copy of query-core; the client is the app's (same API at runtime).
const core = (qc: QueryClient) =>
  qc as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient']

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
})

const client = () =>
  new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE, retry: false } } })

async function save(qc: QueryClient, persister: QueryPersister, buster = READ_MODEL_VERSION) {
  await persistQueryClientSave({
    queryClient: core(qc),
    persister,
    buster,
    dehydrateOptions: persistOptions.dehydrateOptions,
  })
  await persister.flush()
}

async function restore(persister: QueryPersister, buster = READ_MODEL_VERSION) {
  const qc = client()
  await persistQueryClientRestore({
    queryClient: core(qc),
    persister,
    buster,
    maxAge: QUERY_CACHE_MAX_AGE,
  })
  return qc
}

describe('query persister', () => {
  it('restores successful queries with structured values; failed queries and mutations stay out', async () => {
    const persister = createQueryPersister()
    const qc = client()
    const when = new Date('2026-01-02T03:04:05Z')
    qc.setQueryData(['crud', 'kol', 'list', {}], { records: [{ id: '1', at: when }], total: 1 })
    await qc
      .fetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => {})
    await save(qc, persister)
    const back = await restore(persister)
    const list = back.getQueryData<{ records: { at: Date }[] }>(['crud', 'kol', 'list', {}])
    expect(list?.records[0]?.at).toBeInstanceOf(Date)
    expect(list?.records[0]?.at.getTime()).toBe(when.getTime())
    expect(back.getQueryState(['broken'])).toBeUndefined()
    expect(persistOptions.dehydrateOptions.shouldDehydrateMutation()).toBe(false)
    expect(persistOptions).toMatchObject({
      maxAge: QUERY_CACHE_MAX_AGE,
      buster: READ_MODEL_VERSION,
    })
    expect(QUERY_CACHE_MAX_AGE).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000)
  })

  it('keeps the last good data of a query whose refetch failed (an offline start refetches what it restored)', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['crud', 'param', 'list', {}], { records: [{ id: '1' }], total: 1 })
    await save(qc, persister)
    // The next start: restored, refetched, the fetch fails offline; later saves must not drop it.
    const next = await restore(persister)
    const failing = next.getQueryCache().find({ queryKey: ['crud', 'param', 'list', {}] })!
    await failing
      .fetch({
        queryKey: ['crud', 'param', 'list', {}],
        queryFn: () => Promise.reject(new Error('offline')),
        retry: false,
      })
      .catch(() => {})
    expect(next.getQueryState(['crud', 'param', 'list', {}])?.status).toBe('error')
    next.setQueryData(['other'], { v: 1 })
    await save(next, persister)
    const third = await restore(persister)
    expect(third.getQueryData(['crud', 'param', 'list', {}])).toEqual({
      records: [{ id: '1' }],
      total: 1,
    })
    expect(third.getQueryState(['crud', 'param', 'list', {}])).toMatchObject({
      status: 'success',
      error: null,
      fetchFailureCount: 0,
    })
  })

  it('a prefetch started at start-up is what the restore returns; another user or a later write reads again', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['me'], { name: 'one' })
    await save(qc, persister)
    persister.prefetch()
    expect((await restore(persister)).getQueryData(['me'])).toEqual({ name: 'one' })
    // A prefetch for one user never serves another.
    persister.prefetch()
    sessionStore.logout()
    signIn('2')
    expect((await restore(persister)).getQueryData(['me'])).toBeUndefined()
    sessionStore.logout()
    signIn('1')
    // A write after the prefetch makes the prefetched rows stale.
    persister.prefetch()
    qc.setQueryData(['me'], { name: 'two' })
    await save(qc, persister)
    expect((await restore(persister)).getQueryData(['me'])).toEqual({ name: 'two' })
  })

  it('is scoped to tenant + user: another user restores nothing', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['me'], { name: 'one' })
    await save(qc, persister)
    sessionStore.logout()
    signIn('2')
    expect((await restore(persister)).getQueryData(['me'])).toBeUndefined()
    sessionStore.logout()
    signIn('1')
    expect((await restore(persister)).getQueryData(['me'])).toEqual({ name: 'one' })
  })

  it('a new READ_MODEL_VERSION drops the read cache and never the outbox (R2)', async () => {
    const row = await enqueue({ ...target('stock'), op: 'submit' })
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['me'], { name: 'one' })
    await save(qc, persister)
    expect((await restore(persister, 'next-read-model')).getQueryData(['me'])).toBeUndefined()
    expect(await db.queryCache.count()).toBe(0)
    expect(await db.outbox.get(row.key)).toMatchObject({ state: 'pending' })
  })

  it('keeps the most recently updated queries under the size cap (LRU)', async () => {
    const persister = createQueryPersister({ capBytes: 3 * 1024 })
    const qc = client()
    const blob = (n: number) => ({ text: 'x'.repeat(400), n })
    for (const [i, at] of [
      [1, 1000],
      [2, 3000],
      [3, 2000],
    ] as const)
      qc.setQueryData(['q', i], blob(i), { updatedAt: at })
    await save(qc, persister)
    const back = await restore(persister)
    expect([1, 2, 3].map((i) => back.getQueryData(['q', i]) !== undefined)).toEqual([
      false,
      true,
      true,
    ])
    expect((await db.queryCache.toArray()).reduce((n, r) => n + r.size, 0)).toBeLessThanOrEqual(
      3 * 1024,
    )
  })

  it('takes restored queries at the size measured when they were written (no JSON pass on the first save)', async () => {
    const persister = createQueryPersister({ capBytes: 3 * 1024 })
    const qc = client()
    qc.setQueryData(['small'], { v: 1 }, { updatedAt: 1000 })
    qc.setQueryData(['other'], { v: 2 }, { updatedAt: 2000 })
    await save(qc, persister)
    // Had the row said it was big when written, the restore believes it: the next save leaves it out.
    await db.queryCache.toCollection().modify((r) => {
      if (r.hash === JSON.stringify(['small'])) r.size = 10 * 1024
    })
    const back = await restore(persister)
    expect(back.getQueryData(['small'])).toEqual({ v: 1 })
    back.setQueryData(['other'], { v: 3 }, { updatedAt: 3000 })
    await save(back, persister)
    expect(
      (await db.queryCache.toArray()).map((r) => r.hash).filter((h) => !h.startsWith('\u0000')),
    ).toEqual([JSON.stringify(['other'])])
  })

  it('writes only changed queries and drops removed ones', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['a'], { v: 1 })
    qc.setQueryData(['b'], { v: 1 })
    await save(qc, persister)
    qc.removeQueries({ queryKey: ['a'] })
    qc.setQueryData(['b'], { v: 2 })
    await save(qc, persister)
    const back = await restore(persister)
    expect([back.getQueryData(['a']), back.getQueryData(['b'])]).toEqual([undefined, { v: 2 }])
  })

  it('writes a stale mark: a summary marked stale by a write elsewhere refetches after a reload', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['crud', 'salaryMonth', 'list', {}], { records: [], total: 0 })
    await save(qc, persister)
    // A salary is saved: the summary is marked stale, its data unchanged (crud/refresh.ts).
    await qc.invalidateQueries({ queryKey: ['crud'], refetchType: 'none' })
    await save(qc, persister)
    const back = await restore(persister)
    expect(back.getQueryState(['crud', 'salaryMonth', 'list', {}])?.isInvalidated).toBe(true)
  })

  it('restores answers as stale, so a reload refetches what it shows, and does not write them back for that', async () => {
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['crud', 'salaryMonth', 'list', {}], { records: [], total: 0 })
    await save(qc, persister)
    const back = await restore(persister)
    expect(back.getQueryState(['crud', 'salaryMonth', 'list', {}])?.isInvalidated).toBe(true)
    expect(back.getQueryData(['crud', 'salaryMonth', 'list', {}])).toEqual({
      records: [],
      total: 0,
    })
    const stored = await db.queryCache.toArray()
    await save(back, persister)
    expect(await db.queryCache.toArray()).toEqual(
      stored.map((r) => (r.hash === '\u0000meta' ? expect.anything() : r)),
    )
  })

  it('persists nothing without a signed-in user', async () => {
    sessionStore.logout()
    const persister = createQueryPersister()
    const qc = client()
    qc.setQueryData(['a'], { v: 1 })
    await save(qc, persister)
    expect(await db.queryCache.count()).toBe(0)
  })
})
