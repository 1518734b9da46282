// Reconciliation end to end: the production build against the real server in headless Chromium, as
// the finance user. A statement made through the API shows its server-kept totals in the list; its
// view lists its details (amounts in their currency) with the totals; a bank statement imported in
// the view adds its lines and the totals follow.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { csvOf } from '../support/import-files.ts'
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
  token = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'finance', '123456')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const post = async (path: string, json: Record<string, unknown>) => {
  const r = await call(s.baseUrl, 'POST', `/api/reconciliation/${path}/submit`, { token, json })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data as Record<string, unknown>
}
const figure = (name: string) => page.getByTestId(`statement-${name}`).textContent()

it('opens a statement and sees its details and totals; a bank statement imported there moves them', async () => {
  const statement = await post('reconciliationStatement', { statementDate: '2026-01-31' })
  const statementId = String(statement.id)
  // 1,500,000 ₫ in; USD 100.5 × 25,400 = 2,552,700 ₫ in; CNY 200 × 3,500.75 = 700,150 ₫ out.
  await post('reconciliationDetail', {
    statementId,
    transactionDate: '2026-01-05',
    category: 1,
    source: 'tiktok_settlement',
    currency: 'VND',
    amount: 1500000,
    description: 'TikTok 结算',
  })
  await post('reconciliationDetail', {
    statementId,
    transactionDate: '2026-01-08',
    category: 1,
    source: 'bank',
    currency: 'USD',
    amount: 100.5,
    exchangeRate: 25400,
    description: 'USD 回款',
  })
  await post('reconciliationDetail', {
    statementId,
    transactionDate: '2026-01-12',
    category: 2,
    source: 'ads',
    currency: 'CNY',
    amount: 200,
    exchangeRate: 3500.75,
    description: '广告费',
  })

  await page.goto(`${s.baseUrl}/reconciliation/statement`)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '2026-01-31', exact: true }) })
  await row.waitFor()
  expect(await row.getByRole('cell').allInnerTexts()).toEqual(
    expect.arrayContaining(['4,052,700 ₫', '700,150 ₫', '3,352,550 ₫']),
  )

  await row.getByRole('button', { name: '查看' }).click()
  const view = page.getByRole('dialog', { name: '对账单 2026-01-31' })
  await view.waitFor()
  await expect.poll(() => figure('totalIncomeVnd'), WAIT).toContain('4,052,700 ₫')
  expect(await figure('totalExpenseVnd')).toContain('700,150 ₫')
  expect(await figure('balanceVnd')).toContain('3,352,550 ₫')
  for (const text of ['TikTok 结算', 'USD 回款', '广告费', '100.5 USD', '200 CNY', '2,552,700 ₫'])
    await view.getByRole('cell', { name: text, exact: true }).first().waitFor()

  // A bank statement into this statement: +3,000,000 ₫ and −45,000 ₫.
  await view.getByRole('button', { name: '导入银行流水' }).click()
  const dialog = page.getByRole('dialog', { name: '导入银行流水' })
  const file = csvOf(
    ['Date', 'Description', 'Amount', 'Currency'],
    [
      ['2026-01-20', 'Khách hàng chuyển khoản', '3,000,000', 'VND'],
      ['2026-01-21', 'Phí quản lý tài khoản', -45000, 'VND'],
    ],
  )
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
  await dialog.getByText('Amount → 金额').waitFor()
  await dialog.getByRole('button', { name: '开始导入' }).click()
  await dialog.getByText('导入完成').waitFor({ timeout: 60_000 })
  await dialog.getByRole('button', { name: '完成' }).click()
  await expect.poll(() => figure('totalIncomeVnd'), WAIT).toContain('7,052,700 ₫')
  expect(await figure('totalExpenseVnd')).toContain('745,150 ₫')
  expect(await figure('balanceVnd')).toContain('6,307,550 ₫')
  await view.getByRole('cell', { name: 'Phí quản lý tài khoản', exact: true }).waitFor()

  // Closed: the list shows the new totals.
  await page.keyboard.press('Escape')
  await expect
    .poll(async () => row.getByRole('cell').allInnerTexts(), WAIT)
    .toEqual(expect.arrayContaining(['7,052,700 ₫', '745,150 ₫', '6,307,550 ₫']))
  expect(pageErrors).toEqual([])
})
