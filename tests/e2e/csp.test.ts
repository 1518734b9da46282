// The built app passes its Content-Security-Policy: served by the real server (which sends the CSP on
// every answer) in headless Chromium, the login page, a list screen, the service worker's install and
// activation, its cached API answers and an embedded-page menu entry run with no violation — none in
// the page (securitypolicyviolation events, "Refused to ..." console messages) nor in the worker.
// Controls at the end show a violation would have been seen in both places.
import type { BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { waitForWorkerControl } from '../support/offline-page.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

declare global {
  interface Window {
    cspViolations?: string[]
  }
}

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
const refused: string[] = []
const pageErrors: string[] = []
const EMBEDDED = 'https://reports.example.invalid/design'

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  // An external menu entry the embedded-page screen frames (admins see every menu).
  const parent = await s.db
    .selectFrom('bladeMenu')
    .select('id')
    .where('code', '=', 'report')
    .executeTakeFirstOrThrow()
  await s.db
    .insertInto('bladeMenu')
    .values({
      id: '1990000000000000001',
      parentId: parent.id,
      code: 'csp_embedded',
      name: '报表设计',
      alias: 'Report designer',
      path: EMBEDDED,
      source: 'IconReportAnalytics',
      sort: 9,
      category: 1,
      action: 1,
      isOpen: 1,
      remark: null,
    })
    .execute()
  browser = await launchBrowser()
  context = browser.context
  // Injected by the browser before any page script, so it sees violations from the first one on.
  await context.addInitScript(() => {
    window.cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations!.push(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      ),
    )
  })
  page = await context.newPage()
  const onConsole = (m: ConsoleMessage) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text())
  }
  page.on('console', onConsole)
  page.on('pageerror', (e) => pageErrors.push(e.message))
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const violations = () => page.evaluate(() => window.cspViolations ?? [])

async function activeWorker(): Promise<Worker> {
  await expect.poll(() => context.serviceWorkers().length, { timeout: 60_000 }).toBeGreaterThan(0)
  return context.serviceWorkers()[0]!
}

it('logs in, opens a list screen and an embedded page, and the worker activates, with no CSP violation', async () => {
  const response = await page.goto(`${s.baseUrl}/login`)
  expect(await response!.headerValue('content-security-policy')).toContain("script-src 'self'")
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await page.waitForURL(/\/wel\/index/)

  // A list screen: rows from the API, through the worker that now controls the page.
  await page.goto(`${s.baseUrl}/system/post`)
  await page.getByRole('table').getByText('会计', { exact: true }).waitFor()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated')
  expect(await violations()).toEqual([])

  // The embedded page of an external menu entry: framed (it may not load here, but it is not refused).
  await page.goto(`${s.baseUrl}/myiframe/csp_embedded`)
  // The app boots again after the navigation: the frame may take longer than a poll's first second.
  await page.getByTestId('embedded-page').waitFor()
  await expect
    .poll(() => page.locator('[data-testid="embedded-page"]').getAttribute('src'))
    .toBe(EMBEDDED)

  // The worker fetches the API under its own CSP (sw.js carries it) and is not refused.
  const worker = await activeWorker()
  expect(await worker.evaluate(async () => (await fetch('/api/health')).status)).toBe(200)

  expect(await violations()).toEqual([])
  expect(refused).toEqual([])
  expect(pageErrors).toEqual([])
})

it('would have seen a violation in the page and in the worker (controls)', async () => {
  await page.evaluate(() => fetch('https://blocked.example.invalid/x').catch(() => null))
  await expect
    .poll(violations)
    .toEqual([expect.stringMatching(/^connect-src https:\/\/blocked\.example\.invalid\/x /)])
  await expect.poll(() => refused.length).toBeGreaterThan(0)

  const worker = await activeWorker()
  // The worker's report of the refused fetch is awaited as the event it is.
  const inWorker = await worker.evaluate(async () => {
    const seen = new Promise<string>((resolve) =>
      self.addEventListener(
        'securitypolicyviolation',
        (e) => resolve((e as SecurityPolicyViolationEvent).effectiveDirective),
        { once: true },
      ),
    )
    await fetch('https://blocked.example.invalid/y').catch(() => null)
    return seen
  })
  expect(inWorker).toBe('connect-src')
})
