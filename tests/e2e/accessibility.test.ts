// Accessibility end to end: axe-core (WCAG 2 A and AA rules) on every kind of screen of the production
// build — login, shell + home, a list, an add form, a tree, the stock count, the KOL follow-up, the
// salary form and a totals screen with its chart — in the default and the dark theme, at desktop and
// phone sizes. No critical or serious violation; each screen has one h1 and the header, navigation
// and main landmarks. One server, one browser and one signed-in page for all of it.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audit, DESKTOP, PHONE, report, type Finding } from '../support/axe.ts'
import { launchBrowser } from '../support/browser.ts'
import { loginThroughPage } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

const WAIT = { timeout: 60_000 }

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  s = await startTestServer('sqlite', { staticDir: process.env.APP_DIST ?? 'dist', seedDemo: true })
  browser = await launchBrowser({ viewport: DESKTOP })
  page = await browser.context.newPage()
  page.on('pageerror', (e) => pageErrors.push(e.message))
})
afterAll(async () => {
  await browser?.close()
  await s?.close()
})

/** The shell theme is a stored preference: write it as the app does and reload to apply it. */
async function useTheme(theme: string) {
  await page.evaluate(
    (name) =>
      localStorage.setItem(
        'saber-themeName',
        JSON.stringify({ dataType: 'string', content: name, datetime: Date.now() }),
      ),
    theme,
  )
}

const go = async (path: string) => {
  await page.goto(`${s.baseUrl}${path}`)
  await page.locator('main').first().waitFor(WAIT)
}
// A phone shows a list's rows as cards.
const firstRow = () =>
  page.locator('main table tbody tr, main [data-testid="crud-card"]').first().waitFor(WAIT)

/** The signed-in screens, each opened from scratch and brought to the state that is checked. */
const SCREENS: { name: string; open: () => Promise<void> }[] = [
  {
    name: 'home',
    open: () => go('/wel/index').then(() => page.getByTestId('dashboard-figures').waitFor(WAIT)),
  },
  { name: 'list (orders)', open: () => go('/order/order').then(firstRow) },
  {
    name: 'add form (orders)',
    open: async () => {
      await go('/order/order')
      await firstRow()
      await page.getByRole('button', { name: '新增', exact: true }).click()
      await page.getByRole('dialog').getByRole('button', { name: '保存' }).waitFor(WAIT)
    },
  },
  { name: 'tree (menus)', open: () => go('/system/menu').then(firstRow) },
  {
    name: 'stock count session',
    open: async () => {
      await go('/stock/count')
      await page
        .getByRole('button', { name: /^继续盘点/ })
        .first()
        .click(WAIT)
      await page.getByRole('combobox', { name: 'SKU编号' }).waitFor(WAIT)
    },
  },
  {
    name: 'KOL follow-up',
    open: async () => {
      await go('/kol/follow-up')
      await page.getByTestId('kol-list').getByRole('button').first().click(WAIT)
      await page.getByRole('button', { name: '保存联系记录' }).waitFor(WAIT)
    },
  },
  {
    name: 'salary form',
    open: async () => {
      await go('/finance/salary')
      await page.getByRole('button', { name: '新增', exact: true }).click(WAIT)
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: '从员工填充' }).click(WAIT)
      // The demo's salaries may already pay everyone this month (the fill then adds no one): a row by hand.
      await dialog.getByRole('button', { name: '添加员工' }).click(WAIT)
      await dialog.getByLabel('员工 1', { exact: true }).waitFor(WAIT)
    },
  },
  {
    name: 'gift totals',
    open: async () => {
      await go('/gift/anchor-total')
      await page.getByTestId('gift-chart').waitFor(WAIT)
      await firstRow()
    },
  },
]

const COMBOS = [
  { theme: 'hey', size: 'desktop', viewport: DESKTOP },
  { theme: 'hey', size: 'phone', viewport: PHONE },
  { theme: 'dark', size: 'desktop', viewport: DESKTOP },
  { theme: 'dark', size: 'phone', viewport: PHONE },
] as const

describe('axe finds no critical or serious violation', () => {
  it('on the login page', async () => {
    const findings: Finding[] = []
    for (const c of COMBOS) {
      await page.setViewportSize(c.viewport)
      await page.goto(`${s.baseUrl}/login`)
      await useTheme(c.theme)
      await page.reload()
      await page.getByRole('button', { name: '登录' }).waitFor(WAIT)
      findings.push(...(await audit(page, `login ${c.theme} ${c.size}`, { shell: false })))
    }
    expect(findings, report(findings)).toEqual([])
  })

  it.each(COMBOS)(
    'on every kind of signed-in screen, theme $theme, $size',
    async (c) => {
      if (!page.url().startsWith(s.baseUrl) || new URL(page.url()).pathname.startsWith('/login')) {
        await page.setViewportSize(DESKTOP)
        await loginThroughPage(page, s, 'admin', 'admin')
      }
      await page.setViewportSize(c.viewport)
      await useTheme(c.theme)
      const findings: Finding[] = []
      for (const screen of SCREENS) {
        const opened = await screen.open().then(
          () => true,
          async (e: unknown) => {
            // Where it stopped, for the report: the address and the start of what the screen showed.
            const shown = await page
              .locator('main')
              .first()
              .innerText({ timeout: 2000 })
              .catch(() => '')
            const help = `${String(e).split('\n')[0]!} at ${page.url()}; the screen showed: ${shown.replace(/\s+/g, ' ').slice(0, 300)}`
            findings.push({
              screen: `${screen.name} ${c.theme} ${c.size}`,
              id: 'not-opened',
              impact: 'test',
              help,
              targets: [],
            })
            return false
          },
        )
        if (!opened) continue
        findings.push(
          ...(await audit(page, `${screen.name} ${c.theme} ${c.size}`, { shell: true })),
        )
      }
      expect(findings, report(findings)).toEqual([])
      expect(pageErrors).toEqual([])
    },
    300_000,
  )
})
