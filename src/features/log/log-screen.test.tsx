// Log detail views: request data, stack traces and log data are monospace blocks that wrap.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { logError } from '@/domain/log/logs'
import { API, setupMsw } from '@/test/msw'
import { ErrorLogScreen } from './log-screens'

const STACK = 'Error: boom\n    at handler (server/app.ts:10:5)\n    at next (server/app.ts:20:1)'
setupMsw(
  mock.get(`${API}/blade-log/error/detail`, () =>
    HttpResponse.json({
      code: 200,
      success: true,
      msg: '',
      data: {
        id: '1001',
        requestUri: '/api/x',
        message: 'boom',
        stackTrace: STACK,
        params: '{"a":1}',
        createTime: '2024-01-02 03:04:05',
      },
    }),
  ),
  // After the screen-specific answers: msw uses the first handler that matches.
  ...entityHandlers(logError),
)

beforeEach(() => {
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '6' })
  sessionStore.setPermission({ log_error_view: true })
})

describe('error log view', () => {
  it('shows the stack trace and the params as wrapped monospace blocks', async () => {
    const u = userEvent.setup()
    renderScreen(ErrorLogScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: '查看' }))[0])
    const dialog = await screen.findByRole('dialog')
    const blocks = await within(dialog).findAllByTestId('log-block')
    expect(blocks.map((b) => b.textContent)).toEqual(['{"a":1}', STACK])
    for (const b of blocks) {
      expect(b.tagName).toBe('CODE')
      expect(b.style.whiteSpace).toBe('pre-wrap')
    }
  })
})
