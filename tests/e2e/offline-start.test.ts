// Offline cold start (docs/offline.md P1, R23, R28) on the production build: a list seen online comes
// back from the persisted query cache on an offline reload, in the first frame the page paints,
// also after a reload whose refetches of that (stale) data failed offline and the persister saved
// again: such failed refetches used to drop the cached list and menus from the cache.
import type { BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import {
  apiCall,
  cachedQueryHashes,
  persistedAt,
  waitForOfflineDb,
  waitForWorkerControl,
} from '../support/offline-page.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let context: BrowserContext
let page: Page

const WAIT = { timeout: 60_000, interval: 100 }
const ROW = 'table input[type="checkbox"][aria-label^="选择第"]'

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  context = browser.context
  page = await context.newPage()
  // In every document: when the first data row was added, and whether the first paint came later.
  await context.addInitScript((row) => {
    const w = window as unknown as { __rowAt?: number }
    const observer = new MutationObserver(() => {
      if (document.querySelector(row)) {
        w.__rowAt = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document, { childList: true, subtree: true })
  }, ROW)
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

/** The data rows' first cells, and whether the rows were already in the page's first paint. */
async function shownRows(): Promise<{ names: string[]; inFirstPaint: boolean }> {
  await page.locator(ROW).first().waitFor({ timeout: 20000 })
  return page.evaluate(async (row) => {
    const paint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    // The paint entry is queued once the frame is presented.
    for (let i = 0; i < 50 && paint() === undefined; i++)
      await new Promise((r) => setTimeout(r, 20))
    const rowAt = (window as unknown as { __rowAt?: number }).__rowAt
    const names = [...document.querySelectorAll(row)].map(
      (box) => box.closest('tr')?.querySelectorAll('td')[2]?.textContent ?? '',
    )
    return {
      names,
      inFirstPaint: rowAt !== undefined && paint() !== undefined && rowAt <= paint()!,
    }
  }, ROW)
}

it('reloads offline into the last-seen list, also once the page refetched it offline and failed', async () => {
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'admin', 'admin')
  await waitForOfflineDb(page)
  for (let i = 0; i < 3; i++)
    await apiCall(page, 'POST', '/api/blade-system/param/submit', {
      paramName: `start ${i}`,
      paramKey: `offline.start.${i}`,
      paramValue: String(i),
    })
  await page.goto(`${s.baseUrl}/system/param`)
  const online = await shownRows()
  expect(online.names).toEqual(expect.arrayContaining(['start 0', 'start 1', 'start 2']))
  // The persister saves at most once a second.
  await expect
    .poll(async () => (await cachedQueryHashes(page)).some((h) => h.includes('"param","list"')), {
      timeout: 10000,
    })
    .toBe(true)
  await context.setOffline(true)
  try {
    await page.reload()
    expect(await shownRows()).toEqual({ names: online.names, inFirstPaint: true })
    // A reload refetches what it restored (restored answers count as stale); offline the refetches
    // fail (after one retry) and the persister saves the cache again: the next reload still has it.
    // The list's refetch and its one retry fail: seen as the page's failed requests, each noted by
    // when it started on the browser's clock (the persister's timestamps are the page's).
    const failedAt: number[] = []
    const onFailed = (r: Request) => {
      if (new URL(r.url()).pathname === '/api/blade-system/param/list')
        failedAt.push(r.timing().startTime)
    }
    page.on('requestfailed', onFailed)
    await page.reload()
    expect((await shownRows()).names).toEqual(online.names)
    await expect.poll(() => failedAt.length, WAIT).toBeGreaterThanOrEqual(2)
    page.off('requestfailed', onFailed)
    // A persister write after the retry went out: the one its failure brings, or one just before
    // that failure, which the next reload's pagehide flush then follows.
    const retried = failedAt.at(-1)!
    await expect.poll(() => persistedAt(page), WAIT).toBeGreaterThan(retried)
    const hashes = await cachedQueryHashes(page)
    expect(hashes.some((h) => h.includes('"param","list"'))).toBe(true)
    expect(hashes.some((h) => h.includes('"menu","routes"'))).toBe(true)
    await page.reload()
    expect(await shownRows()).toEqual({ names: online.names, inFirstPaint: true })
  } finally {
    await context.setOffline(false)
  }
})
