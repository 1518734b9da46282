import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { ErrorLogDialog } from './error-log-dialog'
import { errorLogStore } from './error-log-store'

const server = setupMsw()
let uploaded: unknown[] = []

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({ access_token: 'a', refresh_token: 'r', user_id: '1', account: 'admin' })
  errorLogStore.reload()
  errorLogStore.add({
    type: 'error',
    message: 'x is undefined',
    stack: 'at f (app.js:1)',
    url: 'http://app/system/user',
    time: '2024-05-01 10:00:00',
  })
  uploaded = []
  server.use(
    mock.post(`${API}/blade-auth/oauth/logout`, async ({ request }) => {
      uploaded.push(await request.json())
      return HttpResponse.json({ code: 200, success: true, data: null, msg: '操作成功' })
    }),
  )
})

describe('error-log dialog', () => {
  it('lists type, address, message, stack and time', async () => {
    renderShell(<ErrorLogDialog opened onClose={() => {}} />)
    const table = within(await screen.findByTestId('error-log-table'))
    for (const text of [
      'error',
      'http://app/system/user',
      'x is undefined',
      'at f (app.js:1)',
      '2024-05-01 10:00:00',
    ])
      expect(table.getByText(text)).toBeTruthy()
  })

  it('uploads to the server after confirmation, then clears the local log', async () => {
    const user = userEvent.setup()
    renderShell(<ErrorLogDialog opened onClose={() => {}} />)
    await user.click(await screen.findByRole('button', { name: '上传服务器' }))
    expect(uploaded).toHaveLength(0)
    await user.click(await screen.findByRole('button', { name: '确定' }))
    await waitFor(() => expect(uploaded).toHaveLength(1))
    expect(uploaded[0]).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'x is undefined',
        url: 'http://app/system/user',
      }),
    ])
    await waitFor(() => expect(errorLogStore.getState()).toEqual([]))
    expect(await screen.findByText('暂无错误日志')).toBeTruthy()
  })

  it('clears the local log after confirmation; cancelling keeps it', async () => {
    const user = userEvent.setup()
    renderShell(<ErrorLogDialog opened onClose={() => {}} />)
    await user.click(await screen.findByRole('button', { name: '清空本地日志' }))
    await user.click(await screen.findByRole('button', { name: '取消' }))
    expect(errorLogStore.getState()).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: '清空本地日志' }))
    await user.click(await screen.findByRole('button', { name: '确定' }))
    await waitFor(() => expect(errorLogStore.getState()).toEqual([]))
    expect(uploaded).toHaveLength(0)
  })
})
