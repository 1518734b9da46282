// TK order import end to end: the production build against the real server in headless Chromium,
// as admin on TK订单 (/order/tk-order): a generated TikTok Seller Center xlsx goes through the
// import dialog (preview with the mapping, import, counts), and the imported rows are in the list
// and in the database; the monthly summary and its chart show the file's month, and a second file
// with a new month's order adds that month to both.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { TK_HEADERS, tkLine, xlsxOf } from '../support/import-files.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
vi.setConfig({ testTimeout: 120_000 })

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const WAIT = { timeout: 60_000, interval: 200 }

/** Uploads an xlsx through the TK order list's import dialog; answers the result line. */
async function importThroughDialog(file: Uint8Array, firstOrderId: string): Promise<string | null> {
  await page.goto(`${s.baseUrl}/order/tk-order`)
  await page.getByRole('button', { name: '导入', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: '导入TK订单' })
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'tiktok-orders.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(file),
  })
  await dialog.getByText('CREATED TIME → 下单时间').waitFor()
  await dialog.getByRole('table', { name: '导入预览' }).getByText(firstOrderId).first().waitFor()
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await dialog.getByText('导入完成').waitFor({ timeout: 60_000 })
  const result = await dialog.getByRole('status').textContent()
  await dialog.getByRole('button', { name: '完成' }).click()
  return result
}

/** The texts of the cells of a month's row of the summary, from the month on. */
async function summaryRow(month: string): Promise<string[]> {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: month, exact: true }) })
  await row.waitFor()
  const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())
  return cells.slice(cells.indexOf(month))
}

it('imports a TikTok export through the dialog and lists the rows', async () => {
  const rows = Array.from({ length: 6 }, (_, i) =>
    tkLine(i, i % 2 ? new Date(Date.UTC(2026, 4, 10 + i, 8, 0, 0)) : `1${i}/05/2026 20:30:00`),
  )
  expect(await importThroughDialog(await xlsxOf(TK_HEADERS, rows), '576000000000000002')).toBe(
    '总行数6新增6更新0未变化0',
  )

  await page.getByRole('cell', { name: '576000000000000002' }).first().waitFor()
  await expect
    .poll(async () => page.getByRole('cell', { name: /^57600000000000000[0-2]$/ }).count())
    .toBe(6)
  const stored = await s.db
    .selectFrom('dmrTkOrder')
    .select(['orderId', 'skuId', 'orderCreateTime', 'orderYearMonth'])
    .orderBy('orderCreateTime')
    .execute()
  expect(stored).toHaveLength(6)
  expect(stored[0]).toMatchObject({
    orderId: '576000000000000000',
    orderCreateTime: '2026-05-10 20:30:00',
    orderYearMonth: '2026-05',
  })
  expect(stored[1]).toMatchObject({ orderCreateTime: '2026-05-11 08:00:00' })
  expect(pageErrors).toEqual([])
})

it('shows the imported month in the monthly summary and its chart, and a newer file adds its month', async () => {
  await page.goto(`${s.baseUrl}/order/tk-order-month`)
  // Six lines of three orders (two SKU lines each), all in May 2026.
  expect((await summaryRow('2026-05'))[1]).toBe('3')
  const chart = page.getByTestId('tk-month-chart')
  await expect.poll(() => chart.locator('svg').first().textContent(), WAIT).toContain('2026-05')
  expect(await chart.locator('svg').first().textContent()).not.toContain('2026-06')
  expect(await page.getByRole('cell', { name: '2026-06', exact: true }).count()).toBe(0)

  // A June order of two lines, the second returned: June appears with one order, in the table and the chart.
  const june = [tkLine(6, '15/06/2026 10:00:00'), tkLine(7, '15/06/2026 10:00:00')]
  expect(await importThroughDialog(await xlsxOf(TK_HEADERS, june), '576000000000000003')).toBe(
    '总行数2新增2更新0未变化0',
  )
  await page.goto(`${s.baseUrl}/order/tk-order-month`)
  const juneRow = await summaryRow('2026-06')
  expect(juneRow[1]).toBe('1')
  // Its only order was refunded: return rate 1 / 1.
  expect(juneRow).toEqual(expect.arrayContaining(['100.00%']))
  await expect.poll(() => chart.locator('svg').first().textContent(), WAIT).toContain('2026-06')
  expect((await summaryRow('2026-05'))[1]).toBe('3')
  expect(pageErrors).toEqual([])
})
