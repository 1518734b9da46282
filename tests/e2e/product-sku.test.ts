// Products end to end ("type a SKU with autocomplete from the cached product list"): the
// production build against the real server in headless Chromium, as the warehouse user. The
// product screen lists the seeded products; online once, the count screen caches the product list;
// offline after a reload, typing part of a name still offers the product's SKU, and choosing it
// fills the SKU field.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  cachedQueryHashes,
  waitForOfflineDb,
  waitForWorkerControl,
} from '../support/offline-page.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const CHECK_DATE = '2025-07-03'
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  const count = await call(s.baseUrl, 'POST', '/api/stockTaking/submit', {
    token,
    json: { checkDate: CHECK_DATE, brandId: 'dmr' },
  })
  expect(count.body.success, JSON.stringify(count.body)).toBe(true)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const resume = () => page.getByRole('button', { name: new RegExp(`^继续盘点 ${CHECK_DATE}`) })

it('offers the cached product SKUs on the count screen, online and after a reload offline', async () => {
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(`${s.baseUrl}/login`)
  await waitForWorkerControl(page)
  await loginThroughPage(page, s, 'warehouse', '123456')
  await waitForOfflineDb(page)

  await page.goto(`${s.baseUrl}/product/product`)
  await page.getByRole('cell', { name: 'DMR-SET-AO-DAI-S-NON-LA' }).waitFor()

  await page.goto(`${s.baseUrl}/stock/count`)
  await resume().click()
  const sku = page.getByRole('combobox', { name: 'SKU编号' })
  await sku.fill('斗笠')
  await page.getByRole('option', { name: /DMR-NON-LA-01/ }).waitFor()
  await expect
    .poll(
      async () => (await cachedQueryHashes(page)).some((h) => h.includes('"product","skus"')),
      WAIT,
    )
    .toBe(true)

  await browser.context.setOffline(true)
  await page.goto(`${s.baseUrl}/stock/count`)
  await expect
    .poll(() => page.getByTestId('sync-indicator').getAttribute('data-online'), WAIT)
    .toBe('false')
  await resume().click()
  await sku.fill('non-la')
  await page.getByRole('option', { name: /DMR-NON-LA-01/ }).click()
  await expect.poll(() => sku.inputValue(), WAIT).toBe('DMR-NON-LA-01')
  await browser.context.setOffline(false)
  expect(pageErrors).toEqual([])
})
