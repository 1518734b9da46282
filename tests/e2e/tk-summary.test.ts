// The TK order monthly summary end to end: the production build against the real server, as admin.
// TK order lines created through the API show on /order/tk-order-month as their months' figures
// (an order's two SKU lines count once; "-" for a rate without a divisor) and in the chart (an svg
// with the months); an order added afterwards changes the figures after a refresh.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let token: string
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
vi.setConfig({ testTimeout: 120_000 })

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const addLine = async (
  orderId: string,
  skuId: string,
  time: string,
  orderAmount: number,
  extra: Record<string, unknown> = {},
) => {
  const r = await call(s.baseUrl, 'POST', '/api/tkOrder/tkOrder/submit', {
    token,
    json: { orderId, skuId, orderCreateTime: time, orderAmount, ...extra },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}
/** The texts of the cells of a month's row, from the month on. */
const rowOf = async (month: string) => {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: month, exact: true }) })
  await row.waitFor()
  const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())
  return cells.slice(cells.indexOf(month))
}

it('shows the months of the TK orders with a chart, and follows a new order after a refresh', async () => {
  // April: order A of two SKU lines (amount 300 000 once), B returned; May: one order cancelled by the buyer.
  await addLine('E2E-A', 'SKU-1', '2025-04-02 10:00:00', 300000, { orderStatus: 'Completed' })
  await addLine('E2E-A', 'SKU-2', '2025-04-02 10:00:00', 300000, { orderStatus: 'Completed' })
  await addLine('E2E-B', 'SKU-3', '2025-04-05 11:00:00', 100000, {
    cancelRefundType: 'Return/Refund',
  })
  await addLine('E2E-C', 'SKU-4', '2025-05-01 09:00:00', 50000, {
    cancelRefundType: 'Cancel',
    cancelBy: 'User',
  })

  await page.goto(`${s.baseUrl}/order/tk-order-month`)
  const april = await rowOf('2025-04')
  // Orders 2, amount 400 000 ₫, completed 1; return rate 1 / 2; after-sale 100 000 / 400 000.
  expect(april.slice(0, 4)).toEqual(['2025-04', '2', '400,000 ₫', '1'])
  expect(april).toEqual(expect.arrayContaining(['50.00%', '0.00%', '25.00%']))
  // May: its only order was cancelled, so no return rate.
  expect(await rowOf('2025-05')).toEqual(expect.arrayContaining(['-', '100.00%', '0.00%']))

  const chart = page.getByTestId('tk-month-chart')
  await chart.locator('svg.recharts-surface').first().waitFor()
  await expect.poll(() => chart.locator('svg').first().textContent(), WAIT).toContain('2025-04')
  expect(await chart.locator('svg').first().textContent()).toContain('2025-05')

  // A new April order, completed: 3 orders, 600 000 ₫, return rate 1 / 3.
  await addLine('E2E-D', 'SKU-5', '2025-04-20 15:00:00', 200000, { orderStatus: 'Completed' })
  await page.getByRole('button', { name: '刷新' }).click()
  await expect
    .poll(async () => (await rowOf('2025-04')).slice(0, 4), WAIT)
    .toEqual(['2025-04', '3', '600,000 ₫', '2'])
  expect(await rowOf('2025-04')).toEqual(expect.arrayContaining(['33.33%']))
  expect(pageErrors).toEqual([])
})

it('narrows the summary to a month range, shown in the month picker', async () => {
  await page.goto(
    `${s.baseUrl}/order/tk-order-month?orderYearMonth_ge=2025-05&orderYearMonth_le=2025-05`,
  )
  await rowOf('2025-05')
  expect(await page.getByRole('cell', { name: '2025-04', exact: true }).count()).toBe(0)
  await expect
    .poll(
      () => page.getByRole('search').getByRole('button', { name: '订单月份' }).textContent(),
      WAIT,
    )
    .toContain('2025-05')
})

it('filters the TK order list by returnType, chosen in the search panel', async () => {
  await page.goto(`${s.baseUrl}/order/tk-order`)
  await page.getByRole('cell', { name: 'E2E-D', exact: true }).waitFor()
  const panel = page.getByRole('search')
  await panel.getByLabel('退货类型', { exact: true }).click()
  await page.getByRole('option', { name: '退货/退款' }).click()
  await panel.getByRole('button', { name: '搜索' }).click()
  await page.waitForURL((u) => u.searchParams.get('returnType') === 'Return/Refund')
  await expect
    .poll(
      async () =>
        (await page.getByRole('cell', { name: /^E2E-/ }).allInnerTexts()).map((t) => t.trim()),
      WAIT,
    )
    .toEqual(['E2E-B'])
  expect(pageErrors).toEqual([])
})
