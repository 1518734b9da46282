// The production build is served by the real server and boots in Chromium.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

it('serves the built app with the Chinese page title and deep links through the fallback', async () => {
  const page = await browser.context.newPage()
  const res = await page.goto(`${s.baseUrl}/some/deep/link`)
  expect(res?.status()).toBe(200)
  expect(await page.title()).toContain('越南电商管理平台')
  const sw = await fetch(`${s.baseUrl}/sw.js`)
  expect(sw.status).toBe(200)
  expect(sw.headers.get('cache-control')).toBe('no-cache')
})
