import { afterAll, beforeAll, expect, it } from 'vitest'
import { token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { CAPTCHA_ALPHABET } from '../../auth/captcha-image.ts'

forEachDatabase('auth: captcha', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
  })
  afterAll(() => s?.close())

  const newCaptcha = async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/captcha')
    expect(r.status).toBe(200)
    const row = await s.db
      .selectFrom('bladeCaptcha')
      .selectAll()
      .where('captchaKey', '=', r.body.key)
      .executeTakeFirstOrThrow()
    return {
      key: r.body.key as string,
      image: r.body.image as string,
      code: row.code,
      expiresAt: row.expiresAt,
    }
  }
  const login = async (key: string | undefined, code: string | undefined, password = 'admin') => {
    const headers: Record<string, string> = {}
    if (key) headers['Captcha-Key'] = key
    if (code) headers['Captcha-Code'] = code
    return token(
      s,
      {
        grant_type: 'captcha',
        tenantId: '000000',
        username: 'admin',
        password: await encryptForServer(s.baseUrl, password),
      },
      { headers },
    )
  }

  it('answers a bare {key, image} with an SVG of five characters that does not spell the code', async () => {
    const c = await newCaptcha()
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(c.image.split(',')[1], 'base64').toString()
    expect(svg).toMatch(/^<svg [^>]*width="130" height="48"/)
    expect(svg).not.toContain('<text')
    expect(svg.match(/stroke-linecap="round"/g)).toHaveLength(5)
    expect(c.code).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET.toLowerCase()}]{5}$`))
    expect(c.expiresAt - Date.now()).toBeGreaterThan(29 * 60 * 1000)
    expect(c.expiresAt - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000)
  })

  it('logs in with the right code, in any letter case, once', async () => {
    const c = await newCaptcha()
    const r = await login(c.key, c.code.toUpperCase())
    expect(r.status).toBe(200)
    expect(r.body.account).toBe('admin')
    const again = await login(c.key, c.code)
    expect(again.body).toEqual({ error_code: 400, error_description: '验证码不正确' })
  })

  it('refuses a wrong code and burns the captcha', async () => {
    const c = await newCaptcha()
    expect((await login(c.key, 'zzzzz')).body).toEqual({
      error_code: 400,
      error_description: '验证码不正确',
    })
    expect((await login(c.key, c.code)).body.error_description).toBe('验证码不正确')
    expect(
      await s.db
        .selectFrom('bladeCaptcha')
        .select('code')
        .where('captchaKey', '=', c.key)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('refuses a missing or expired captcha', async () => {
    expect((await login(undefined, undefined)).body.error_description).toBe('验证码不正确')
    const c = await newCaptcha()
    await s.db
      .updateTable('bladeCaptcha')
      .set({ expiresAt: Date.now() - 1 })
      .where('captchaKey', '=', c.key)
      .execute()
    expect((await login(c.key, c.code)).body.error_description).toBe('验证码不正确')
  })

  it('checks the captcha before the password', async () => {
    const c = await newCaptcha()
    expect((await login(c.key, c.code, 'wrong')).body.error_description).toBe('用户名或密码错误')
  })
})
