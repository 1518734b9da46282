// The leave process end to end: the production build against the real server in headless
// Chromium. An office user applies for leave (no approver named, so the administrator role
// approves); admin claims the task in 待签事务, approves it in 待办事务 with a comment; the
// applicant then finds the request finished in 已发事务, its detail's diagram marking the path it
// took and no step left open, and the approval in its history. axe at three sizes on the form, the
// handling screen and the detail.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextId } from '../../server/core/ids.ts'
import { ROLE_OFFICE } from '../../server/seed/ids.ts'
import { audit, DESKTOP, PHONE, report, type Finding } from '../support/axe.ts'
import { afterNextFrames, launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { pickDay } from '../support/leave-form.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

const WAIT = { timeout: 60_000, interval: 250 }
const TABLET = { width: 820, height: 1180 }
const REASON = 'E2E 回老家探亲'
const COMMENT = 'E2E 同意，注意安全'
/** What the applicant needs: 我的事务's leave screen and 已发事务 (granted here if the seed does not). */
const APPLICANT_MENUS = [
  'work',
  'leave',
  'leave_add',
  'leave_view',
  'work_send',
  'work_send_view',
  'work_start',
  'work_start_view',
  'work_start_launch',
]

let s: TestServer
let applicantBrowser: Awaited<ReturnType<typeof launchBrowser>>
let adminBrowser: Awaited<ReturnType<typeof launchBrowser>>
let applicant: Page
let admin: Page
const pageErrors: string[] = []

async function grantApplicantMenus(): Promise<void> {
  const menus = await s.db
    .selectFrom('bladeMenu')
    .select(['id', 'code'])
    .where('code', 'in', APPLICANT_MENUS)
    .where('isDeleted', '=', 0)
    .execute()
  expect(menus.map((m) => m.code).sort()).toEqual([...APPLICANT_MENUS].sort())
  const held = new Set(
    (
      await s.db
        .selectFrom('bladeRoleMenu')
        .select('menuId')
        .where('roleId', '=', ROLE_OFFICE)
        .execute()
    ).map((r) => String(r.menuId)),
  )
  const missing = menus.filter((m) => !held.has(String(m.id)))
  if (missing.length)
    await s.db
      .insertInto('bladeRoleMenu')
      .values(missing.map((m) => ({ id: nextId(), roleId: ROLE_OFFICE, menuId: m.id })))
      .execute()
}

async function auditSizes(page: Page, name: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await afterNextFrames(page)
    findings.push(...(await audit(page, `${name} ${size}`, { shell: true })))
  }
  await page.setViewportSize(DESKTOP)
  return findings
}

/** Picks a day of the shown month in the labelled date-time picker. */
const rowWith = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ hasText: text })

describe('the leave process', () => {
  beforeAll(async () => {
    s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
    await grantApplicantMenus()
    applicantBrowser = await launchBrowser()
    adminBrowser = await launchBrowser()
    applicant = await applicantBrowser.context.newPage()
    admin = await adminBrowser.context.newPage()
    for (const p of [applicant, admin]) p.on('pageerror', (e) => pageErrors.push(e.message))
    await signInStored(applicant, s, 'office', '123456')
    await signInStored(admin, s, 'admin', 'admin')
  })
  afterAll(async () => {
    await applicantBrowser?.close()
    await adminBrowser?.close()
    await s?.close()
  })

  it('is applied for, claimed and approved, and seen done with its path marked', async () => {
    const findings: Finding[] = []

    // The applicant applies with the newest leave process.
    await applicant.goto(`${s.baseUrl}/work/process/leave`)
    await applicant.getByRole('main').getByRole('button', { name: '申请', exact: true }).click()
    await applicant.waitForURL(/\/work\/process\/leave\/form\//, WAIT)
    await pickDay(applicant, '开始时间', 10)
    await pickDay(applicant, '结束时间', 12)
    await expect
      .poll(() => applicant.getByTestId('leave-days').textContent(), WAIT)
      .toMatch(/^请假天数：\d+(\.5)? 天$/)
    await applicant.getByLabel(/^请假理由/).fill(REASON)
    findings.push(...(await auditSizes(applicant, 'leave form')))
    await applicant.getByRole('button', { name: '提交', exact: true }).click()
    await applicant.waitForURL(/\/work\/send/, WAIT)
    await rowWith(applicant, '请假流程').first().waitFor(WAIT)

    // Admin claims it (the administrator role's task), then approves it from 待办.
    await admin.goto(`${s.baseUrl}/work/claim`)
    const claimRow = rowWith(admin, '请假流程').first()
    await claimRow.waitFor(WAIT)
    await claimRow.getByRole('button', { name: '签收' }).click()
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await admin.getByText('签收成功，任务已转入待办事务').waitFor(WAIT)
    await expect.poll(() => rowWith(admin, '请假流程').count(), WAIT).toBe(0)
    await admin.goto(`${s.baseUrl}/work/todo`)
    const todoRow = rowWith(admin, '请假流程').first()
    await todoRow.waitFor(WAIT)
    await todoRow.getByRole('button', { name: '办理' }).click()
    await admin.waitForURL(/\/work\/process\/leave\/handle\//, WAIT)
    await admin.getByText(REASON).waitFor(WAIT)
    await admin.locator('.djs-container svg').first().waitFor(WAIT)
    findings.push(...(await auditSizes(admin, 'leave handling')))
    await admin.getByLabel('批复意见').fill(COMMENT)
    await admin.getByRole('button', { name: '同意', exact: true }).click()
    await admin.waitForURL(/\/work\/todo/, WAIT)

    // The applicant sees it finished, the path marked and nothing left open.
    await applicant.goto(`${s.baseUrl}/work/send`)
    const sentRow = rowWith(applicant, '请假流程').first()
    await expect.poll(() => sentRow.getByText('已办结').count(), WAIT).toBe(1)
    await sentRow.getByRole('button', { name: '详情' }).click()
    await applicant.waitForURL(/\/work\/process\/leave\/detail\//, WAIT)
    await expect
      .poll(() => applicant.getByTestId('leave-status').textContent(), WAIT)
      .toBe('已办结')
    await applicant.locator('.djs-container svg').first().waitFor(WAIT)
    await expect
      .poll(() => applicant.locator('.flow-mark-done').count(), WAIT)
      .toBeGreaterThanOrEqual(3)
    expect(await applicant.locator('.flow-mark-active').count()).toBe(0)
    expect(await applicant.getByTestId('flow-caption').textContent()).toBe('流程已结束')
    expect(await applicant.getByTestId('flow-history').textContent()).toContain(COMMENT)
    findings.push(...(await auditSizes(applicant, 'leave detail')))

    expect(report(findings)).toBe('')
    expect(pageErrors).toEqual([])
  })
})
