// Persistent storage (docs/offline.md R20): after login the app asks the browser not to evict its data, keeps the
// answer for the status area and logs the usage estimate.
import { logger } from '@/api/logger'
import { onLogin, sessionStore } from '@/api/session'

type PersistResult = 'granted' | 'denied' | 'unsupported' | 'unknown'

export interface StorageStatus {
  persisted: PersistResult
  usage?: number
  quota?: number
}

let status: StorageStatus = { persisted: 'unknown' }
const listeners = new Set<() => void>()

function set(next: StorageStatus): void {
  status = next
  for (const l of listeners) l()
}

export const storageStatus = {
  get: (): StorageStatus => status,
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

/** Asks for persistent storage and records the answer and the estimate. */
export async function requestPersistentStorage(): Promise<StorageStatus> {
  const storage =
    typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).storage
  if (!storage?.persist) {
    set({ persisted: 'unsupported' })
    return status
  }
  let persisted: PersistResult = 'unknown'
  try {
    persisted = (await storage.persist()) ? 'granted' : 'denied'
  } catch (err) {
    logger.warn('storage-persist', err)
  }
  const estimate = storage.estimate ? await storage.estimate().catch(() => undefined) : undefined
  logger.info('storage-estimate', { persisted, usage: estimate?.usage, quota: estimate?.quota })
  set({ persisted, usage: estimate?.usage, quota: estimate?.quota })
  return status
}

/** After every login, and now if a session is already there; returns the unsubscribe function. */
export function installStoragePersistence(): () => void {
  if (sessionStore.getState().accessToken) void requestPersistentStorage()
  return onLogin(() => void requestPersistentStorage())
}
