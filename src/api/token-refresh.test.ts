import { delay, http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/config'
import '@/test/i18n'
import { API, setupMsw } from '@/test/msw'
import { sessionStore } from './session'
import { checkToken, startTokenRefresh, stopTokenRefresh } from './token-refresh'

const server = setupMsw()
let refreshes = 0
const T0 = new Date('2025-01-01T00:00:00Z').getTime()

beforeEach(() => {
  refreshes = 0
  localStorage.clear()
  server.use(
    mock.post(`${API}/blade-auth/oauth/token`, async ({ request }) => {
      expect(new URL(request.url).searchParams.get('grant_type')).toBe('refresh_token')
      refreshes++
      await delay(20)
      return HttpResponse.json({
        access_token: `a${refreshes + 1}`,
        refresh_token: 'r2',
        tenant_id: '000000',
        user_id: '1',
      })
    }),
  )
  // Only the interval and the clock are faked: msw and fetch keep real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  vi.setSystemTime(T0)
  sessionStore.login({ access_token: 'a1', refresh_token: 'r1', tenant_id: '000000', user_id: '1' })
})

afterEach(() => {
  stopTokenRefresh()
  vi.useRealTimers()
})

describe('token auto-refresh', () => {
  it('checks every 10 s and refreshes only once the token is older than tokenTime, one at a time', async () => {
    startTokenRefresh()
    await vi.advanceTimersByTimeAsync(config.tokenCheckInterval * 3)
    expect(refreshes).toBe(0)
    // Hundreds of checks pass while the clock crosses tokenTime; only one refresh runs.
    await vi.advanceTimersByTimeAsync(config.tokenTime * 1000)
    await vi.waitFor(() => expect(sessionStore.getState().accessToken).toBe('a2'), {
      timeout: 60_000,
    })
    expect(refreshes).toBe(1)
    expect(sessionStore.getState().tokenStoredAt).toBeGreaterThanOrEqual(
      T0 + config.tokenTime * 1000,
    )
    await vi.advanceTimersByTimeAsync(config.tokenCheckInterval * 5)
    expect(refreshes).toBe(1)
  })

  it('concurrent checks share the lock', async () => {
    vi.setSystemTime(T0 + config.tokenTime * 1000 + 1)
    await Promise.all([checkToken(), checkToken(), checkToken()])
    expect(refreshes).toBe(1)
  })

  it('does nothing without a session or before tokenTime', async () => {
    vi.setSystemTime(T0 + config.tokenTime * 1000 - 1)
    await checkToken()
    sessionStore.logout()
    vi.setSystemTime(T0 + config.tokenTime * 5000)
    await checkToken()
    expect(refreshes).toBe(0)
  })

  it('stopTokenRefresh ends the checks', async () => {
    startTokenRefresh()
    stopTokenRefresh()
    vi.setSystemTime(T0 + config.tokenTime * 1000 + 1)
    await vi.advanceTimersByTimeAsync(config.tokenCheckInterval * 2)
    expect(refreshes).toBe(0)
  })
})
