import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { http } from '@/api/http'
import { logger } from '@/api/logger'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { captureToasts } from '@/test/toasts'
import { InfoPage } from './info-page'

const server = setupMsw()
const toasts = captureToasts()
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
let updates: unknown[] = []
let passwordCalls: URLSearchParams[] = []

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({ access_token: 'a1', refresh_token: 'r1', user_id: '42', account: 'admin' })
  updates = []
  passwordCalls = []
  server.use(
    mock.get(`${API}/blade-system/user/info`, () =>
      ok({
        id: '42',
        account: 'admin',
        realName: '管理员',
        name: 'admin',
        phone: '09000000001',
        email: 'admin@example.com',
        avatar: '',
        roles: ['administrator'],
      }),
    ),
    mock.post(`${API}/blade-system/user/update-info`, async ({ request }) => {
      updates.push(await request.json())
      return ok(null)
    }),
    mock.post(`${API}/blade-system/user/update-password`, ({ request }) => {
      passwordCalls.push(new URL(request.url).searchParams)
      return HttpResponse.json({ code: 400, success: false, msg: '原密码不正确' }, { status: 400 })
    }),
  )
})

const fileOf = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type })

describe('personal info page', () => {
  it('validates the phone (11 digits) and saves with update-info', async () => {
    const user = userEvent.setup()
    renderShell(<InfoPage />)
    const phone = await screen.findByDisplayValue('09000000001')
    await user.clear(phone)
    await user.type(phone, '12345')
    await user.tab()
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(updates).toHaveLength(0)
    await user.clear(phone)
    await user.type(phone, '09123456789{Enter}')
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toMatchObject({
      id: '42',
      realName: '管理员',
      name: 'admin',
      phone: '09123456789',
      email: 'admin@example.com',
    })
  })

  it('checks the avatar type and size before uploading, then uses data.link', async () => {
    // jsdom's FormData cannot travel through Node's fetch: the upload call itself is observed here.
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ link: 'http://oss.example/avatar.png', name: 'avatar.png' })
    const user = userEvent.setup()
    renderShell(<InfoPage />)
    await screen.findByDisplayValue('09000000001')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [fileOf('a.gif', 'image/gif', 100)] } })
    expect(await screen.findByText('上传头像图片只能是 JPG/PNG 格式!')).toBeTruthy()
    fireEvent.change(input, { target: { files: [fileOf('big.png', 'image/png', 600 * 1024)] } })
    expect(await screen.findByText('上传头像图片大小不能超过 500KB!')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { files: [fileOf('me.png', 'image/png', 2048)] } })
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1))
    const [url, body] = post.mock.calls[0]
    expect(url).toBe('/api/blade-resource/oss/endpoint/put-file')
    expect(((body as FormData).get('file') as File).name).toBe('me.png')
    await waitFor(() =>
      expect(screen.getByText('只能上传 JPG/PNG 文件，且不超过 500KB')).toBeTruthy(),
    )
    post.mockRestore()
    await user.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toMatchObject({ avatar: 'http://oss.example/avatar.png' })
  })

  it('change password: new passwords must match; a failure is logged and the form is enabled again', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const user = userEvent.setup()
    renderShell(<InfoPage />)
    await user.click(await screen.findByRole('tab', { name: '修改密码' }))
    await user.type(screen.getByLabelText(/原密码/), 'old')
    await user.type(screen.getByLabelText(/新密码/), 'new1')
    await user.type(screen.getByLabelText(/确认密码/), 'new2')
    await user.click(screen.getByRole('button', { name: '提交' }))
    expect(await screen.findByText('两次输入密码不一致!')).toBeTruthy()
    expect(passwordCalls).toHaveLength(0)
    await user.clear(screen.getByLabelText(/确认密码/))
    await user.type(screen.getByLabelText(/确认密码/), 'new1{Enter}')
    await waitFor(() => expect(passwordCalls).toHaveLength(1))
    expect(Object.fromEntries(passwordCalls[0])).toEqual({
      oldPassword: 'old',
      newPassword: 'new1',
      newPassword1: 'new1',
    })
    await waitFor(() => expect(logged).toHaveBeenCalledWith('update-password', expect.anything()))
    expect(toasts).toContain('原密码不正确')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '提交' }).hasAttribute('data-loading')).toBe(false),
    )
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(false)
    logged.mockRestore()
  })
})
