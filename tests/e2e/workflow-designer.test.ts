// The 模型设计 designer in Chromium on the production build, as admin: bpmn-js loads lazily under the
// app's CSP, a two-step process is drawn through bpmn-js's context pad and replace menu, and our panel
// assigns its tasks; 保存 sends the XML with the model key as the process id and the flowable
// attributes. Esc in the focused canvas stays with bpmn-js. axe checks the designer at desktop size.
// The server's /api/blade-flow routes are answered in the browser here (page.route), so that the
// designer is covered before they are merged; workflow-model.test.ts runs the whole path on them.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { audit, DESKTOP, report } from '../support/axe.ts'
import { bpmnDrawing, input } from '../support/bpmn-drawing.ts'
import { afterNextFrames, launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const submitted: unknown[] = []
const WAIT = { timeout: 60_000, interval: 250 }

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  browser = await launchBrowser({ viewport: DESKTOP })
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'admin', 'admin')
  const answer = (data: unknown) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ code: 200, success: true, msg: '操作成功', data }),
  })
  await page.route('**/api/blade-flow/model/list**', (r) =>
    r.fulfill(answer({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  )
  await page.route('**/api/blade-flow/model/submit', (r) => {
    submitted.push(r.request().postDataJSON())
    return r.fulfill(answer(true))
  })
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

it('draws a two-step process whose XML carries the model key and the flowable attributes', async () => {
  const draw = bpmnDrawing(page)
  await page.goto(`${s.baseUrl}/flow/model`)
  await page.locator('main table').first().waitFor()
  await page.getByRole('main').getByRole('button', { name: '新增', exact: true }).click()
  const designer = page.getByRole('dialog', { name: '新增流程模型' })
  await input(designer, '模型标识').fill('E2eTrip')
  await input(designer, '模型名称').fill('E2E 出差审批')
  await draw.shape('start').waitFor(WAIT)

  // Esc in the focused canvas is bpmn-js's, not a close of the designer (which would ask to discard).
  await page.locator('.djs-container svg').first().focus()
  await page.keyboard.press('Escape')
  await afterNextFrames(page)
  expect(await page.getByRole('dialog', { name: '放弃未保存的内容？' }).count()).toBe(0)

  const [first, second] = await draw.drawTwoStepProcess(designer)
  const findings = await audit(page, 'designer desktop', { shell: true })
  await designer.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => designer.count(), WAIT).toBe(0)

  expect(submitted).toHaveLength(1)
  const body = submitted[0] as { modelKey: string; name: string; xml: string; id?: string }
  expect(body).toMatchObject({ modelKey: 'E2eTrip', name: 'E2E 出差审批' })
  expect(body.id).toBeUndefined()
  expect(body.xml).toContain('<bpmn:process id="E2eTrip" name="E2E 出差审批" isExecutable="true">')
  expect(body.xml).toMatch(
    new RegExp(`<bpmn:userTask id="${first}" name="部门审批" flowable:assignee="taskUser_\\d+">`),
  )
  expect(body.xml).toContain(
    `<bpmn:userTask id="${second}" name="管理员审批" flowable:candidateGroups="administrator">`,
  )
  expect(body.xml).toContain(`sourceRef="start" targetRef="${first}"`)
  expect(body.xml).toContain(`sourceRef="${first}" targetRef="${second}"`)
  expect(body.xml).toContain(`sourceRef="${second}" targetRef="end"`)
  expect(body.xml).not.toContain('flow_start_end')
  expect(findings, report(findings)).toEqual([])
  expect(pageErrors).toEqual([])
})
