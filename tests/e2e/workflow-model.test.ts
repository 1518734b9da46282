// 模型设计 and 部署管理 end to end: the production build against the real server in headless Chromium,
// as admin. A two-step process is drawn in the bpmn-js designer (two user tasks appended to the start
// event through the context pad, the first assigned to a user and the second to a role in our panel),
// saved, deployed under a category, and then found in 部署管理 and in 发起事务's list of processes one
// may start, and started from there: deployed under the leave's category, 发起 opens the leave form,
// whose start runs this process, which then waits in its first step on the admin's to-do list. axe
// checks the designer and the deployments at desktop size, and the designer on a phone, where it is
// read-only.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audit, DESKTOP, PHONE, report, type Finding } from '../support/axe.ts'
import { bpmnDrawing, input } from '../support/bpmn-drawing.ts'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { pickDay } from '../support/leave-form.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 250 }
const KEY = 'E2eTrip'
const NAME = 'E2E 出差审批'

describe('workflow model', () => {
  beforeAll(async () => {
    s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
    browser = await launchBrowser({ viewport: DESKTOP })
    page = await browser.context.newPage()
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await signInStored(page, s, 'admin', 'admin')
  })
  afterAll(async () => {
    await browser?.close()
    await s?.close()
  })

  it('draws a two-step process, saves, deploys it, finds it among the deployments and starts it from 发起事务', async () => {
    const findings: Finding[] = []
    await page.goto(`${s.baseUrl}/flow/model`)
    await page.locator('main table').first().waitFor()
    await page.getByRole('main').getByRole('button', { name: '新增', exact: true }).click()
    const designer = page.getByRole('dialog', { name: '新增流程模型' })
    await input(designer, '模型标识').fill(KEY)
    await input(designer, '模型名称').fill(NAME)
    await input(designer, '模型描述').fill('部门审批后由管理员审批')
    const draw = bpmnDrawing(page)
    const [first] = await draw.drawTwoStepProcess(designer)
    findings.push(...(await audit(page, 'designer desktop', { shell: true })))

    await designer.getByRole('button', { name: '保存' }).click()
    await expect.poll(() => designer.count(), WAIT).toBe(0)
    const row = page.locator('main tr').filter({ hasText: KEY })
    await row.waitFor(WAIT)

    // Saved with the flowable attributes the panel wrote, the model key as the process id.
    await row.getByRole('button', { name: `编辑 ${NAME}` }).click()
    const reopened = page.getByRole('dialog', { name: new RegExp(`修改流程模型 · ${NAME}`) })
    await draw.select(first)
    await expect
      .poll(
        () => input(reopened.getByRole('region', { name: '元素属性' }), '名称').inputValue(),
        WAIT,
      )
      .toBe('部门审批')
    await page.setViewportSize(PHONE)
    await reopened.getByRole('status').waitFor(WAIT)
    findings.push(...(await audit(page, 'designer phone (read-only)', { shell: true })))
    await page.setViewportSize(DESKTOP)
    await reopened.getByRole('button', { name: '取消' }).click()
    await expect.poll(() => reopened.count(), WAIT).toBe(0)

    // Deployed under the first category of the `flow` dictionary: the first version.
    await row.getByRole('button', { name: `部署 ${NAME}` }).click()
    const deploy = page.getByRole('dialog', { name: '部署流程模型' })
    await input(deploy, '流程分类').click()
    await page.getByRole('option').first().click()
    await deploy.getByRole('button', { name: '部署', exact: true }).click()
    await page.getByText(`${NAME} 已部署为版本 1`).waitFor(WAIT)

    await page.goto(`${s.baseUrl}/flow/manager`)
    const deployed = page.locator('main tr').filter({ hasText: KEY })
    await deployed.waitFor(WAIT)
    expect(await deployed.textContent()).toContain(NAME)
    expect(await deployed.textContent()).toContain('激活')
    findings.push(...(await audit(page, 'deployments desktop', { shell: true })))
    await deployed.getByRole('button', { name: '查看', exact: true }).click()
    await page.getByRole('dialog').locator('.djs-element[data-element-id="start"]').waitFor(WAIT)
    await page.keyboard.press('Escape')

    await page.goto(`${s.baseUrl}/work/start`)
    const startRow = page.locator('main tr').filter({ hasText: NAME }).first()
    await startRow.waitFor(WAIT)
    await startRow.getByRole('button', { name: '发起' }).click()
    await page.waitForURL(/\/work\/process\/leave\/form\//, WAIT)
    await pickDay(page, '开始时间', 10)
    await pickDay(page, '结束时间', 11)
    await page.getByLabel(/^请假理由/).fill('E2E 出差')
    await page.getByRole('button', { name: '提交', exact: true }).click()
    await page.waitForURL(/\/work\/send/, WAIT)
    // Running, waiting in its first step (部门审批, the admin's) on the admin's to-do list.
    await page.goto(`${s.baseUrl}/work/todo`)
    const todo = page.locator('main tr').filter({ hasText: NAME }).first()
    await todo.waitFor(WAIT)
    expect(await todo.textContent()).toContain('部门审批')

    expect(findings, report(findings)).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
