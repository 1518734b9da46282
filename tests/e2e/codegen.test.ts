// The code generator end to end: the production build against the real server in headless Chromium,
// as admin. A model is made in its form from a fresh table of the server's own database (the master
// data source), its columns are ticked in the 模型配置 grid and saved, a code module is made from it,
// and 生成代码 previews the module's files and downloads their zip. Each step is checked in the
// database (or the zip) as well as on screen, and axe checks the grid and the preview at three sizes.
import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import type { Kysely } from 'kysely'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { audit, DESKTOP, PHONE, report, type Finding } from '../support/axe.ts'
import { launchBrowser } from '../support/browser.ts'
import { codeText, VISIT_TABLE } from '../support/codegen-fixtures.ts'
import { signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 250 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  await VISIT_TABLE.execute(s.db)
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

/** The input of a labelled field (Mantine's required asterisk is part of the label). */
const input = (root: Locator, label: string) =>
  root.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(root.locator('input, textarea'))
const choose = async (root: Locator, label: string, option: string) => {
  await input(root, label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}
const TABLET = { width: 820, height: 1180 }
/** axe on the open dialog's screen at desktop, tablet and phone sizes, back at desktop after. */
async function auditSizes(name: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    findings.push(...(await audit(page, `${name} ${size}`, { shell: true })))
  }
  await page.setViewportSize(DESKTOP)
  return findings
}
// The generator's tables, which the app's schema type does not list.
const db = () => s.db as unknown as Kysely<Record<string, Record<string, unknown>>>

it('makes a model from a table, ticks its columns, makes a code module, previews and downloads its code', async () => {
  await page.goto(`${s.baseUrl}/tool/model`)
  await page.locator('table').first().waitFor()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  let form = page.getByRole('dialog')
  await choose(form, '数据源', 'master')
  await input(form, '数据库表名').fill('dmr_shop_visit')
  await input(form, '实体类名').fill('ShopVisit')
  await input(form, '模型名称').fill('门店拜访')
  await input(form, '模型编号').fill('shopVisit')
  await form.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => form.count(), WAIT).toBe(0)
  const model = await db()
    .selectFrom('blade_model')
    .select(['id'])
    .where('model_code', '=', 'shopVisit')
    .executeTakeFirstOrThrow()

  // The grid opens with the table's columns; shop_name becomes searchable, note leaves the list.
  await page
    .getByRole('row')
    .filter({ hasText: '门店拜访' })
    .getByRole('button', { name: '模型配置 门店拜访' })
    .click()
  const grid = page.getByRole('dialog', { name: /模型配置/ })
  await grid.getByRole('checkbox', { name: 'shop_name 查询配置' }).waitFor(WAIT)
  const findings = await auditSizes('prototype grid')
  await grid.getByRole('checkbox', { name: 'shop_name 查询配置' }).check()
  await grid.getByRole('checkbox', { name: 'note 列表显示' }).uncheck()
  await grid.getByRole('textbox', { name: 'shop_name 注释说明' }).fill('门店名称')
  await grid.getByRole('button', { name: '保存', exact: true }).click()
  await page.getByText('保存成功', { exact: true }).first().waitFor(WAIT)
  // Read through the server's connection, which answers columns in camelCase.
  const saved = (await db()
    .selectFrom('blade_model_prototype')
    .selectAll()
    .where('model_id', '=', String(model.id))
    .where('is_deleted', '=', 0)
    .execute()) as Record<string, unknown>[]
  expect(saved.find((p) => p.jdbcName === 'shop_name')).toMatchObject({
    isQuery: 1,
    jdbcComment: '门店名称',
  })
  expect(saved.find((p) => p.jdbcName === 'note')).toMatchObject({ isList: 0 })
  // Saved, so it closes without asking.
  await grid.getByRole('button', { name: '取消', exact: true }).click()
  await expect.poll(() => grid.count(), WAIT).toBe(0)

  await page.goto(`${s.baseUrl}/tool/code`)
  await page.locator('table').first().waitFor()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  form = page.getByRole('dialog')
  await input(form, '模块名称').fill('门店拜访')
  await choose(form, '数据模型', '门店拜访')
  await input(form, '表前缀').fill('dmr_')
  await input(form, '作者').fill('dmr')
  await input(form, '服务名称').fill('dmr-field')
  await input(form, '包名').fill('vn.dmr.field')
  await form.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => form.count(), WAIT).toBe(0)

  await page
    .getByRole('row')
    .filter({ hasText: '门店拜访' })
    .getByRole('button', { name: '生成代码 门店拜访' })
    .click()
  const preview = page.getByRole('dialog', { name: /生成代码/ })
  await preview
    .getByRole('navigation', { name: '生成的文件' })
    .getByRole('button', { name: 'shop-visit.ts', exact: true })
    .click()
  const code = preview.getByRole('region', {
    name: /^文件内容 src\/domain\/field\/shop-visit\.ts$/,
  })
  await expect
    .poll(async () => (await code.textContent()) ?? '', WAIT)
    .toContain('label: msg`门店名称`')
  findings.push(...(await auditSizes('code preview')))
  expect(findings, report(findings)).toEqual([])
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('button', { name: '下载' }).click(),
  ])
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)))
  expect(Object.keys(zip).sort()).toEqual([
    'server/db/migrate.ts',
    'server/db/migrations/100-shop-visit.ts',
    'server/seed/menu-data-generated.ts',
    'src/domain/entity-loaders.ts',
    'src/domain/field/shop-visit.ts',
  ])
  expect(codeText(strFromU8(zip['src/domain/field/shop-visit.ts']!))).toContain(
    codeText(
      "{ name: 'shopName', label: msg`门店名称`, type: 'string', required: msg`请输入门店名称`, maxLength: 64, search: 'like' },",
    ),
  )
  expect(pageErrors).toEqual([])
})
