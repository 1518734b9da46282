// The living home page of a first start: the production build against a server that wrote
// the demo tenant, in headless Chromium, as admin. Every figure card and chart shows non-zero demo
// figures (the last 30 days of orders, TK orders and gifts; last month's salary; open stock counts;
// KOLs due), each equal to the server's answer, and the salary card opens the monthly summary.
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
let token: string
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
const today = (() => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
})()

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist', seedDemo: true })
  token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

async function answer(
  code: string,
): Promise<Record<string, number> & { days?: Record<string, number>[] }> {
  const r = await call(s.baseUrl, 'GET', `/api/blade-desk/dashboard/${code}`, {
    token,
    query: { today },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data
}

it('shows the demo tenant living: non-zero figures and charts, as the server counts them', async () => {
  await page.goto(`${s.baseUrl}/wel/index`)
  const sum = (days: Record<string, number>[] | undefined, key: string) =>
    (days ?? []).reduce((n, d) => n + (d[key] ?? 0), 0)
  for (const [code, key] of [
    ['order-days', 'orders'],
    ['tk-order-days', 'orders'],
    ['gift-days', 'value'],
  ] as const) {
    expect(sum((await answer(code)).days, key), code).toBeGreaterThan(0)
    const card = page.getByTestId(`dashboard-card-${code}`)
    await card.locator('.recharts-bar-rectangle path').first().waitFor(WAIT)
  }
  const salary = await answer('salary')
  expect(salary.lastMonthCost).toBeGreaterThan(0)
  await expect
    .poll(() => page.getByTestId('figure-salary-lastMonthCost').textContent(), WAIT)
    .toBe(`上月工资成本${formatNumber('vnd', salary.lastMonthCost!)}`)
  const stock = await answer('stock-open')
  expect(stock.open).toBeGreaterThan(0)
  await expect
    .poll(() => page.getByTestId('figure-stock-open-open').textContent(), WAIT)
    .toBe(`未完成的盘点${formatNumber('floor', stock.open!)}`)
  const kol = await answer('kol-due')
  expect(kol.due).toBeGreaterThan(0)
  await expect
    .poll(() => page.getByTestId('figure-kol-due-due').textContent(), WAIT)
    .toBe(`待跟进达人${formatNumber('floor', kol.due!)}`)
  const tk = await answer('tk-order')
  await expect
    .poll(() => page.getByTestId('figure-tk-order-monthOrders').textContent(), WAIT)
    .toBe(
      `本月订单${formatNumber('floor', tk.monthOrders!)}${formatNumber('vnd', tk.monthAmount!)}`,
    )

  await page.getByTestId('dashboard-card-salary-link').click()
  await page.waitForURL((u) => u.pathname === '/finance/salary-month')
  // The monthly summary lists last month's demo salary (the card adds the customer-service and MCN salaries to it).
  const month = await call(s.baseUrl, 'GET', '/api/dmr/salary/summary/page', {
    token,
    query: { current: '1', size: '50' },
  })
  const rows = month.body.data.records as { totalAmount: number }[]
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows)
    await expect
      .poll(
        async () => page.getByRole('cell', { name: formatNumber('vnd', row.totalAmount) }).count(),
        WAIT,
      )
      .toBeGreaterThan(0)
  expect(pageErrors).toEqual([])
}, 180_000)
