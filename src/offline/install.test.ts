// The wiring: logout wipes the read cache (not the outbox), pagehide flushes the throttled save,
// a confirmed row refreshes the entity's queries.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { sessionStore } from '@/api/session'
import { setupMsw } from '@/test/msw'
import { db } from './db'
import { installOffline } from './install'
import { enqueue, usePendingFor } from './outbox'
import { syncNow } from './sync-engine'
import { mergePending } from './merge-pending'
import { persistOptions, queryPersister } from './query-persister'
import { fakeBlade, resetOfflineDb, signIn, target } from './test-utils'

// The persister packages are typed against another copy of query-core; the client is the app's (same API at runtime).
const core = (qc: QueryClient) =>
  qc as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient']

// What is awaited here does happen; on a busy 2-core machine it took over vi.waitFor's default second.
const SLOW = { timeout: 60_000 }
const blade = fakeBlade()
setupMsw(...blade.handlers)
let uninstall = () => {}

beforeEach(async () => {
  // A test that failed offline must not leave the next one offline.
  blade.state.offline = false
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
})
afterEach(() => uninstall())

it('flushes the read cache on pagehide and wipes it on logout; the outbox stays', async () => {
  const qc = new QueryClient()
  uninstall = installOffline(qc)
  blade.state.offline = true
  await enqueue({ ...target('stock'), op: 'submit' })
  qc.setQueryData(['me'], { name: 'one' })
  await persistQueryClientSave({
    queryClient: core(qc),
    persister: queryPersister,
    buster: persistOptions.buster,
    dehydrateOptions: persistOptions.dehydrateOptions,
  })
  window.dispatchEvent(new Event('pagehide'))
  await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(2), SLOW)
  sessionStore.logout()
  await vi.waitFor(async () => expect(await db.queryCache.count()).toBe(0), SLOW)
  expect(qc.getQueryData(['me'])).toBeUndefined()
  expect(await db.outbox.count()).toBe(1)
  blade.state.offline = false
})

it('a confirmed row invalidates the queries of its entity, and marks the other business answers stale (refresh.ts)', async () => {
  const qc = new QueryClient()
  qc.setQueryData(['crud', 'stock', 'list', {}], { records: [] })
  qc.setQueryData(['crud', 'stockTotal', 'list', {}], { records: [] })
  qc.setQueryData(['system', 'tree', '/x'], [])
  uninstall = installOffline(qc)
  await enqueue({ ...target('stock'), op: 'submit' })
  // The first pass with rows to send loads the replay's code first (sync-engine.ts): a module import, slow on a busy machine.
  await vi.waitFor(
    () => expect(qc.getQueryState(['crud', 'stock', 'list', {}])?.isInvalidated).toBe(true),
    { timeout: 60_000 },
  )
  expect(qc.getQueryState(['crud', 'stockTotal', 'list', {}])?.isInvalidated).toBe(true)
  expect(qc.getQueryState(['system', 'tree', '/x'])?.isInvalidated).toBe(false)
})

it('a confirmed edit stays on its list with the confirmed values until the list has refetched: no flick back to the old revision', async () => {
  const qc = new QueryClient()
  uninstall = installOffline(qc)
  blade.state.offline = true
  const row = await enqueue({ ...target('stock'), op: 'submit', payload: { note: 'new' } })
  // The list as the server gave it before the edit; a refetch waits while `gate` is closed.
  let listed = [{ id: row.clientId, note: 'old' }]
  let gate: Promise<void> | null = null
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: qc }, children)
  const { result } = renderHook(
    () => {
      const list = useQuery({
        queryKey: ['crud', 'stock', 'list'],
        queryFn: async () => (await gate, listed),
      })
      return mergePending(list.data ?? [], usePendingFor('stock'))[0]
    },
    { wrapper },
  )
  await vi.waitFor(
    () => expect(result.current).toMatchObject({ note: 'new', __pending: 'pending' }),
    SLOW,
  )
  let open!: () => void
  gate = new Promise<void>((r) => (open = r))
  const seen: unknown[] = []
  const watch = setInterval(() => seen.push(result.current?.note), 5)
  blade.state.offline = false
  await act(() => syncNow())
  await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), SLOW)
  await vi.waitFor(() => expect(qc.isFetching({ queryKey: ['crud', 'stock'] })).toBe(1), SLOW)
  // Confirmed, the list not yet refetched: the confirmed values, no longer marked pending.
  await vi.waitFor(
    () => expect(result.current).toEqual({ id: row.clientId, note: 'new', version: 1 }),
    SLOW,
  )
  listed = [{ id: row.clientId, note: 'new' }]
  await act(async () => open())
  await vi.waitFor(() => expect(result.current).toEqual({ id: row.clientId, note: 'new' }), SLOW)
  clearInterval(watch)
  expect(seen).not.toContain('old')
})
