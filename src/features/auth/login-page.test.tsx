import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { testDecrypt, testPublicKey } from '@/test/rsa'
import { renderWithProviders } from '@/test/render'
import { LoginPage } from './login-page'

const server = setupMsw()
let captchas = 0
let tokenCalls: Request[] = []

function routes(opts: { tenant?: string; token?: () => Response } = {}) {
  server.use(
    mock.get(`${API}/blade-auth/oauth/public-key`, () =>
      HttpResponse.json({ code: 200, success: true, data: testPublicKey }),
    ),
    mock.get(`${API}/blade-system/tenant/info`, () =>
      opts.tenant
        ? HttpResponse.json({ code: 200, success: true, data: { tenantId: opts.tenant } })
        : HttpResponse.json({ code: 400, success: false, msg: '未找到' }),
    ),
    mock.get(`${API}/blade-auth/oauth/captcha`, () => {
      captchas++
      return HttpResponse.json({ key: `k${captchas}`, image: `data:image/png;base64,C${captchas}` })
    }),
    mock.post(`${API}/blade-auth/oauth/token`, ({ request }) => {
      tokenCalls.push(request.clone())
      return opts.token
        ? opts.token()
        : HttpResponse.json({
            access_token: 'a1',
            refresh_token: 'r1',
            tenant_id: '000000',
            user_id: '1',
            account: 'admin',
          })
    }),
  )
}

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  captchas = 0
  tokenCalls = []
})

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { tenant?: string; username: string; password: string; code: string },
) {
  if (values.tenant !== undefined) {
    await user.clear(screen.getByLabelText('租户ID'))
    await user.type(screen.getByLabelText('租户ID'), values.tenant)
  }
  await user.type(screen.getByLabelText('用户名'), values.username)
  await user.type(screen.getByLabelText('密码'), values.password)
  await user.type(screen.getByLabelText('验证码'), values.code)
}

describe('login page', () => {
  it('logs in with Enter: tenant, account, encrypted password and captcha; session stored', async () => {
    routes()
    const done = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage onLoggedIn={done} />)
    expect(document.title).toBe('越南电商管理平台')
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,C1'),
    )
    await fill(user, { tenant: '000000', username: 'admin', password: 'admin', code: 'abcde' })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1))
    const q = new URL(tokenCalls[0].url).searchParams
    expect(q.get('username')).toBe('admin')
    expect(q.get('tenantId')).toBe('000000')
    expect(testDecrypt(q.get('password')!)).toBe('admin')
    expect(tokenCalls[0].headers.get('Captcha-Key')).toBe('k1')
    expect(tokenCalls[0].headers.get('Captcha-Code')).toBe('abcde')
    expect(sessionStore.getState().accessToken).toBe('a1')
  })

  it('shows validation messages and sends nothing when empty', async () => {
    routes()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage onLoggedIn={vi.fn()} />)
    await user.clear(screen.getByLabelText('租户ID'))
    await user.click(screen.getByRole('button', { name: '登录' }))
    expect(
      await screen.findByText('请输入租户ID', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy()
    expect(
      screen.getByText('请输入用户名', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy()
    expect(screen.getByText('请输入密码', { selector: '.mantine-InputWrapper-error' })).toBeTruthy()
    expect(
      screen.getByText('请输入验证码', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy()
    expect(tokenCalls).toHaveLength(0)
  })

  it('an error_description is shown, no session is stored, and the captcha is renewed', async () => {
    routes({
      token: () => HttpResponse.json({ error_code: 400, error_description: '用户名或密码错误' }),
    })
    const done = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage onLoggedIn={done} />)
    await waitFor(() => expect(captchas).toBe(1))
    await fill(user, { username: 'admin', password: 'bad', code: 'abcde' })
    await user.click(screen.getByRole('button', { name: '登录' }))
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,C2'),
    )
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('')
    expect(done).not.toHaveBeenCalled()
    expect(sessionStore.getState().accessToken).toBe('')
    expect(localStorage.getItem('saber-token')).toBeNull()
  })

  it('clicking the captcha image fetches a new one', async () => {
    routes()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage onLoggedIn={vi.fn()} />)
    await waitFor(() => expect(captchas).toBe(1))
    await user.click(screen.getByRole('button', { name: '刷新验证码' }))
    await waitFor(() =>
      expect(screen.getByAltText('验证码').getAttribute('src')).toBe('data:image/png;base64,C2'),
    )
  })

  it('hides the tenant box when the domain names a tenant, and logs in to that tenant', async () => {
    routes({ tenant: '654321' })
    const done = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<LoginPage onLoggedIn={done} />)
    await waitFor(() => expect(screen.queryByLabelText('租户ID')).toBeNull())
    await fill(user, { username: 'u', password: 'p', code: 'c' })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(new URL(tokenCalls[0].url).searchParams.get('tenantId')).toBe('654321')
    expect(tokenCalls[0].headers.get('Tenant-Id')).toBe('654321')
  })
})
