// Logs in through the real login page. The captcha is answered the way a test harness
// legitimately can: the page's captcha key is read from its own network response and the code
// from the test database.
import type { Page, Response } from 'playwright-core'
import { KEY_PREFIX, storedValue } from '../../src/api/storage.ts'
import { loginAs } from './login.ts'
import type { TestServer } from './test-server.ts'

async function captchaKey(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { key?: string; data?: { key?: string } }
    return body.key ?? body.data?.key ?? null
  } catch {
    return null
  }
}

export async function captchaCode(s: TestServer, key: string): Promise<string> {
  const row = await s.db
    .selectFrom('bladeCaptcha')
    .select('code')
    .where('captchaKey', '=', key)
    .executeTakeFirstOrThrow()
  return row.code
}

const isCaptcha = (r: Response) =>
  r.url().includes('/blade-auth/oauth/captcha') && r.request().method() === 'GET'

/** Opens /login, fills it and submits; resolves once the shell shows. */
export async function loginThroughPage(
  page: Page,
  s: TestServer,
  account: string,
  password: string,
  opts: { tenantId?: string } = {},
): Promise<void> {
  // The page may already be on /login (or on its way there): leave it first, so that the captcha read
  // below is the one of the form that will be filled, not one the page being left was still fetching.
  await page.goto('about:blank')
  const shown = page.waitForResponse(isCaptcha)
  await page.goto(`${s.baseUrl}/login`)
  const key = await captchaKey(await shown)
  if (!key) throw new Error('no captcha key in the login page’s captcha response')
  const code = await captchaCode(s, key)
  if (opts.tenantId) await page.getByLabel(/租户ID|Tenant ID/).fill(opts.tenantId)
  await page.getByLabel(/用户名|Username|Account/).fill(account)
  await page
    .getByLabel(/^密码|^Password/)
    .first()
    .fill(password)
  await page
    .getByLabel(/^验证码|^Captcha/)
    .first()
    .fill(code)
  await page.getByRole('button', { name: /登录|Log ?in|Sign in/ }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
}

/**
 * Signs in as a returning user, for the files whose subject is not the login page (that page is
 * tested through `loginThroughPage`): the token the password grant answers is stored as the login
 * page stores it (src/api/session.ts: the saber-* entries and the token cookies), from a static
 * file of the origin, so no page of the app loads for it. The next `page.goto` opens the app
 * signed in, and the shell loads the user's info, buttons and menu as after any reload.
 */
export async function signInStored(
  page: Page,
  s: TestServer,
  account: string,
  password: string,
): Promise<void> {
  const info = await loginAs(s.baseUrl, account, password)
  // What sessionStore.login commits, under the names it stores them by.
  const entries = Object.entries({
    token: info.access_token,
    refreshToken: info.refresh_token,
    tenantId: info.tenant_id,
    userInfo: info,
    isLock: false,
    lockPasswd: '',
    tokenStoredAt: Date.now(),
  }).map(([name, content]) => [KEY_PREFIX + name, storedValue(content)] as const)
  await page.goto(`${s.baseUrl}/favicon.svg`)
  await page.evaluate(
    ({ entries, access, refresh }) => {
      for (const [key, value] of entries) localStorage.setItem(key, value)
      document.cookie = `saber-access-token=${encodeURIComponent(access)}; path=/; SameSite=Lax`
      document.cookie = `saber-refresh-token=${encodeURIComponent(refresh)}; path=/; SameSite=Lax`
    },
    { entries, access: info.access_token, refresh: info.refresh_token },
  )
}
