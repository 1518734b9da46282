// Employees and salaries end to end: the production build against the real server in
// headless Chromium, as the finance user. An employee's basic salary is edited (the server's totals
// follow; the birthday is shown but cannot change); last month's office salary is filled from the
// employed employees, given a bonus and saved; the monthly summary then shows it with the figures
// computed by the server, in the table and the chart, and opens its rows in the salary detail.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { call } from '../support/http.ts'
import { csvOf, uploadFile } from '../support/import-files.ts'
import { loginAs } from '../support/login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []
const WAIT = { timeout: 60_000, interval: 200 }
vi.setConfig({ testTimeout: 120_000 })

// The browser's clock is set to a fixed day (the salary form opens on the month before today), so
// the test reads the same months whatever day it runs.
const TODAY = new Date('2025-08-15T09:00:00+07:00')
const LAST_MONTH = '2025-07'
const EARLIER = '2025-06'

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist' })
  const token = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
  const staff = [
    ['079203004001', 'Nguyễn Văn An', 0, 12000000, 6000000, 1500000, '1994-05-20'],
    ['079203004002', 'Trần Thị Bích', 0, 9500000, 5000000, 800000, '1999-02-28'],
    ['079203004003', 'Lê Hoàng Cường', 1, 15000000, 0, 2000000, '1990-11-02'],
  ]
  const imported = await uploadFile(
    s.baseUrl,
    '/dmr/employee/import',
    token,
    csvOf(
      [
        'Citizen ID',
        'Vietnamese Name',
        'Status',
        'Basic Salary',
        'Internship Salary',
        'Benefit',
        'Birthday',
      ],
      staff,
    ),
    'staff.csv',
  )
  expect(imported.status, JSON.stringify(imported.body)).toBe(200)
  // An earlier month, so the summary has a row before the new salary.
  const an = (
    await s.db
      .selectFrom('dmrEmployee')
      .select('id')
      .where('dmrEmpIdcard', '=', '079203004001')
      .executeTakeFirstOrThrow()
  ).id
  const earlier = await call(s.baseUrl, 'POST', '/api/dmr/salary/submit', {
    token,
    json: {
      detailDate: EARLIER,
      salarySource: 'office',
      detail: [{ dmrEmpId: an, standardDays: 26, labourDays: 26 }],
    },
  })
  expect(earlier.status, JSON.stringify(earlier.body)).toBe(200)
  browser = await launchBrowser()
  await browser.context.clock.install({ time: TODAY })
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await signInStored(page, s, 'finance', '123456')
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

/** The texts of the cells of a table row holding `text`. */
const cellsOf = async (text: string) => {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) })
    .first()
  await row.waitFor()
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())
}

it('edits an employee: the server recomputes the totals, the birthday cannot change', async () => {
  await page.goto(`${s.baseUrl}/finance/employee`)
  const bich = page.getByRole('row').filter({ hasText: 'Trần Thị Bích' })
  await bich.waitFor()
  // No add button (docs/product.md §2 "Layout specifics"): employees come in through the import.
  expect(await page.getByRole('button', { name: '新增', exact: true }).count()).toBe(0)
  await page.getByRole('button', { name: '导入' }).waitFor()
  await bich.getByRole('button', { name: '编辑' }).click()
  const dialog = page.getByRole('dialog')
  const birthday = dialog.getByRole('textbox', { name: '出生日期' })
  expect(await birthday.inputValue()).toBe('1999-02-28')
  expect(await birthday.getAttribute('readonly')).not.toBeNull()
  await dialog.getByRole('textbox', { name: /^基本工资/ }).fill('10000000')
  await dialog.getByRole('button', { name: '修改' }).click()
  await expect.poll(() => dialog.count(), WAIT).toBe(0)
  // 10 000 000 + 800 000 benefit.
  await expect
    .poll(async () => (await cellsOf('Trần Thị Bích')).filter((t) => t.endsWith('₫')), WAIT)
    .toEqual(expect.arrayContaining(['10,000,000 ₫', '10,800,000 ₫']))
  const stored = await s.db
    .selectFrom('dmrEmployee')
    .select(['dmrEmpBasicSalary', 'salaryBasicTotal'])
    .where('dmrEmpIdcard', '=', '079203004002')
    .executeTakeFirstOrThrow()
  expect([Number(stored.dmrEmpBasicSalary), Number(stored.salaryBasicTotal)]).toEqual([
    10000000, 10800000,
  ])
})

it('saves last month filled from the employees, and the monthly summary shows it', async () => {
  await page.goto(`${s.baseUrl}/finance/salary-month`)
  await cellsOf(EARLIER)
  expect(await page.getByRole('cell', { name: LAST_MONTH, exact: true }).count()).toBe(0)

  await page.goto(`${s.baseUrl}/finance/salary`)
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect
    .poll(() => dialog.getByRole('button', { name: /工资月份/ }).textContent(), WAIT)
    .toContain(LAST_MONTH)
  await dialog.getByLabel('工资来源').click()
  await page.getByRole('option', { name: '办公室' }).click()
  await dialog.getByRole('button', { name: '从员工填充' }).click()
  // The employed two, not Cường (resigned), each for the whole month.
  await expect.poll(() => dialog.getByLabel('员工 2').inputValue(), WAIT).toBe('Trần Thị Bích')
  expect(await dialog.getByLabel('员工 1').inputValue()).toBe('Nguyễn Văn An')
  expect(await dialog.getByLabel('员工 3').count()).toBe(0)
  expect(await dialog.getByLabel('出勤天数 1').inputValue()).toBe('26')
  await dialog.getByLabel('奖金 1').fill('500000')
  // An 12 000 000 + 1 500 000 + 500 000; Bích 10 000 000 + 800 000.
  await expect.poll(() => dialog.getByLabel('实发工资 1').textContent(), WAIT).toBe('14,000,000 ₫')
  await expect
    .poll(() => dialog.getByLabel('实发工资合计').textContent(), WAIT)
    .toBe('24,800,000 ₫')
  await dialog.getByRole('button', { name: '保存' }).click()
  await expect.poll(() => dialog.count(), WAIT).toBe(0)
  await expect
    .poll(async () => (await cellsOf(LAST_MONTH)).slice(1), WAIT)
    .toEqual(expect.arrayContaining(['办公室', '2', '24,800,000 ₫']))

  await page.goto(`${s.baseUrl}/finance/salary-month`)
  const row = await cellsOf(LAST_MONTH)
  expect(row).toEqual(
    expect.arrayContaining([
      '办公室',
      '2',
      '22,000,000 ₫',
      '2,300,000 ₫',
      '500,000 ₫',
      '24,800,000 ₫',
    ]),
  )
  const chart = page.getByTestId('salary-month-chart')
  await chart.locator('svg.recharts-surface').first().waitFor()
  await expect.poll(() => chart.locator('svg').first().textContent(), WAIT).toContain(LAST_MONTH)

  // The row opens its rows in the salary detail screen.
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: LAST_MONTH, exact: true }) })
    .getByRole('button', { name: '工资明细' })
    .click()
  await page.waitForURL(
    (u) =>
      u.pathname === '/finance/salary-detail' && u.searchParams.get('detailDate_ge') === LAST_MONTH,
  )
  await expect
    .poll(
      async () =>
        (
          await page.getByRole('cell', { name: /^(Nguyễn Văn An|Trần Thị Bích)$/ }).allInnerTexts()
        ).sort(),
      WAIT,
    )
    .toEqual(['Nguyễn Văn An', 'Trần Thị Bích'])
  expect(await cellsOf('Nguyễn Văn An')).toEqual(expect.arrayContaining(['14,000,000 ₫']))
  expect(pageErrors).toEqual([])
})

it('the salary form fits a phone: rows stacked, nothing wider than the screen', async () => {
  const phone = await browser.context.newPage()
  await phone.setViewportSize({ width: 390, height: 844 })
  await phone.goto(`${s.baseUrl}/finance/salary`)
  await phone.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = phone.getByRole('dialog')
  // Last month's employees are all on the salary saved above, so the fill would add none: a row by hand.
  await dialog.getByRole('button', { name: '添加员工' }).click()
  await dialog.getByLabel('员工 1').waitFor()
  const overflow = await dialog.evaluate((el) => {
    const body = el.querySelector('.mantine-Modal-body') ?? el
    return { scroll: body.scrollWidth, client: body.clientWidth }
  })
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client)
  const employee = await dialog.getByLabel('员工 1').boundingBox()
  const days = await dialog.getByLabel('出勤天数 1').boundingBox()
  expect(employee!.width).toBeGreaterThan(250)
  expect(days!.y).toBeGreaterThan(employee!.y + employee!.height)
  await phone.close()
})
