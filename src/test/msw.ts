// msw for app tests: unhandled requests fail the test; handlers reset after each test.
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** The origin the HTTP client calls under jsdom (config.apiBase is empty). */
export const API = `${window.location.origin}/api`

export function setupMsw(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}
