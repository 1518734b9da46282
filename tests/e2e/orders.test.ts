// Orders and fee options end to end: the production build against the real server in
// headless Chromium, as the office user. An order with two item lines is added through the form
// (SKUs picked from the products fill name and price; amounts and the total shown as typed), saved,
// and listed with the server's total; then, with the UI switched to English, the fee options and
// the TK fees' fee option column read in English.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { afterNextFrames, launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser()
  // A TK fee on the seeded commission fee option, for its list column.
  const token = (await loginAs(s.baseUrl, 'office', '123456')).access_token
  const options = await call(s.baseUrl, 'GET', '/api/blade-tkfee/feeOption/select', { token })
  const commission = (options.body.data as { id: string; feeOptionEn: string }[]).find(
    (o) => o.feeOptionEn === 'Commission fee',
  )!
  const fee = await call(s.baseUrl, 'POST', '/api/blade-tkfee/TKFee/submit', {
    token,
    json: { feeMonth: '2026-03', feeOptionId: commission.id, feeAmount: 245000 },
  })
  expect(fee.status, JSON.stringify(fee.body)).toBe(200)
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

it('adds an order with two item lines and lists it with the server total', async () => {
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'office', '123456')
  await page.goto(`${s.baseUrl}/order/order`)
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = page.getByRole('dialog')
  // The form opens on its first field, and an untouched field shows no error: the dialog's focus trap
  // once moved focus to the close button, which blurred the field and showed "订单号不能为空" at once.
  const orderNo = dialog.getByRole('textbox', { name: /^订单号/ })
  await orderNo.waitFor(WAIT)
  await afterNextFrames(page)
  expect(await orderNo.evaluate((el) => el === document.activeElement)).toBe(true)
  expect(await dialog.getByText('订单号不能为空').count()).toBe(0)
  await orderNo.fill('E2E-ORDER-1')
  await dialog.getByLabel('渠道').click()
  await page.getByRole('option', { name: 'TikTok Shop' }).click()

  // Line 1: searched by name, quantity 2.
  await dialog.getByLabel('SKU编号 1').fill('斗笠')
  await page.getByRole('option', { name: /^DMR-NON-LA-01/ }).click()
  await expect.poll(() => dialog.getByLabel('商品名称 1').inputValue(), WAIT).toBe('传统斗笠')
  await expect.poll(() => dialog.getByLabel('单价 1').inputValue(), WAIT).toBe('120,000')
  await dialog.getByLabel('数量 1').fill('2')
  await expect.poll(() => dialog.getByLabel('金额 1').textContent(), WAIT).toBe('240,000 ₫')

  // Line 2: searched by SKU.
  await dialog.getByRole('button', { name: '添加商品' }).click()
  await dialog.getByLabel('SKU编号 2').fill('ao-dai-m')
  await page.getByRole('option', { name: /^DMR-AO-DAI-M-RED/ }).click()
  await expect.poll(() => dialog.getByLabel('单价 2').inputValue(), WAIT).toBe('850,000')
  await expect.poll(() => dialog.getByLabel('金额 2').textContent(), WAIT).toBe('850,000 ₫')

  await dialog.getByRole('textbox', { name: /^运费/ }).fill('30000')
  await dialog.getByRole('textbox', { name: /^优惠/ }).fill('20000')
  // 240 000 + 850 000 + 30 000 − 20 000.
  await expect.poll(() => dialog.getByLabel('订单金额合计').textContent(), WAIT).toBe('1,100,000 ₫')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => dialog.count(), WAIT).toBe(0)

  const row = page.getByRole('row').filter({ hasText: 'E2E-ORDER-1' })
  await row.waitFor()
  expect(await row.textContent()).toContain('1,100,000 ₫')
  const stored = await s.db
    .selectFrom('dmrOrder')
    .select(['id', 'orderAmount'])
    .where('orderNo', '=', 'E2E-ORDER-1')
    .executeTakeFirstOrThrow()
  expect(Number(stored.orderAmount)).toBe(1100000)
  expect(
    (
      await s.db
        .selectFrom('dmrOrderItem')
        .select(['skuNo', 'quantity', 'amount'])
        .where('orderId', '=', stored.id)
        .orderBy('lineNo')
        .execute()
    ).map((l) => [l.skuNo, Number(l.quantity), Number(l.amount)]),
  ).toEqual([
    ['DMR-NON-LA-01', 2, 240000],
    ['DMR-AO-DAI-M-RED', 1, 850000],
  ])

  // The "what sold" tab lists the two lines.
  await page.getByRole('tab', { name: '销售明细' }).click()
  const lines = page.getByRole('table', { name: '销售明细' })
  await lines.getByRole('row').filter({ hasText: 'DMR-AO-DAI-M-RED' }).waitFor()
  expect(await lines.getByRole('row').filter({ hasText: 'E2E-ORDER-1' }).count()).toBe(2)
})

it('the order form fits a phone: lines stacked, nothing wider than the screen', async () => {
  const phone = await browser.context.newPage()
  await phone.setViewportSize({ width: 390, height: 844 })
  await phone.goto(`${s.baseUrl}/order/order`)
  await phone.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = phone.getByRole('dialog')
  await dialog.getByLabel('SKU编号 1').waitFor()
  const overflow = await dialog.evaluate((el) => {
    const body = el.querySelector('.mantine-Modal-body') ?? el
    return { scroll: body.scrollWidth, client: body.clientWidth }
  })
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client)
  // The line's SKU picker and its quantity are on separate rows, each wide enough to use.
  const sku = await dialog.getByLabel('SKU编号 1').boundingBox()
  const quantity = await dialog.getByLabel('数量 1').boundingBox()
  expect(sku!.width).toBeGreaterThan(250)
  expect(quantity!.y).toBeGreaterThan(sku!.y + sku!.height)
  await phone.close()
})

it('shows fee option labels in the UI language', async () => {
  await page.goto(`${s.baseUrl}/order/fee-option`)
  await page.getByRole('cell', { name: '平台佣金', exact: true }).waitFor()
  await page.goto(`${s.baseUrl}/order/tk-fee`)
  await page.getByRole('cell', { name: '平台佣金', exact: true }).waitFor()

  await page.locator('[data-testid="language-switch"]').click()
  await page.locator('[data-testid="language-en"]').click()
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
  await page.getByRole('cell', { name: 'Commission fee', exact: true }).waitFor()
  expect(await page.getByRole('cell', { name: '平台佣金', exact: true }).count()).toBe(0)
  await page.goto(`${s.baseUrl}/order/fee-option`)
  await page.getByRole('cell', { name: 'Commission fee', exact: true }).waitFor()
  await page.getByRole('cell', { name: 'Affiliate commission', exact: true }).waitFor()
  expect(await page.getByRole('cell', { name: '平台佣金', exact: true }).count()).toBe(0)
  expect(pageErrors).toEqual([])
})
