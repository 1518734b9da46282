// The profile page and a change made meanwhile (an administrator edited the user): the save carries
// the version shown; a 409 opens the edit forms' conflict dialog with the differing fields, theirs
// beside mine. "Keep mine" sends my values again on the server's version; "reload theirs" puts the
// server's values in the form, and the next save goes on their version. Against msw.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { InfoPage } from './info-page'

const SHOWN = {
  id: '42',
  account: 'admin',
  realName: '管理员',
  name: 'admin',
  phone: '09000000001',
  email: 'admin@example.com',
  avatar: '',
  roles: ['administrator'],
  version: 3,
}
const THEIRS = { ...SHOWN, realName: '阮文管理', version: 4, updateTime: '2026-11-20 10:00:00' }
let stored: Record<string, unknown> = SHOWN
let updates: Record<string, unknown>[] = []
const server = setupMsw()

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({ access_token: 'a1', refresh_token: 'r1', user_id: '42', account: 'admin' })
  stored = SHOWN
  updates = []
  server.use(
    mock.get(`${API}/blade-system/user/info`, () =>
      HttpResponse.json({ code: 200, success: true, data: stored, msg: '操作成功' }),
    ),
    mock.post(`${API}/blade-system/user/update-info`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      updates.push(body)
      if (body.version !== stored.version)
        return HttpResponse.json(
          {
            code: 409,
            success: false,
            data: { ...stored, updateUserName: '阮文A' },
            msg: '数据已被 阮文A 于 2026-11-20 10:00:00 修改，请刷新后重试',
          },
          { status: 409 },
        )
      stored = { ...stored, ...body, version: Number(stored.version) + 1 }
      return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
    }),
  )
})

/** Opens the page on the version shown, lets an administrator change the user, and saves a new phone. */
async function saveOnStale() {
  const user = userEvent.setup()
  renderShell(<InfoPage />)
  const phone = await screen.findByDisplayValue('09000000001')
  stored = THEIRS
  await user.clear(phone)
  await user.type(phone, '09123456789')
  await user.click(screen.getByRole('button', { name: '提交' }))
  const dialog = await screen.findByRole('dialog', { name: /保存冲突/ })
  return { user, dialog }
}

describe('personal info conflict', () => {
  it('shows who changed the profile and the differing fields, theirs beside mine', async () => {
    const { dialog } = await saveOnStale()
    expect(updates[0]).toMatchObject({ id: '42', version: 3, phone: '09123456789' })
    expect(within(dialog).getByRole('alert').textContent).toContain(
      '阮文A 于 2026-11-20 10:00:00 修改了这条记录',
    )
    const table = within(dialog).getByTestId('conflict-table')
    const realName = within(table).getByText('用户姓名').closest('tr') as HTMLElement
    expect(realName.textContent).toContain('管理员')
    expect(realName.textContent).toContain('阮文管理')
    const phoneLine = within(table).getByText('手机号码').closest('tr') as HTMLElement
    expect(phoneLine.textContent).toContain('09123456789')
  })

  it('keep mine sends my values again on the server’s version', async () => {
    const { user, dialog } = await saveOnStale()
    await user.click(within(dialog).getByRole('button', { name: '保留我的' }))
    await waitFor(() => expect(updates).toHaveLength(2))
    expect(updates[1]).toMatchObject({
      id: '42',
      version: 4,
      phone: '09123456789',
      realName: '管理员',
    })
    expect(await screen.findByText('修改信息成功')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /保存冲突/ })).toBeNull())
  })

  it('reload theirs puts the server’s values in the form; the next save goes on their version', async () => {
    const { user, dialog } = await saveOnStale()
    await user.click(within(dialog).getByRole('button', { name: '载入服务器的' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /保存冲突/ })).toBeNull())
    expect(screen.getByDisplayValue('阮文管理')).toBeTruthy()
    expect(screen.getByDisplayValue('09000000001')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(updates).toHaveLength(2))
    expect(updates[1]).toMatchObject({ version: 4, realName: '阮文管理', phone: '09000000001' })
  })
})
