// Scheduled jobs end to end: the production build against the real server (its embedded scheduler
// ticking every second) in headless Chromium, as admin. A CRON job calling an endpoint of this
// server is created in the job form (the next five fire times shown as the expression is typed);
// its instances appear in its drawer with their log lines; switched off in the list, it runs no
// more. Each step is checked in the database as well as on screen.
import type { Kysely } from 'kysely'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SchedulerTables } from '../../server/db/schema-scheduler.ts'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 250 }
const JOB = 'E2E 参数巡检'

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

/** The input of a labelled field (Mantine's required asterisk is part of the label). */
const input = (root: Locator, label: string) =>
  root.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(root.locator('input, textarea'))
/** The scheduler's tables, which the app's schema type leaves to the engine. */
const jobDb = () => s.db as unknown as Kysely<SchedulerTables>
const jobRow = () =>
  jobDb()
    .selectFrom('bladeJobInfo')
    .select(['id', 'enable'])
    .where('jobName', '=', JOB)
    .executeTakeFirst()
const instances = async (jobId: string) =>
  (
    await jobDb()
      .selectFrom('bladeJobInstance')
      .select(['id', 'status'])
      .where('jobId', '=', jobId)
      .execute()
  ).map((r) => ({ id: String(r.id), status: Number(r.status) }))

it('creates a CRON job calling an endpoint, shows its instances and their logs, and stops it when switched off', async () => {
  await page.goto(`${s.baseUrl}/job/jobinfo`)
  await page.locator('table').first().waitFor()
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const form = page.getByRole('dialog')
  await input(form, '任务名称').fill(JOB)
  // Every second (PowerJob's CRON has a seconds field).
  await input(form, '时间表达式').fill('* * * * * *')
  const preview = form.getByTestId('job-next-triggers')
  await expect.poll(() => preview.getByRole('listitem').count(), WAIT).toBe(5)
  await input(form, '处理器信息').fill('http')
  await input(form, '任务参数').fill(
    '{"method":"GET","url":"/blade-system/param/list","account":"admin"}',
  )
  await form.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => form.count(), WAIT).toBe(0)
  const job = await jobRow()
  expect(job).toMatchObject({ enable: 1 })
  const jobId = String(job!.id)

  // Its instances come in, each a successful call of the endpoint, with the call in its log.
  await expect
    .poll(async () => (await instances(jobId)).filter((i) => i.status === 5).length, WAIT)
    .toBeGreaterThanOrEqual(2)
  const row = page.getByRole('row').filter({ hasText: JOB })
  await row.getByRole('button', { name: '运行记录' }).click()
  const drawer = page.getByRole('dialog', { name: `运行记录: ${JOB}` })
  await expect
    .poll(() => drawer.getByText('成功', { exact: true }).count(), WAIT)
    .toBeGreaterThanOrEqual(2)
  await drawer
    .getByRole('button', { name: /^查看日志 / })
    .first()
    .click()
  await expect
    .poll(async () => (await drawer.getByTestId('job-instance-logs').textContent()) ?? '', WAIT)
    .toContain('GET /api/blade-system/param/list (admin)')
  await page.keyboard.press('Escape')
  await expect.poll(() => drawer.count(), WAIT).toBe(0)

  // Switched off in the list: stored as disabled, and no instance is added after the running ones end.
  await row.getByRole('switch', { name: `启用 ${JOB}` }).click()
  await page.getByText('已停用', { exact: true }).first().waitFor()
  await expect.poll(async () => (await jobRow())?.enable, WAIT).toBe(0)
  await expect
    .poll(
      async () => (await instances(jobId)).filter((i) => i.status === 1 || i.status === 3).length,
      WAIT,
    )
    .toBe(0)
  const stopped = (await instances(jobId)).map((i) => i.id).sort()
  // Three ticks of the scheduler, each of which would have fired the job: a tick starts by writing
  // this process's heartbeat, and one tick runs at a time, so a heartbeat 3 s past the first means
  // the ticks in between have ended (however slowly a busy machine got to them).
  const heartbeat = async () =>
    Number(
      (
        await jobDb()
          .selectFrom('bladeJobWorker')
          .select((eb) => eb.fn.max('heartbeat').as('at'))
          .executeTakeFirst()
      )?.at ?? 0,
    )
  const firstBeat = await heartbeat()
  await expect.poll(heartbeat, WAIT).toBeGreaterThan(firstBeat + 3_000)
  expect((await instances(jobId)).map((i) => i.id).sort()).toEqual(stopped)
  expect(await row.getByRole('switch', { name: `启用 ${JOB}` }).isChecked()).toBe(false)
  expect(pageErrors).toEqual([])
})
