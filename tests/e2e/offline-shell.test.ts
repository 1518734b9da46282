// The offline shell end to end (docs/offline.md R26, R28, R29): the production build served by the real server in headless
// Chromium. After login the service worker controls the page; offline, a reload renders the shell
// from the precache with the menus from the worker's runtime cache. A Blade business error
// (HTTP 200, success:false) is never stored, so offline it is not served from cache, and it does
// not replace a good cached answer. Logout clears the runtime API caches.
import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

interface FetchResult {
  ok: boolean
  status?: number
  body?: { code?: number; success?: boolean; data?: unknown; msg?: string }
  error?: string
}

/** A GET from the page with the session's token, as the app sends it (the worker scopes by it). */
function apiGet(path: string): Promise<FetchResult> {
  return page.evaluate(async (p) => {
    const raw = localStorage.getItem('saber-token')
    const token = raw ? (JSON.parse(raw) as { content: string }).content : ''
    try {
      const res = await fetch(p, {
        headers: { 'Blade-Auth': `bearer ${token}`, 'Blade-Requested-With': 'BladeHttpRequest' },
      })
      return { ok: true, status: res.status, body: await res.json() }
    } catch (e) {
      return { ok: false, error: String(e) }
    }
  }, path)
}

/** The runtime API cache entries whose URL contains `part` (all scopes). */
function cachedUrls(part: string): Promise<string[]> {
  return page.evaluate(async (p) => {
    const out: string[] = []
    for (const name of await caches.keys()) {
      if (!name.startsWith('blade-api-')) continue
      for (const req of await (await caches.open(name)).keys())
        if (req.url.includes(p)) out.push(req.url)
    }
    return out
  }, part)
}

async function waitForWorkerControl(): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready
    const sw = reg.active!
    if (sw.state !== 'activated')
      await new Promise<void>((resolve) =>
        sw.addEventListener('statechange', () => sw.state === 'activated' && resolve()),
      )
  })
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 15000,
    })
    .toBe(true)
}

it('reloads offline into the shell with menus from the worker cache', async () => {
  // The first visit installs the worker; log in once it controls the page, so the shell's first
  // reads (menus, user info) pass through it. Later reloads restore them from the persisted query
  // cache without a request.
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl()
  await loginThroughPage(page, s, 'admin', 'admin')
  await page.waitForURL(/\/wel\/index/)
  await expect
    .poll(() => cachedUrls('/api/blade-system/menu/routes'), { timeout: 15000 })
    .not.toEqual([])
  await expect
    .poll(() => cachedUrls('/api/blade-system/user/info'), { timeout: 15000 })
    .not.toEqual([])
  // Writes and lists are never stored by the worker.
  expect(await cachedUrls('/list')).toEqual([])

  await context.setOffline(true)
  await page.reload()
  const sidebar = page.locator('[data-testid="sidebar"]')
  await expect
    .poll(() => sidebar.getByText('系统管理', { exact: true }).count(), { timeout: 15000 })
    .toBeGreaterThan(0)
  // The menu itself comes from the worker's cache, not the network.
  const routes = await apiGet('/api/blade-system/menu/routes')
  expect(routes.ok).toBe(true)
  expect(routes.body?.success).toBe(true)
  expect(Array.isArray(routes.body?.data) && routes.body.data.length > 0).toBe(true)
  await context.setOffline(false)
})

it('never serves a business error from cache, and keeps the last good answer', async () => {
  const badPath = '/api/blade-system/dict/dictionary?code=pwa_probe_error'
  const goodPath = '/api/blade-system/dict/dictionary?code=pwa_probe_good'
  let mode: 'good' | 'error' = 'good'
  let goodHits = 0
  const businessError = { code: 400, success: false, data: {}, msg: '业务异常' }
  // The worker's own network requests are routed here (Chromium): the real server answers errors
  // with an HTTP error status, so HTTP 200 with success:false is produced at the network edge.
  const handler = async (route: Route) => {
    const url = new URL(route.request().url())
    if (url.searchParams.get('code') === 'pwa_probe_error')
      return route.fulfill({ status: 200, json: businessError })
    goodHits++
    return route.fulfill({
      status: 200,
      json:
        mode === 'good'
          ? {
              code: 200,
              success: true,
              data: [{ dictKey: '1', dictValue: 'good' }],
              msg: '操作成功',
            }
          : businessError,
    })
  }
  await context.route(/\/api\/blade-system\/dict\/dictionary\?code=pwa_probe_/, handler)

  // A business error online reaches the page as it is, and is not stored.
  const online = await apiGet(badPath)
  expect(online.body).toMatchObject({ success: false, code: 400 })
  expect(await cachedUrls('code=pwa_probe_error')).toEqual([])

  // A good answer is stored; a later business error does not replace it (stale-while-revalidate
  // serves the good copy and refuses the error on revalidation).
  expect((await apiGet(goodPath)).body).toMatchObject({ success: true })
  await expect.poll(() => cachedUrls('code=pwa_probe_good')).not.toEqual([])
  mode = 'error'
  const hitsBefore = goodHits
  expect((await apiGet(goodPath)).body).toMatchObject({ success: true })
  await expect.poll(() => goodHits).toBe(hitsBefore + 1)

  await context.unroute(/\/api\/blade-system\/dict\/dictionary\?code=pwa_probe_/, handler)
  await context.setOffline(true)
  const offlineBad = await apiGet(badPath)
  expect(offlineBad.ok).toBe(false)
  const offlineGood = await apiGet(goodPath)
  expect(offlineGood.body).toMatchObject({ success: true, data: [{ dictValue: 'good' }] })
  await context.setOffline(false)
})

it('clears the runtime API caches on logout', async () => {
  expect(await cachedUrls('/api/')).not.toEqual([])
  await page.goto(`${s.baseUrl}/wel/index`)
  await page.locator('[data-testid="user-menu"]').click()
  await page.getByRole('menuitem').last().click()
  await page.getByRole('dialog').getByRole('button').last().click()
  await page.waitForURL(/\/login/)
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('blade-api-'))),
    )
    .toEqual([])
  expect(pageErrors).toEqual([])
})
