// Two office users edit one order at once, each in their own browser (the production build against
// the real server in headless Chromium). The first save wins; the second is refused as stale and
// shows the conflict dialog with the buyer's name theirs beside mine, and the server keeps the first
// value until "keep mine", which stores the second on the server's version.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

const ORDER_NO = 'E2E-CONFLICT-1'
const WAIT = { timeout: 60_000, interval: 200 }

let s: TestServer
const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = []
const pageErrors: string[] = []

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (await loginAs(s.baseUrl, 'office', '123456')).access_token
  const order = {
    orderNo: ORDER_NO,
    orderTime: '2026-03-08 10:30:00',
    channel: 'tiktok_shop',
    orderStatus: 'pending_payment',
    buyerName: 'Original',
    items: [{ skuNo: 'DMR-NON-LA-01', name: '传统斗笠', quantity: 1, unitPrice: 120000 }],
  }
  const made = await call(s.baseUrl, 'POST', '/api/dmrOrder/submit', { token, json: order })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  for (let i = 0; i < 2; i++) browsers.push(await launchBrowser())
}, 120_000)
afterAll(async () => {
  for (const b of browsers) await b.close()
  await s?.close()
})

const stored = () =>
  s.db
    .selectFrom('dmrOrder')
    .select(['buyerName', 'version'])
    .where('orderNo', '=', ORDER_NO)
    .executeTakeFirstOrThrow()
const buyer = (dialog: Locator) => dialog.getByRole('textbox', { name: /^买家姓名/ })

/** Signs in as the office user in this browser and opens the order's edit form. */
async function openEdit(
  b: Awaited<ReturnType<typeof launchBrowser>>,
): Promise<{ page: Page; form: Locator }> {
  const page = await b.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'office', '123456')
  await page.goto(`${s.baseUrl}/order/order`)
  await page
    .getByRole('row')
    .filter({ hasText: ORDER_NO })
    .getByRole('button', { name: '编辑' })
    .click()
  const form = page.getByRole('dialog', { name: /编辑/ })
  await expect.poll(() => buyer(form).inputValue(), WAIT).toBe('Original')
  return { page, form }
}

it('refuses the second of two saves as stale, shows both values, and stores mine only on "keep mine"', async () => {
  const first = await openEdit(browsers[0]!)
  const second = await openEdit(browsers[1]!)
  const opened = (await stored()).version

  await buyer(first.form).fill('Alice')
  await first.form.getByRole('button', { name: '修改' }).click()
  await expect.poll(() => first.form.count(), WAIT).toBe(0)
  expect(await stored()).toEqual({ buyerName: 'Alice', version: opened + 1 })

  await buyer(second.form).fill('Bob')
  await second.form.getByRole('button', { name: '修改' }).click()
  const conflict = second.page.getByRole('dialog', { name: /保存冲突/ })
  await conflict.waitFor(WAIT)
  // Who changed it: the office user's name, as the server gives it.
  const office = await s.db
    .selectFrom('bladeUser')
    .select(['realName', 'account'])
    .where('account', '=', 'office')
    .executeTakeFirstOrThrow()
  expect(await conflict.textContent()).toContain(`${office.realName || office.account} 于`)
  const line = conflict
    .getByTestId('conflict-table')
    .getByRole('row')
    .filter({ hasText: '买家姓名' })
  expect(await line.locator('[data-side="mine"]').textContent()).toBe('Bob')
  expect(await line.locator('[data-side="theirs"]').textContent()).toBe('Alice')
  // Nothing of the refused save is written.
  expect(await stored()).toEqual({ buyerName: 'Alice', version: opened + 1 })

  await conflict.getByRole('button', { name: '保留我的' }).click()
  await expect.poll(() => second.form.count(), WAIT).toBe(0)
  expect(await stored()).toEqual({ buyerName: 'Bob', version: opened + 2 })
  expect(pageErrors).toEqual([])
}, 180_000)
