import { delay, http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/config'
import { activateLocale } from '@/i18n'
import '@/test/i18n'
import { API, setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { BladeHttpError, http, request, requestEnvelope, setNavigateToLogin } from './http'
import { sessionStore } from './session'

const server = setupMsw()
const toasts = captureToasts()
const toLogin = vi.fn()

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const EXPIRED = '用户令牌过期，请重新登录'

function signIn(token = 'old') {
  sessionStore.login({
    access_token: token,
    refresh_token: 'r1',
    tenant_id: '000000',
    user_id: '1',
    account: 'admin',
  })
}

async function failure(p: Promise<unknown>): Promise<BladeHttpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(BladeHttpError)
  return err as BladeHttpError
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  sessionStore.reload()
  toLogin.mockReset()
  setNavigateToLogin(toLogin)
})

describe('envelope', () => {
  it('resolves with data, or the whole envelope, or the raw body', async () => {
    server.use(mock.get(`${API}/x`, () => ok({ a: 1 })))
    await expect(request('/api/x')).resolves.toEqual({ a: 1 })
    await expect(http.get('/api/x')).resolves.toEqual({ a: 1 })
    await expect(requestEnvelope('/api/x')).resolves.toEqual({
      code: 200,
      success: true,
      data: { a: 1 },
      msg: '操作成功',
    })
    server.use(mock.get(`${API}/captcha`, () => HttpResponse.json({ key: 'k', image: 'data:x' })))
    await expect(request('/api/captcha', { raw: true })).resolves.toEqual({
      key: 'k',
      image: 'data:x',
    })
  })

  it('takes the status from error_code, then code, then HTTP', async () => {
    server.use(
      mock.get(`${API}/a`, () =>
        HttpResponse.json({ error_code: 400, code: 500, error_description: 'desc' }),
      ),
      mock.get(`${API}/b`, () => HttpResponse.json({ code: 403, msg: '无权限' })),
      mock.get(`${API}/c`, () => new HttpResponse('nope', { status: 404 })),
    )
    const a = await failure(request('/api/a'))
    expect([a.code, a.msg]).toEqual([400, 'desc'])
    const b = await failure(request('/api/b'))
    expect([b.code, b.msg]).toEqual([403, '无权限'])
    const c = await failure(request('/api/c'))
    expect([c.code, c.msg]).toEqual([404, '系统错误'])
    expect(toasts).toEqual(['desc', '无权限', '系统错误'])
  })

  it('rejects a non-200 code with code, msg and data and shows it; silent shows nothing', async () => {
    server.use(
      mock.post(`${API}/save`, () =>
        HttpResponse.json(
          { code: 400, success: false, data: { f: 1 }, msg: '名称重复' },
          { status: 400 },
        ),
      ),
    )
    const err = await failure(http.post('/api/save', { name: 'x' }))
    expect(err).toMatchObject({ code: 400, msg: '名称重复', data: { code: 400, data: { f: 1 } } })
    expect(toasts).toEqual(['名称重复'])
    await failure(http.post('/api/save', {}, { silent: true }))
    expect(toasts).toHaveLength(1)
  })

  it("shows the server's message in English where the catalog knows it (each of a form's joined errors); others as written", async () => {
    server.use(
      mock.post(`${API}/save`, () =>
        HttpResponse.json(
          {
            code: 400,
            success: false,
            msg: '请选择费用月份; 订单号不能为空; 租户授权已过期（测试）',
          },
          { status: 400 },
        ),
      ),
    )
    await activateLocale('en')
    try {
      const err = await failure(http.post('/api/save', {}))
      expect(err.msg).toBe('Choose the fee month; Order ID cannot be empty; 租户授权已过期（测试）')
      expect(toasts).toEqual([err.msg])
    } finally {
      await activateLocale('zh')
    }
    // In Chinese the message is the server's, unchanged.
    expect((await failure(http.post('/api/save', {}))).msg).toBe(
      '请选择费用月份; 订单号不能为空; 租户授权已过期（测试）',
    )
  })

  it('shows an OAuth error (code > 2000 with a description) once', async () => {
    server.use(
      mock.get(`${API}/oauth`, () =>
        HttpResponse.json({ error_code: 2001, error_description: '账号已锁定' }),
      ),
    )
    const errs = await Promise.all([failure(request('/api/oauth')), failure(request('/api/oauth'))])
    expect(errs.map((e) => e.code)).toEqual([2001, 2001])
    expect(toasts).toEqual(['账号已锁定'])
  })

  it('rejects whitelisted codes silently', async () => {
    config.statusWhiteList.push(499)
    try {
      server.use(mock.get(`${API}/w`, () => HttpResponse.json({ code: 499, msg: 'quiet' })))
      expect((await failure(request('/api/w'))).code).toBe(499)
      expect(toasts).toEqual([])
    } finally {
      config.statusWhiteList.pop()
    }
  })

  it('rejects network errors and statuses above 500 with a message', async () => {
    server.use(
      mock.get(`${API}/down`, () => HttpResponse.error()),
      mock.get(`${API}/gw`, () => new HttpResponse(null, { status: 502 })),
    )
    const net = await failure(request('/api/down'))
    expect(net.code).toBe(0)
    expect(net.message).not.toBe('')
    expect((await failure(request('/api/gw'))).code).toBe(502)
  })
})

describe('request shape', () => {
  it('sends the Blade headers, Basic unless disabled, and the token when stored', async () => {
    const seen: Headers[] = []
    server.use(mock.get(`${API}/h`, ({ request: r }) => (seen.push(r.headers), ok(null))))
    await request('/api/h')
    signIn('tok')
    await request('/api/h')
    await request('/api/h', { authorization: false, withToken: false })
    expect(seen[0].get('Blade-Requested-With')).toBe('BladeHttpRequest')
    expect(seen[0].get('Authorization')).toBe(`Basic ${btoa('saber:saber_secret')}`)
    expect(seen[0].get('Blade-Auth')).toBeNull()
    expect(seen[1].get('Blade-Auth')).toBe('bearer tok')
    expect(seen[2].get('Authorization')).toBeNull()
    expect(seen[2].get('Blade-Auth')).toBeNull()
    expect(seen[2].get('Blade-Requested-With')).toBe('BladeHttpRequest')
  })

  it('sends form bodies url-encoded with arrays joined by commas; query arrays too', async () => {
    let body = ''
    let type = ''
    let query = ''
    server.use(
      mock.post(`${API}/remove`, async ({ request: r }) => {
        body = await r.text()
        type = r.headers.get('Content-Type') ?? ''
        query = new URL(r.url).search
        return ok(true)
      }),
    )
    await request('/api/remove', {
      method: 'POST',
      form: { ids: ['1', '2'], name: 'a b', skip: undefined },
      query: { ids: ['3', '4'] },
    })
    expect(type).toContain('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({ ids: '1,2', name: 'a b' })
    expect(new URLSearchParams(query).get('ids')).toBe('3,4')
  })

  it('sends JSON bodies and downloads blobs', async () => {
    let got: unknown
    server.use(
      mock.post(`${API}/json`, async ({ request: r }) => ((got = await r.json()), ok(1))),
      mock.get(
        `${API}/export`,
        () => new HttpResponse('a,b\n1,2', { headers: { 'Content-Type': 'text/csv' } }),
      ),
    )
    await http.post('/api/json', { a: [1, 2] })
    expect(got).toEqual({ a: [1, 2] })
    const blob = await request<Blob>('/api/export', { responseType: 'blob' })
    expect(await blob.text()).toBe('a,b\n1,2')
  })
})

describe('401', () => {
  let refreshes = 0
  beforeEach(() => {
    refreshes = 0
  })

  const tokenRoute = (answer: () => Response | Promise<Response>) =>
    mock.post(`${API}/blade-auth/oauth/token`, async ({ request: r }) => {
      const q = new URL(r.url).searchParams
      expect(q.get('grant_type')).toBe('refresh_token')
      expect(q.get('refresh_token')).toBe('r1')
      refreshes++
      await delay(30)
      return answer()
    })

  it('refreshes once for three concurrent requests and replays them with the new token', async () => {
    signIn('old')
    server.use(
      mock.get(`${API}/data/:n`, ({ request: r, params }) =>
        r.headers.get('Blade-Auth') === 'bearer new'
          ? ok(`n${String(params.n)}`)
          : HttpResponse.json({ code: 401, msg: '请求未授权' }, { status: 401 }),
      ),
      tokenRoute(() =>
        HttpResponse.json({
          access_token: 'new',
          refresh_token: 'r2',
          tenant_id: '000000',
          user_id: '1',
        }),
      ),
    )
    await expect(
      Promise.all([request('/api/data/1'), request('/api/data/2'), request('/api/data/3')]),
    ).resolves.toEqual(['n1', 'n2', 'n3'])
    expect(refreshes).toBe(1)
    expect(sessionStore.getState()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' })
    expect(toasts).toEqual([])
    expect(toLogin).not.toHaveBeenCalled()
  })

  it('a second 401 clears the session, shows the expired message once and goes to /login', async () => {
    signIn('old')
    const logout = vi.fn()
    const unsub = sessionStore.subscribe(() => {
      if (!sessionStore.getState().accessToken) logout()
    })
    server.use(
      mock.get(`${API}/data`, () =>
        HttpResponse.json({ code: 401, msg: '请求未授权' }, { status: 401 }),
      ),
      tokenRoute(() => HttpResponse.json({ access_token: 'new', refresh_token: 'r2' })),
    )
    const errs = await Promise.all([failure(request('/api/data')), failure(request('/api/data'))])
    unsub()
    expect(errs.map((e) => e.code)).toEqual([401, 401])
    expect(refreshes).toBe(1)
    expect(sessionStore.getState()).toMatchObject({ accessToken: '', refreshToken: '' })
    expect(logout).toHaveBeenCalled()
    expect(toasts).toEqual([EXPIRED])
    expect(toLogin).toHaveBeenCalled()
  })

  it('a failed refresh does the same', async () => {
    signIn('old')
    server.use(
      mock.get(`${API}/data`, () =>
        HttpResponse.json({ code: 401, msg: '请求未授权' }, { status: 401 }),
      ),
      tokenRoute(() =>
        HttpResponse.json(
          { error_code: 401, error_description: 'invalid refresh token' },
          { status: 401 },
        ),
      ),
    )
    expect((await failure(request('/api/data'))).msg).toBe(EXPIRED)
    expect(refreshes).toBe(1)
    expect(sessionStore.getState().accessToken).toBe('')
    expect(toasts).toEqual([EXPIRED])
    expect(toLogin).toHaveBeenCalledTimes(1)
  })

  it('a 401 for a request sent without the token is a plain error', async () => {
    signIn('old')
    server.use(
      mock.get(`${API}/public`, () =>
        HttpResponse.json({ code: 401, msg: '请求未授权' }, { status: 401 }),
      ),
    )
    expect((await failure(request('/api/public', { withToken: false }))).code).toBe(401)
    expect(sessionStore.getState().accessToken).toBe('old')
    expect(toLogin).not.toHaveBeenCalled()
    expect(toasts).toEqual(['请求未授权'])
  })

  it('the token endpoint itself never triggers a refresh', async () => {
    signIn('old')
    let calls = 0
    server.use(
      mock.post(`${API}/blade-auth/oauth/token`, () => {
        calls++
        return HttpResponse.json(
          { error_code: 401, error_description: '客户端认证失败' },
          { status: 401 },
        )
      }),
    )
    const err = await failure(
      request('/api/blade-auth/oauth/token', {
        method: 'POST',
        query: { grant_type: 'password' },
        raw: true,
      }),
    )
    expect([err.code, err.msg]).toEqual([401, '客户端认证失败'])
    expect(calls).toBe(1)
    expect(sessionStore.getState().accessToken).toBe('old')
    expect(toLogin).not.toHaveBeenCalled()
    expect(toasts).toEqual(['客户端认证失败'])
  })
})
