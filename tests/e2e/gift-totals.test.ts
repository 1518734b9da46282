// Gift totals end to end ("read a gift total chart"): the production build against the real
// server in headless Chromium. Gift details of this month are created through the API as admin;
// the per-anchor totals screen opens on this month and shows the top anchors as bars, named on the
// axis and labelled with their đồng, and the totals row under the groups.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
const month = (() => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
})()

// Coin value 250 đồng (the seeded parameter): Hoa 600 coins, Mai 99, Lan 10.
const GIFTS = [
  {
    anchorId: 'A-HOA',
    anchorName: 'Anchor Hoa',
    userId: 'U1',
    giftName: 'Lion',
    giftPrice: 100,
    giftQuantity: 3,
    sendGiftTime: `${month}-01 10:00:00`,
  },
  {
    anchorId: 'A-HOA',
    anchorName: 'Anchor Hoa',
    userId: 'U2',
    giftName: 'Lion',
    giftPrice: 100,
    giftQuantity: 3,
    sendGiftTime: `${month}-02 11:00:00`,
  },
  {
    anchorId: 'A-MAI',
    anchorName: 'Anchor Mai',
    userId: 'U1',
    giftName: 'Rose',
    giftPrice: 49.5,
    giftQuantity: 2,
    sendGiftTime: `${month}-03 12:00:00`,
  },
  {
    anchorId: 'A-LAN',
    anchorName: 'Anchor Lan',
    userId: 'U3',
    giftName: 'Heart',
    giftPrice: 10,
    giftQuantity: 1,
    sendGiftTime: `${month}-04 13:00:00`,
  },
]

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  for (const g of GIFTS) {
    const r = await call(s.baseUrl, 'POST', '/api/giftdetail/giftDetail/submit', {
      token,
      json: {
        ...g,
        liveId: `LIVE-${g.anchorId}`,
        userNickName: g.userId,
        plartformAccount: g.userId,
      },
    })
    expect(r.body.success, JSON.stringify(r.body)).toBe(true)
  }
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

it("shows this month's top anchors as bars and the totals row on the per-anchor totals screen", async () => {
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
  await page.goto(`${s.baseUrl}/gift/anchor-total`)

  const chart = page.getByTestId('gift-chart')
  await chart.locator('.recharts-bar-rectangle').first().waitFor(WAIT)
  const names = () =>
    chart
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents()
  await expect.poll(names, WAIT).toEqual(['Anchor Hoa', 'Anchor Mai', 'Anchor Lan'])
  expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(3)
  // Each bar's value label, compact so that it fits a phone (recharts may break a label into lines: spaces dropped).
  const labels = await chart.locator('.recharts-label-list text').allTextContents()
  expect(labels.map((t) => t.replace(/\s/g, ''))).toEqual(['150K₫', '24.8K₫', '2.5K₫'])

  const table = page.getByRole('table')
  const rows = table.locator('tbody tr')
  await expect.poll(() => rows.count(), WAIT).toBe(4)
  const cells = async (i: number) =>
    (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim())
  expect(await cells(0)).toEqual(['A-HOA', 'Anchor Hoa', '2', '6', '600', '150,000 ₫'])
  expect(await cells(3)).toEqual(['合计', '', '4', '9', '709', '177,250 ₫'])
  expect(pageErrors).toEqual([])
})
