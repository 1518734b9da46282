// Token auto-refresh (docs/product.md §4): every tokenCheckInterval, a stored token older than
// tokenTime seconds is refreshed, one refresh at a time.
import { config } from '@/config'
import { refreshSession } from './token-grant'
import { logger } from './logger'
import { sessionStore } from './session'

let timer: ReturnType<typeof setInterval> | undefined
let busy = false

/** One check; exported for the timer and for tests. */
export async function checkToken(now = Date.now()): Promise<void> {
  const s = sessionStore.getState()
  if (busy || !s.accessToken || !s.refreshToken) return
  if (now - s.tokenStoredAt < config.tokenTime * 1000) return
  busy = true
  try {
    await refreshSession()
  } catch (err) {
    // A 401 on the next call will log out; the timer just tries again later.
    logger.warn('token-refresh', err)
  } finally {
    busy = false
  }
}

export function startTokenRefresh(): void {
  if (timer !== undefined) return
  timer = setInterval(() => void checkToken(), config.tokenCheckInterval)
}

export function stopTokenRefresh(): void {
  if (timer !== undefined) clearInterval(timer)
  timer = undefined
}
