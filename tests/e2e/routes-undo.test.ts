// Routes and undo in the production build against the real server, in headless Chromium: a
// warehouse user opening the user screen gets /403; a menu entry with an https URL, added on the
// menu screen, opens in /myiframe with its URL framed; a delete is undone from its toast (an order's
// with its lines).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TENANT_ID } from '../../server/seed/ids.ts'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = []
const pageErrors: string[] = []
const EXTERNAL = 'https://reports.example.invalid/e2e-dashboard'

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
})
afterAll(async () => {
  for (const b of browsers) await b.close()
  await s?.close()
})

/** A fresh browser (its own storage), signed in as `account`. */
async function signedIn(account: string, password: string): Promise<Page> {
  const browser = await launchBrowser()
  browsers.push(browser)
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await loginThroughPage(page, s, account, password)
  return page
}

it('a warehouse user opening the user screen gets /403', async () => {
  const page = await signedIn('warehouse', '123456')
  await page.goto(`${s.baseUrl}/system/user`)
  await page.waitForURL((u) => u.pathname === '/403')
  await page.getByText('抱歉，你无权访问该页面').waitFor()
  // A path that is no screen at all is still not found.
  await page.goto(`${s.baseUrl}/no/such/screen`)
  await page.waitForURL((u) => u.pathname === '/404')
})

let admin: Page
const dialog = () => admin.getByRole('dialog').last()
const toast = (text: string) => admin.getByText(text, { exact: true }).first().waitFor()
const input = (label: string) =>
  dialog()
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(dialog().locator('input, textarea'))

it('a menu entry with an https URL added on the menu screen opens in /myiframe, framed', async () => {
  admin = await signedIn('admin', 'admin')
  const parent = await s.db
    .selectFrom('bladeMenu')
    .select(['id', 'name'])
    .where('code', '=', 'desk')
    .executeTakeFirstOrThrow()
  await admin.goto(`${s.baseUrl}/system/menu`)
  await admin
    .getByRole('row')
    .filter({ hasText: parent.name })
    .first()
    .getByRole('button', { name: '新增子项' })
    .click()
  await input('菜单名称').fill('外部看板')
  await input('路由地址').fill(EXTERNAL)
  await input('菜单编号').fill('e2e_external')
  await input('菜单别名').fill('External board')
  await dialog().getByRole('button', { name: '保存' }).click()
  await toast('新增成功')
  await expect
    .poll(
      async () =>
        (
          await s.db
            .selectFrom('bladeMenu')
            .select('path')
            .where('code', '=', 'e2e_external')
            .executeTakeFirst()
        )?.path,
    )
    .toBe(EXTERNAL)

  // From the sidebar, without a reload: the menu follows the write.
  await admin.getByTestId('sidebar').getByText(parent.name, { exact: true }).click()
  await admin.getByTestId(`menu-${EXTERNAL}`).click()
  await admin.waitForURL((u) => u.pathname === '/myiframe/e2e_external')
  const frame = admin.getByTestId('embedded-page')
  await frame.waitFor()
  expect(await frame.getAttribute('src')).toBe(EXTERNAL)
  expect(await frame.getAttribute('title')).toBe('外部看板')
  expect(await admin.getByRole('link', { name: '在新窗口中打开' }).getAttribute('href')).toBe(
    EXTERNAL,
  )

  // Opened by its address (a reload, the menu restored from the cache) it is framed too.
  await admin.goto(`${s.baseUrl}/myiframe/e2e_external`)
  await admin.getByTestId('embedded-page').waitFor()
  expect(await admin.getByTestId('embedded-page').getAttribute('src')).toBe(EXTERNAL)
})

it('a delete is undone from its toast', async () => {
  const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const made = await call(s.baseUrl, 'POST', '/api/blade-system/post/submit', {
    token,
    json: { category: 1, postCode: 'E2EUNDO', postName: '撤销岗位', sort: 7 },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const post = () =>
    s.db
      .selectFrom('bladePost')
      .select(['isDeleted', 'postName'])
      .where('postCode', '=', 'E2EUNDO')
      .where('tenantId', '=', TENANT_ID)
      .executeTakeFirstOrThrow()

  await admin.goto(`${s.baseUrl}/system/post?postName=${encodeURIComponent('撤销岗位')}`)
  const row = admin.getByRole('table').getByRole('row').filter({ hasText: '撤销岗位' })
  await row.waitFor()
  await row.getByRole('button', { name: '删除' }).click()
  await dialog().getByText('确定删除 1 条数据: “撤销岗位”?').waitFor()
  await dialog().getByRole('button', { name: '确定' }).click()
  await toast('删除成功')
  await expect.poll(async () => (await post()).isDeleted).toBe(1)
  await admin.getByTestId('list-empty').waitFor()

  await admin.getByRole('button', { name: '撤销', exact: true }).click()
  await toast('已撤销删除')
  await expect.poll(async () => (await post()).isDeleted).toBe(0)
  await row.waitFor()
  expect(pageErrors).toEqual([])
})

it('an order delete is undone from its toast, with its lines', async () => {
  const token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  const items = [{ skuNo: 'DMR-NON-LA-01', quantity: 3, unitPrice: 120000 }]
  const made = await call(s.baseUrl, 'POST', '/api/dmrOrder/submit', {
    token,
    json: {
      orderNo: 'E2E-UNDO-1',
      orderTime: '2026-03-08 10:30:00',
      channel: 'tiktok_shop',
      orderStatus: 'paid',
      buyerName: 'Trần Undo',
      items,
    },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const id = made.body.data.id as string
  const lines = () =>
    s.db
      .selectFrom('dmrOrderItem')
      .select(['skuNo', 'quantity'])
      .where('orderId', '=', id)
      .execute()

  await admin.goto(`${s.baseUrl}/order/order?orderNo=E2E-UNDO-1`)
  const row = admin.getByRole('table').getByRole('row').filter({ hasText: 'E2E-UNDO-1' })
  await row.waitFor()
  await row.getByRole('button', { name: '删除' }).click()
  await dialog().getByRole('button', { name: '确定' }).click()
  await toast('删除成功')
  await expect.poll(lines).toEqual([])
  await admin.getByRole('button', { name: '撤销', exact: true }).click()
  await toast('已撤销删除')
  await expect.poll(lines).toEqual([{ skuNo: 'DMR-NON-LA-01', quantity: 3 }])
  await row.waitFor()
  expect(pageErrors).toEqual([])
})
