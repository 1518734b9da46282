import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { API, setupMsw } from '@/test/msw'
import { testDecrypt, testPublicKey } from '@/test/rsa'
import { captureToasts } from '@/test/toasts'
import {
  getCaptcha,
  getTenantInfo,
  loginByUsername,
  logout,
  registerGuest,
  setReload,
  switchDeptRole,
} from './auth'
import { BladeHttpError } from './http'
import { onLogin, sessionStore } from './session'

const server = setupMsw()
const toasts = captureToasts()
const TOKEN = `${API}/blade-auth/oauth/token`
const BODY = {
  access_token: 'a1',
  token_type: 'bearer',
  refresh_token: 'r1',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '7',
  account: 'admin',
  dept_id: '1',
  role_id: '2',
}

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  server.use(
    mock.get(`${API}/blade-auth/oauth/public-key`, () =>
      HttpResponse.json({ code: 200, success: true, data: testPublicKey, msg: '' }),
    ),
  )
})

describe('login', () => {
  it('sends the captcha grant with encrypted password and headers, then stores the session', async () => {
    let seen: Request | undefined
    server.use(
      mock.post(TOKEN, ({ request }) => ((seen = request.clone()), HttpResponse.json(BODY))),
    )
    const logins = vi.fn()
    const off = onLogin(logins)
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captchaKey: 'k1',
      captchaCode: 'abcde',
    })
    off()
    const q = new URL(seen!.url).searchParams
    expect(Object.fromEntries(q)).toMatchObject({
      grant_type: 'captcha',
      tenantId: '000000',
      username: 'admin',
      scope: 'all',
      type: 'account',
    })
    expect(q.get('password')).not.toBe('admin')
    expect(testDecrypt(q.get('password')!)).toBe('admin')
    expect(seen!.headers.get('Tenant-Id')).toBe('000000')
    expect(seen!.headers.get('Captcha-Key')).toBe('k1')
    expect(seen!.headers.get('Captcha-Code')).toBe('abcde')
    expect(seen!.headers.get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`)
    expect(seen!.headers.get('Blade-Auth')).toBeNull()
    expect(sessionStore.getState()).toMatchObject({
      accessToken: 'a1',
      refreshToken: 'r1',
      tenantId: '000000',
      userInfo: BODY,
    })
    expect(logins).toHaveBeenCalledTimes(1)
  })

  it('an error_description is shown once and no session is stored (HTTP 200 or 400)', async () => {
    server.use(
      mock.post(TOKEN, () =>
        HttpResponse.json({ error_code: 400, error_description: '验证码不正确' }),
      ),
    )
    await expect(
      loginByUsername({ tenantId: '000000', username: 'a', password: 'b' }),
    ).rejects.toBeInstanceOf(BladeHttpError)
    server.use(
      mock.post(TOKEN, () =>
        HttpResponse.json(
          { error_code: 400, error_description: '用户名或密码错误' },
          { status: 400 },
        ),
      ),
    )
    await expect(
      loginByUsername({ tenantId: '000000', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({ msg: '用户名或密码错误' })
    expect(toasts).toEqual(['验证码不正确', '用户名或密码错误'])
    expect(sessionStore.getState().accessToken).toBe('')
    expect(localStorage.getItem('saber-token')).toBeNull()
  })
})

describe('session flows', () => {
  it('switchDeptRole refreshes with Dept-Id/Role-Id, stores the answer and reloads', async () => {
    sessionStore.login(BODY)
    let seen: Request | undefined
    server.use(
      mock.post(
        TOKEN,
        ({ request }) => (
          (seen = request.clone()),
          HttpResponse.json({
            ...BODY,
            access_token: 'a2',
            refresh_token: 'r2',
            dept_id: '5',
            role_id: '6',
          })
        ),
      ),
    )
    const reload = vi.fn()
    setReload(reload)
    await switchDeptRole({ deptId: '5', roleId: '6' })
    expect(Object.fromEntries(new URL(seen!.url).searchParams)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      tenantId: '000000',
      scope: 'all',
    })
    expect(seen!.headers.get('Dept-Id')).toBe('5')
    expect(seen!.headers.get('Role-Id')).toBe('6')
    expect(seen!.headers.get('Tenant-Id')).toBe('000000')
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' })
    expect(sessionStore.getState().userInfo.role_id).toBe('6')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('logout ends the local session even when the server fails', async () => {
    sessionStore.login(BODY)
    let calls = 0
    server.use(
      mock.get(
        `${API}/blade-auth/oauth/logout`,
        () => (calls++, HttpResponse.json({ code: 500, msg: 'boom' }, { status: 500 })),
      ),
    )
    await logout()
    expect(calls).toBe(1)
    expect(sessionStore.getState().accessToken).toBe('')
    expect(toasts).toEqual([])
  })

  it('getCaptcha reads the bare body or a wrapped one', async () => {
    server.use(
      mock.get(`${API}/blade-auth/oauth/captcha`, () =>
        HttpResponse.json({ key: 'k', image: 'data:image/png;base64,AA' }),
      ),
    )
    await expect(getCaptcha()).resolves.toEqual({ key: 'k', image: 'data:image/png;base64,AA' })
    server.use(
      mock.get(`${API}/blade-auth/oauth/captcha`, () =>
        HttpResponse.json({ code: 200, success: true, data: { key: 'w', image: 'i' } }),
      ),
    )
    await expect(getCaptcha()).resolves.toEqual({ key: 'w', image: 'i' })
  })

  it('getTenantInfo sends the domain and gives null on failure', async () => {
    let domain: string | null = null
    server.use(
      mock.get(
        `${API}/blade-system/tenant/info`,
        ({ request }) => (
          (domain = new URL(request.url).searchParams.get('domain')),
          HttpResponse.json({ code: 200, success: true, data: { tenantId: '123456' } })
        ),
      ),
    )
    await expect(getTenantInfo('http://shop.example/login')).resolves.toEqual({
      tenantId: '123456',
    })
    expect(domain).toBe('http://shop.example/login')
    server.use(
      mock.get(`${API}/blade-system/tenant/info`, () =>
        HttpResponse.json({ code: 400, msg: '未找到' }),
      ),
    )
    await expect(getTenantInfo('x')).resolves.toBeNull()
    expect(toasts).toEqual([])
  })
})

describe('registerGuest', () => {
  const form = {
    tenantId: '000000',
    name: '张三',
    account: 'zs',
    password: 'secret',
    oauthId: 'o1',
  }

  it('sends the fields with the password encrypted', async () => {
    let q: URLSearchParams | undefined
    server.use(
      mock.post(
        `${API}/blade-system/user/register-guest`,
        ({ request }) => (
          (q = new URL(request.url).searchParams),
          HttpResponse.json({ code: 200, success: true, data: true, msg: '' })
        ),
      ),
    )
    await registerGuest(form)
    expect(Object.fromEntries(q!)).toMatchObject({
      tenantId: '000000',
      name: '张三',
      account: 'zs',
      oauthId: 'o1',
    })
    expect(testDecrypt(q!.get('password')!)).toBe('secret')
  })

  it("shows the server's msg, or 'submit failed'", async () => {
    server.use(
      mock.post(`${API}/blade-system/user/register-guest`, () =>
        HttpResponse.json({ code: 400, msg: '账号已存在' }, { status: 400 }),
      ),
    )
    await expect(registerGuest(form)).rejects.toBeInstanceOf(BladeHttpError)
    server.use(mock.post(`${API}/blade-system/user/register-guest`, () => HttpResponse.error()))
    await expect(registerGuest(form)).rejects.toBeInstanceOf(BladeHttpError)
    expect(toasts).toEqual(['账号已存在', '提交失败'])
  })
})
