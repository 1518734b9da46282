// The shell end to end: the production build against the real server in headless Chromium — log in
// through the login page (captcha answered from the test database), open two menu screens as tabs,
// close one, switch language, lock and unlock, log out.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const tab = (path: string) => page.locator(`[data-testid="tab-${path}"]`)

it('logs in, works with tabs, switches language, locks and unlocks, and logs out', async () => {
  // Unauthenticated: any shell route goes to /login.
  await page.goto(`${s.baseUrl}/wel/index`)
  await page.waitForURL(/\/login/)

  await loginThroughPage(page, s, 'admin', 'admin')
  await page.waitForURL(/\/wel\/index/)
  await expect.poll(() => tab('/wel/index').count()).toBe(1)

  // Two menu screens from the server's menu, opened from the sidebar: each becomes a tab.
  const sidebar = page.locator('[data-testid="sidebar"]')
  await sidebar.getByText('系统管理', { exact: true }).click()
  await sidebar.locator('[data-testid="menu-/system/param"]').click()
  await page.waitForURL(/\/system\/param/)
  await sidebar.locator('[data-testid="menu-/system/post"]').click()
  await page.waitForURL(/\/system\/post/)
  await expect.poll(() => tab('/system/param').count()).toBe(1)
  await expect.poll(() => tab('/system/post').count()).toBe(1)
  expect(await tab('/system/post').getAttribute('data-active')).not.toBeNull()

  // Close the active tab: the previous one opens.
  await tab('/system/post').locator('button[title^="关闭"]').click()
  await expect.poll(() => tab('/system/post').count()).toBe(0)
  await page.waitForURL(/\/system\/param/)
  // The home tab cannot be closed.
  expect(await tab('/wel/index').locator('button[title^="关闭"]').count()).toBe(0)

  // Language: English labels from the server's menu aliases; remembered across a reload.
  await page.locator('[data-testid="language-switch"]').click()
  await page.locator('[data-testid="language-en"]').click()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
  await expect.poll(() => sidebar.getByText('System', { exact: true }).count()).toBeGreaterThan(0)
  await page.reload()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
  // Tabs survive the reload.
  await expect.poll(() => tab('/system/param').count()).toBe(1)

  // Lock with a password, then unlock: a wrong password is refused, the right one returns.
  await page.locator('[data-testid="lock-button"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[type="password"]').fill('s3cret')
  await dialog.locator('button[type="submit"]').click()
  await page.waitForURL(/\/lock/)
  // While locked every route goes back to the lock screen.
  await page.goto(`${s.baseUrl}/wel/index`)
  await page.waitForURL(/\/lock/)
  await page.locator('input[type="password"]').fill('wrong')
  await page.locator('button[type="submit"]').click()
  await expect.poll(() => page.url()).toMatch(/\/lock/)
  await page.locator('input[type="password"]').fill('s3cret')
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/lock'))

  // Log out: confirmed, back to /login, the session is revoked on the server.
  await page.locator('[data-testid="user-menu"]').click()
  await page.getByRole('menuitem').last().click()
  await page.getByRole('dialog').getByRole('button').last().click()
  await page.waitForURL(/\/login/)
  await expect
    .poll(async () =>
      (await s.db.selectFrom('bladeRefreshToken').select('revoked').execute()).every(
        (r) => r.revoked !== 0,
      ),
    )
    .toBe(true)
  await page.goto(`${s.baseUrl}/wel/index`)
  await page.waitForURL(/\/login/)
  expect(pageErrors).toEqual([])
})
