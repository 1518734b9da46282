import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { testDecrypt, testPublicKey } from '@/test/rsa'
import { renderWithProviders } from '@/test/render'
import { needsRegistration, RegisterDialog } from './register-dialog'
import { RegisterGate } from './register-gate'

const server = setupMsw()
const INFO = {
  access_token: 'a',
  refresh_token: 'r',
  tenant_id: '000000',
  user_id: '-1',
  oauth_id: 'o1',
  account: '',
  user_name: '',
}
let registered: URLSearchParams[] = []
let logouts = 0

function routes(register: () => Response) {
  server.use(
    mock.get(`${API}/blade-auth/oauth/public-key`, () =>
      HttpResponse.json({ code: 200, success: true, data: testPublicKey }),
    ),
    mock.get(`${API}/blade-system/tenant/info`, () =>
      HttpResponse.json({ code: 400, success: false, msg: '未找到' }),
    ),
    mock.post(
      `${API}/blade-system/user/register-guest`,
      ({ request }) => (registered.push(new URL(request.url).searchParams), register()),
    ),
    mock.get(
      `${API}/blade-auth/oauth/logout`,
      () => (logouts++, HttpResponse.json({ success: 'true', msg: 'success' })),
    ),
  )
}

const err = (text: string) => screen.findByText(text, { selector: '.mantine-InputWrapper-error' })

beforeEach(() => {
  localStorage.clear()
  sessionStore.login(INFO)
  registered = []
  logouts = 0
})

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/用户姓名/), '张三')
  await user.type(screen.getByLabelText(/^账号\s*\*?$/), 'zs')
  await user.type(screen.getByLabelText(/^密码\s*\*?$/), 'secret')
  await user.type(screen.getByLabelText(/确认密码/), 'secret')
}

describe('registration dialog', () => {
  it('needsRegistration: user_id empty or negative', () => {
    expect(needsRegistration({ user_id: '' })).toBe(true)
    expect(needsRegistration({})).toBe(true)
    expect(needsRegistration({ user_id: '-1' })).toBe(true)
    expect(needsRegistration({ user_id: '1123598821738675201' })).toBe(false)
  })

  it('validates: tenant id, confirm before password, passwords differ', async () => {
    routes(() => HttpResponse.json({ code: 200, success: true, data: true }))
    const user = userEvent.setup()
    renderWithProviders(<RegisterDialog userInfo={{ ...INFO, tenant_id: '' }} onDone={vi.fn()} />)
    expect(await screen.findByText('账号注册')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await err('请输入租户ID')).toBeTruthy()
    expect(await err('请先输入密码')).toBeTruthy()
    await user.type(screen.getByLabelText(/^密码\s*\*?$/), 'abc')
    await user.type(screen.getByLabelText(/确认密码/), 'abd')
    await user.tab()
    expect(await err('两次输入密码不一致')).toBeTruthy()
    expect(registered).toHaveLength(0)
  })

  it("a failure shows the server's msg, or 'submit failed', and keeps the dialog", async () => {
    routes(() =>
      HttpResponse.json({ code: 400, success: false, msg: '账号已存在' }, { status: 400 }),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const done = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RegisterDialog userInfo={INFO} onDone={done} />)
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('账号已存在')).toBeTruthy()
    routes(() => HttpResponse.error())
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('提交失败')).toBeTruthy()
    expect(done).not.toHaveBeenCalled()
    expect(sessionStore.getState().accessToken).toBe('a')
    // Both save failures are logged by the form; the lost connection once more by the HTTP client.
    expect(logged).toHaveBeenCalledTimes(3)
    logged.mockRestore()
  })

  it('after submitting: awaits approval message, logout, then onDone', async () => {
    routes(() => HttpResponse.json({ code: 200, success: true, data: true, msg: '操作成功' }))
    const done = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RegisterDialog userInfo={INFO} onDone={done} />)
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: '确定' }))
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1))
    expect(await screen.findByText('注册申请已提交，请等待管理员审核')).toBeTruthy()
    expect(Object.fromEntries(registered[0])).toMatchObject({
      tenantId: '000000',
      name: '张三',
      account: 'zs',
      oauthId: 'o1',
    })
    expect(testDecrypt(registered[0].get('password')!)).toBe('secret')
    expect(logouts).toBe(1)
    expect(sessionStore.getState().accessToken).toBe('')
  })

  it('the gate shows the dialog only for a signed-in user without a local account', async () => {
    routes(() => HttpResponse.json({ code: 200, success: true, data: true }))
    renderWithProviders(<RegisterGate onDone={vi.fn()} />)
    expect(await screen.findByText('账号注册')).toBeTruthy()
    act(() => sessionStore.login({ ...INFO, user_id: '42' }))
    await waitFor(() => expect(screen.queryByText('账号注册')).toBeNull())
  })
})
