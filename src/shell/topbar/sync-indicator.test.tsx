// The top bar's sync indicator follows the signed-in user's outbox rows live and opens the outbox.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { db } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { syncState } from '@/offline/sync-status'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { lookOf, SyncIndicator } from './sync-indicator'

const row = {
  entity: 'stockDetail',
  api: '/stockDetail',
  op: 'submit' as const,
  payload: { skuNo: 'S' },
}
const button = () => screen.getByTestId('sync-indicator')

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn('1')
  syncState.set({ online: true, running: false, lastSyncAt: null, needsAuth: false })
})

describe('sync indicator', () => {
  it('counts pending rows, turns red for a conflict and ignores other users', async () => {
    renderScreen(SyncIndicator)
    await waitFor(() => expect(button().getAttribute('data-look')).toBe('synced'))
    const a = await enqueue(row)
    await enqueue(row)
    await db.outbox.add({ ...a, key: 'other', seq: 50, userId: '2' })
    await waitFor(() => expect(button().getAttribute('data-count')).toBe('2'))
    expect(button().getAttribute('data-look')).toBe('pending')
    await db.outbox.update(a.key, { state: 'conflict' })
    await waitFor(() => expect(button().getAttribute('data-look')).toBe('attention'))
    expect(button().getAttribute('data-count')).toBe('2')
  })

  it('shows offline, and opens the outbox screen on click', async () => {
    const { router } = renderScreen(SyncIndicator)
    syncState.set({ online: false })
    await waitFor(() => expect(button().getAttribute('data-look')).toBe('offline'))
    await userEvent.setup().click(button())
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'))
  })

  it('ranks what it shows: attention, then login, offline, sending, pending', () => {
    const s = {
      online: true,
      running: false,
      lastSyncAt: null,
      needsAuth: false,
      pending: 0,
      attention: 0,
    }
    expect(lookOf(s)).toBe('synced')
    expect(lookOf({ ...s, pending: 3 })).toBe('pending')
    expect(lookOf({ ...s, pending: 3, running: true })).toBe('sending')
    expect(lookOf({ ...s, pending: 3, online: false })).toBe('offline')
    expect(lookOf({ ...s, online: false, needsAuth: true })).toBe('auth')
    expect(lookOf({ ...s, needsAuth: true, attention: 1 })).toBe('attention')
  })
})
