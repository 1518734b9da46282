// The home dashboard end to end: the production build against the real server in headless
// Chromium, as admin. Today's orders, TK orders and gifts are created through the API (today is the
// browser's and this process's calendar day) and a KOL's response deadline set to today; /wel/index
// shows their figures, each card's own, and the 30-day charts draw bars; each card's title opens the
// screen it counts.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatNumber } from '../../src/domain/format.ts'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let adminToken: string
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
const today = (() => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
})()

/** Each card and the screen its title opens. */
const CARDS: [string, string][] = [
  ['order', '/order/order'],
  ['tk-order', '/order/tk-order'],
  ['gift', '/gift/gift-total'],
  ['kol-due', '/kol/follow-up'],
  ['stock-open', '/stock/stock-taking'],
  ['salary', '/finance/salary-month'],
  ['outbox', '/outbox'],
  ['order-days', '/order/order'],
  ['tk-order-days', '/order/tk-order'],
  ['gift-days', '/gift/gift-total'],
]

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (adminToken = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token)
  const post = async (path: string, json: Record<string, unknown>) => {
    const r = await call(s.baseUrl, 'POST', `/api${path}`, { token, json })
    expect(r.body.success, JSON.stringify(r.body)).toBe(true)
  }
  // Orders: 2 × 120 000 and a refunded 850 000.
  await post('/dmrOrder/submit', {
    orderNo: 'E2E-1',
    orderTime: `${today} 00:00:01`,
    channel: 'shopee',
    orderStatus: 'paid',
    items: [{ skuNo: 'DMR-NON-LA-01', quantity: 2, unitPrice: 120000 }],
  })
  await post('/dmrOrder/submit', {
    orderNo: 'E2E-2',
    orderTime: `${today} 00:00:02`,
    channel: 'shopee',
    orderStatus: 'refunded',
    items: [{ skuNo: 'DMR-AO-DAI-S-RED', quantity: 1, unitPrice: 850000 }],
  })
  // TK orders: 150 000, and 200 000 returned and refunded.
  await post('/tkOrder/tkOrder/submit', {
    orderId: 'TK-E2E-1',
    skuId: 'SKU-1',
    orderCreateTime: `${today} 00:00:01`,
    orderAmount: 150000,
    orderStatus: 'Completed',
  })
  await post('/tkOrder/tkOrder/submit', {
    orderId: 'TK-E2E-2',
    skuId: 'SKU-1',
    orderCreateTime: `${today} 00:00:02`,
    orderAmount: 200000,
    orderRefundAmount: 200000,
    cancelRefundType: 'Return/Refund',
    orderStatus: 'Completed',
  })
  // Gifts at the seeded 250 ₫ a coin: 300 + 99 coins = 99 750 ₫.
  for (const [i, giftPrice, giftQuantity] of [
    [1, 100, 3],
    [2, 49.5, 2],
  ] as const) {
    await post('/giftdetail/giftDetail/submit', {
      sendGiftTime: `${today} 00:00:0${i}`,
      liveId: 'LIVE-E2E',
      userId: `U${i}`,
      giftName: 'Lion',
      giftPrice,
      giftQuantity,
      anchorId: 'A1',
      anchorName: 'Anchor',
    })
  }
  await s.db
    .updateTable('dmrKolFile')
    .set({ responseDeadline: `${today} 18:00:00` })
    .where('tkUserName', '=', 'linhnguyen.style')
    .execute()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const figure = (code: string, key: string) =>
  page.getByTestId(`figure-${code}-${key}`).textContent()

/** The card's answer as the server gives it to admin, for the page to show. */
async function answer(code: string): Promise<Record<string, number>> {
  const r = await call(s.baseUrl, 'GET', `/api/blade-desk/dashboard/${code}`, {
    token: adminToken,
    query: { today },
  })
  return r.body.data as Record<string, number>
}

it("shows today's figures of the tenant on the home page, each card its own, and charts of the last 30 days", async () => {
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
  await page.goto(`${s.baseUrl}/wel/index`)
  // What was made above counts (demo data of today, if any, adds to it); the page shows the server's figures.
  const [order, tk, gift, kol, stock] = await Promise.all(
    ['order', 'tk-order', 'gift', 'kol-due', 'stock-open'].map(answer),
  )
  const atLeast: [Record<string, number> | undefined, string, number][] = [
    [order, 'todayOrders', 2],
    [order, 'todayAmount', 1090000],
    [order, 'todayRefunds', 1],
    [tk, 'todayOrders', 2],
    [tk, 'todayRefunds', 1],
    [tk, 'todayRefundAmount', 200000],
    [gift, 'todayValue', 99750],
    [kol, 'due', 1],
    [stock, 'open', 1],
  ]
  for (const [data, key, least] of atLeast) expect(data?.[key], key).toBeGreaterThanOrEqual(least)
  const shown = (label: string, count: number, amount?: number) =>
    `${label}${formatNumber('floor', count)}${amount === undefined ? '' : formatNumber('vnd', amount)}`
  await expect
    .poll(() => figure('order', 'todayOrders'), WAIT)
    .toBe(shown('今日订单', order!.todayOrders!, order!.todayAmount))
  expect(await figure('order', 'todayRefunds')).toBe(
    shown('今日退款', order!.todayRefunds!, order!.todayRefundAmount),
  )
  await expect
    .poll(() => figure('tk-order', 'todayOrders'), WAIT)
    .toBe(shown('今日订单', tk!.todayOrders!, tk!.todayAmount))
  expect(await figure('tk-order', 'monthRefunds')).toBe(
    shown('本月退款', tk!.monthRefunds!, tk!.monthRefundAmount),
  )
  await expect
    .poll(() => figure('gift', 'todayValue'), WAIT)
    .toBe(`今日礼物价值${formatNumber('vnd', gift!.todayValue)}`)
  await expect.poll(() => figure('kol-due', 'due'), WAIT).toBe(shown('待跟进达人', kol!.due!))
  await expect
    .poll(() => figure('stock-open', 'open'), WAIT)
    .toBe(shown('未完成的盘点', stock!.open!))
  expect(await figure('outbox', 'pending')).toBe('待同步0')
  // 30 bars, today's drawn.
  for (const chart of ['order-days', 'tk-order-days', 'gift-days']) {
    const card = page.getByTestId(`dashboard-card-${chart}`)
    await card.locator('.recharts-bar-rectangle path').first().waitFor(WAIT)
    expect(await card.locator('.recharts-bar-rectangle').count(), chart).toBe(30)
    expect(
      await card.locator('.recharts-bar-rectangle path').count(),
      chart,
    ).toBeGreaterThanOrEqual(1)
  }
  // The welcome line stays above the cards.
  expect(await page.getByText('你好，').count()).toBeGreaterThan(0)
  expect(pageErrors).toEqual([])
}, 120_000)

it("opens each card's screen from its title", async () => {
  for (const [code, path] of CARDS) {
    await page.goto(`${s.baseUrl}/wel/index`)
    await page.getByTestId(`dashboard-card-${code}-link`).click()
    await page.waitForURL((u) => u.pathname === path, { timeout: 20_000 })
  }
  expect(pageErrors).toEqual([])
}, 180_000)
