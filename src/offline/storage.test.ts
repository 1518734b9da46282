// docs/offline.md R20: persistent storage asked after login, the answer kept for the status area.
import { afterEach, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { installStoragePersistence, requestPersistentStorage, storageStatus } from './storage'

afterEach(() => Reflect.deleteProperty(navigator, 'storage'))

it('asks after login and records the answer and the estimate', async () => {
  const persist = vi.fn().mockResolvedValue(true)
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persist, estimate: () => Promise.resolve({ usage: 10, quota: 100 }) },
  })
  localStorage.clear()
  sessionStore.reload()
  const off = installStoragePersistence()
  expect(persist).not.toHaveBeenCalled()
  sessionStore.login({ access_token: 't', user_id: '1', tenant_id: '000000' })
  await vi.waitFor(
    () => expect(storageStatus.get()).toEqual({ persisted: 'granted', usage: 10, quota: 100 }),
    { timeout: 60_000 },
  )
  off()
})

it('reports a refusal and a browser without the API', async () => {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persist: () => Promise.resolve(false) },
  })
  expect((await requestPersistentStorage()).persisted).toBe('denied')
  Reflect.deleteProperty(navigator, 'storage')
  expect((await requestPersistentStorage()).persisted).toBe('unsupported')
})
