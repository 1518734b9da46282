// A simple (generic) screen end to end: the production build against the real server, as admin on
// the parameters screen — search, add (after a validation message on blur), edit, view, delete with
// its confirmation, bulk delete (and its warning without a selection) — checking the database as
// well as the page; then enabling a cloud storage configuration shows it enabled and stores status 2.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { dynamic } from '../../server/crud/table.ts'
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

const params = (key: string) =>
  s.db
    .selectFrom('bladeParam')
    .select(['id', 'paramName', 'paramKey', 'paramValue', 'isDeleted'])
    .where('paramKey', 'like', `${key}%`)
    .orderBy('paramKey')
    .execute()
const dialog = () => page.getByRole('dialog')
const table = () => page.getByRole('table')
const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor()
/** Data rows (the empty state is a row too, without a checkbox). */
const rowCount = () =>
  table()
    .getByRole('checkbox', { name: /^选择第/ })
    .count()
const submitParam = async (paramName: string, paramKey: string, paramValue: string) => {
  const r = await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
    token,
    json: { paramName, paramKey, paramValue },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}

async function search(key: string) {
  const box = page.getByRole('search').getByRole('textbox', { name: '参数键名' })
  await box.fill(key)
  await box.press('Enter')
  await page.waitForURL((u) => u.searchParams.get('paramKey') === key)
}

it('searches, adds, edits, views and deletes parameters', async () => {
  await page.goto(`${s.baseUrl}/system/param`)
  await table().waitFor()

  // Search: only the matching rows, as in the database.
  await submitParam('搜索甲', 'e2e.search.a', '甲值')
  await submitParam('搜索乙', 'e2e.search.b', '乙值')
  await page.getByRole('button', { name: '刷新' }).click()
  await table().getByText('e2e.search.b', { exact: true }).waitFor()
  await search('e2e.search.a')
  await expect.poll(rowCount).toBe((await params('e2e.search.a')).length)
  expect(await rowCount()).toBe(1)
  await table().getByText('甲值', { exact: true }).waitFor()
  expect(await table().getByText('e2e.search.b').count()).toBe(0)

  // Add: a field the user emptied shows its required message on blur, then the row is created.
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const name = dialog().getByRole('textbox', { name: /参数名称/ })
  await name.fill('x')
  await name.fill('')
  await name.blur()
  await dialog().getByText('请输入参数名称').waitFor()
  await name.fill('端到端参数')
  await dialog()
    .getByRole('textbox', { name: /参数键名/ })
    .fill('e2e.param')
  await dialog()
    .getByRole('textbox', { name: /参数键值/ })
    .fill('v1')
  await dialog().getByRole('button', { name: '保存' }).click()
  await toast('新增成功')
  await expect
    .poll(async () =>
      (await params('e2e.param')).map((p) => [p.paramName, p.paramValue, p.isDeleted]),
    )
    .toEqual([['端到端参数', 'v1', 0]])
  await expect.poll(() => dialog().count()).toBe(0)

  // Edit it.
  await search('e2e.param')
  await expect.poll(rowCount).toBe(1)
  await table().getByRole('button', { name: '编辑' }).click()
  const value = dialog().getByRole('textbox', { name: /参数键值/ })
  await expect.poll(() => value.inputValue()).toBe('v1')
  await value.fill('v2')
  await dialog().getByRole('button', { name: '修改' }).click()
  await toast('修改成功')
  await expect.poll(async () => (await params('e2e.param'))[0].paramValue).toBe('v2')
  await table().getByText('v2', { exact: true }).waitFor()

  // View it.
  await table().getByRole('button', { name: '查看' }).click()
  await dialog().getByText('端到端参数', { exact: true }).waitFor()
  await dialog().getByText('v2', { exact: true }).waitFor()
  await page.keyboard.press('Escape')
  await expect.poll(() => dialog().count()).toBe(0)

  // Delete it: cancelling keeps it, confirming removes it (soft delete).
  await table().getByRole('button', { name: '删除' }).click()
  await dialog().getByText('确定删除 1 条数据: “端到端参数”?').waitFor()
  await dialog().getByRole('button', { name: '取消' }).click()
  expect((await params('e2e.param'))[0].isDeleted).toBe(0)
  await table().getByRole('button', { name: '删除' }).click()
  await dialog().getByRole('button', { name: '确定' }).click()
  await toast('删除成功')
  await expect.poll(async () => (await params('e2e.param'))[0].isDeleted).toBe(1)
  await table().getByTestId('list-empty').waitFor()
})

it('bulk deletes the selected rows and warns when nothing is selected', async () => {
  for (const n of [1, 2]) await submitParam(`批量${n}`, `e2e.bulk.${n}`, String(n))
  await search('e2e.bulk')
  await expect.poll(rowCount).toBe(2)
  const toolbarDelete = page.getByRole('button', { name: '删除', exact: true }).first()
  await toolbarDelete.click()
  await toast('请选择至少一条数据')
  expect(await dialog().count()).toBe(0)
  await table().getByRole('checkbox', { name: '选择第1行' }).check()
  await table().getByRole('checkbox', { name: '选择第2行' }).check()
  await toolbarDelete.click()
  await dialog().getByRole('button', { name: '确定' }).click()
  await toast('删除成功')
  await expect.poll(async () => (await params('e2e.bulk')).map((p) => p.isDeleted)).toEqual([1, 1])
  await table().getByTestId('list-empty').waitFor()
})

it('enables a cloud storage configuration: the row shows it and the database stores status 2', async () => {
  for (const code of ['e2e-local', 'e2e-minio']) {
    const r = await call(s.baseUrl, 'POST', '/api/blade-resource/oss/submit', {
      token,
      json: {
        category: code === 'e2e-local' ? 1 : 2,
        ossCode: code,
        endpoint: 'http://127.0.0.1:9000',
        bucketName: 'b',
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  await page.goto(`${s.baseUrl}/resource/oss`)
  const row = table().locator('tbody tr', { hasText: 'e2e-minio' })
  await row.waitFor()
  expect(await table().getByText('已启用').count()).toBe(0)
  await row.getByRole('button', { name: '启用' }).click()
  await dialog().getByText('确定启用这条配置?').waitFor()
  await dialog().getByRole('button', { name: '确定' }).click()
  await toast('操作成功')
  await row.getByText('已启用').waitFor()
  const stored = await dynamic(s.db)
    .selectFrom('blade_oss')
    .select(['oss_code as code', 'status'])
    .where('is_deleted', '=', 0)
    .orderBy('oss_code')
    .execute()
  expect(stored.map((r) => [r.code, Number(r.status)])).toEqual([
    ['e2e-local', 1],
    ['e2e-minio', 2],
  ])
  expect(pageErrors).toEqual([])
})
