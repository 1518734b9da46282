// No lost input, every message at once (production build, real server, headless Chromium at
// 1366×860, as the office user on the order form): one mouse click on 取消 closes an untouched add
// form (pressing the mouse once blurred the first field, whose message pushed the buttons away before
// the release); a dirty form asks before 取消 or Esc drop it; one click on 保存 of an empty form shows
// all its required messages and focuses the first.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser({ viewport: { width: 1366, height: 860 } })
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'office', '123456')
  await page.goto(`${s.baseUrl}/order/order`)
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

const formDialog = () => page.getByRole('dialog', { name: '新增 订单' })
const question = () => page.getByRole('dialog', { name: '放弃未保存的内容？' })

/** Opens the add form and waits until its first field has the focus (as a user would see it). */
async function openAdd(): Promise<Locator> {
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = formDialog()
  const first = dialog.getByRole('textbox', { name: /^订单号/ })
  await first.waitFor(WAIT)
  await expect.poll(() => first.evaluate((el) => el === document.activeElement), WAIT).toBe(true)
  return dialog
}

it('closes an untouched add form with one mouse click on 取消', async () => {
  const dialog = await openAdd()
  const cancel = dialog.getByRole('button', { name: '取消' })
  const before = await cancel.boundingBox()
  // A real press and release at the button's place, as a mouse does.
  await page.mouse.move(before!.x + before!.width / 2, before!.y + before!.height / 2)
  await page.mouse.down()
  // Between press and release nothing moved and no message appeared.
  expect(await cancel.boundingBox()).toEqual(before)
  expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(0)
  await page.mouse.up()
  await expect.poll(() => formDialog().count(), WAIT).toBe(0)
  expect(await question().count()).toBe(0)
})

it('asks before dropping a dirty order form on 取消 and on Esc, and keeps what was typed', async () => {
  const dialog = await openAdd()
  const buyer = dialog.getByRole('textbox', { name: /^买家姓名/ })
  await buyer.fill('Nguyễn Văn A')

  await dialog.getByRole('button', { name: '取消' }).click()
  await question().waitFor(WAIT)
  await question().getByRole('button', { name: '继续编辑' }).click()
  await expect.poll(() => question().count(), WAIT).toBe(0)
  expect(await buyer.inputValue()).toBe('Nguyễn Văn A')

  // Esc asks; Esc again answers "keep editing".
  await buyer.focus()
  await page.keyboard.press('Escape')
  await question().waitFor(WAIT)
  await page.keyboard.press('Escape')
  await expect.poll(() => question().count(), WAIT).toBe(0)
  expect(await formDialog().count()).toBe(1)
  expect(await buyer.inputValue()).toBe('Nguyễn Văn A')

  // Esc, then Enter on the focused 放弃: gone.
  await buyer.focus()
  await page.keyboard.press('Escape')
  await question().waitFor(WAIT)
  await expect
    .poll(
      () =>
        question()
          .getByRole('button', { name: '放弃' })
          .evaluate((el) => el === document.activeElement),
      WAIT,
    )
    .toBe(true)
  await page.keyboard.press('Enter')
  await expect.poll(() => formDialog().count(), WAIT).toBe(0)
  expect(await question().count()).toBe(0)
})

it('shows all required messages of an empty order form after one click on 保存, and focuses the first', async () => {
  const dialog = await openAdd()
  await dialog.getByRole('button', { name: '保存' }).click()
  for (const message of ['请选择渠道', '请选择商品SKU', '单价不能为空'])
    await dialog.getByText(message, { exact: true }).waitFor(WAIT)
  expect(await dialog.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(3)
  expect(await dialog.getByRole('alert').filter({ hasText: '处需要修改' }).count()).toBe(1)
  // The first invalid field has the focus.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe(
    'true',
  )
  // Nothing typed: it still closes at once.
  await dialog.getByRole('button', { name: '取消' }).click()
  await expect.poll(() => formDialog().count(), WAIT).toBe(0)
  expect(pageErrors).toEqual([])
})
