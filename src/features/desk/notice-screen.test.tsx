// Notice content: HTML is sanitised before it is shown (scripts, styles, handlers and javascript:
// links go), the editor stores what is typed as HTML, and the view dialog renders it safely.
import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { calls, entityHandlers, lastCall } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { notice } from '@/domain/desk/notice'
import { API, setupMsw } from '@/test/msw'
import NoticeScreen from './notice-screen'

const EVIL =
  '<p onclick="steal()">Hi <b>all</b></p><script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">x</a><a href="https://shop.vn">shop</a><img src="a.png" onerror="steal()">'
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '' })

setupMsw(
  mock.get(`${API}/blade-desk/notice/detail`, () =>
    ok({
      id: '1001',
      title: '放假通知',
      category: 1,
      releaseTime: '2024-01-02 03:04:05',
      content: EVIL,
    }),
  ),
  mock.get(`${API}/blade-system/dict/dictionary`, () =>
    ok([{ dictKey: 1, dictValue: '发布通知' }]),
  ),
  // After the screen-specific answers: msw uses the first handler that matches.
  ...entityHandlers(notice),
)

beforeEach(() => {
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '4' })
  sessionStore.setPermission({ notice_add: true, notice_edit: true, notice_view: true })
})
afterEach(() => notifications.clean())

describe('notice screen', () => {
  it('shows the sanitised content in the view dialog', async () => {
    const u = userEvent.setup()
    renderScreen(NoticeScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: '查看' }))[0])
    const dialog = await screen.findByRole('dialog')
    const bold = await within(dialog).findByText('all')
    expect(bold.tagName).toBe('B')
    expect(dialog.querySelector('script, [onclick], [onerror]')).toBeNull()
    expect(within(dialog).getByText('x').getAttribute('href')).toBeNull()
  })

  it('edits the content as HTML with the toolbar and submits it', async () => {
    const u = userEvent.setup()
    // jsdom has no editing commands: bold wraps the selection the way browsers do.
    const exec = vi.fn((command: string) => {
      const editor = screen.getByRole('textbox', { name: '通知内容' })
      if (command === 'bold') editor.innerHTML = `<b>${editor.innerHTML}</b>`
      return true
    })
    Object.assign(document, { execCommand: exec })
    renderScreen(NoticeScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(within(dialog).getByRole('textbox', { name: /通知标题/ }), '放假通知')
    const editor = within(dialog).getByRole('textbox', { name: '通知内容' })
    editor.innerHTML = '春节放假<img src="x" onerror="steal()">'
    fireEvent.input(editor)
    await u.click(within(dialog).getByRole('button', { name: '加粗' }))
    expect(exec).toHaveBeenCalledWith('bold', false, undefined)
    // Category and release time are picked with the engine's own controls.
    await u.click(
      within(dialog)
        .getAllByLabelText(/^通知类型/)
        .find((el) => el.matches('input'))!,
    )
    await u.click(await screen.findByRole('option', { name: '发布通知' }))
    await u.click(within(dialog).getAllByLabelText(/^通知时间/)[0])
    await u.click(screen.getAllByRole('button', { name: /^15 / })[0])
    await u.click(screen.getByRole('button', { name: '确定' }))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    await waitFor(() =>
      expect(lastCall('POST', 'submit')?.body).toMatchObject({
        title: '放假通知',
        content: '<b>春节放假<img src="x"></b>',
      }),
    )
  })
})
