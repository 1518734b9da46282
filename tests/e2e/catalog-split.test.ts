// The Chinese catalog comes split by chunk in the production build (scripts/chunk-catalogs.ts): each
// chunk brings the messages of its own code. Every seeded screen, opened as admin straight from its
// URL (and its add form where it has one), shows text and labels, never a message id: an id the
// split had left out would be shown as its raw 6 characters.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { catalogOf } from '../../scripts/chunk-catalogs.ts'
import { BUSINESS_MENUS } from '../../server/seed/menu-data-business.ts'
import { DEVELOP_MENUS } from '../../server/seed/menu-data-develop.ts'
import { SYSTEM_MENUS } from '../../server/seed/menu-data-system.ts'
import type { MenuSeed } from '../../server/seed/menu-types.ts'
import { launchBrowser } from '../support/browser.ts'
import { signInStored } from '../support/e2e-login.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let s: TestServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
const pageErrors: string[] = []

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

const ids = new Set(Object.keys(catalogOf(readFileSync('src/locales/zh/messages.ts', 'utf8'))))

const screensOf = (menus: MenuSeed[]): MenuSeed[] =>
  menus.flatMap((m) =>
    m.children.length ? screensOf(m.children) : m.path.startsWith('/') ? [m] : [],
  )

/** Message ids among the page's visible text, placeholders, labels and titles. */
async function idsShown(p: Page): Promise<string[]> {
  const texts = await p.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((e) => [
        e.getAttribute('placeholder'),
        e.getAttribute('aria-label'),
        e.getAttribute('title'),
      ]),
    ].filter((t): t is string => !!t),
  )
  const words = texts.flatMap((t) => t.split(/[\s,.:;!?()[\]{}"'，。：；！？（）【】]+/))
  return [...new Set(words.filter((w) => ids.has(w)))]
}

/** Pages visiting the screens side by side: each mostly waits for the network to go quiet. */
const PAGES = 3

/** Opens each screen (and its add form) on `p`; returns the ids shown and how many add forms it opened. */
async function visit(p: Page, screens: MenuSeed[]): Promise<{ shown: string[]; forms: number }> {
  const shown: string[] = []
  let forms = 0
  for (const screen of screens) {
    await p.goto(`${s.baseUrl}${screen.path}`)
    await p.waitForLoadState('networkidle')
    for (const id of await idsShown(p)) shown.push(`${screen.path}: ${id}`)
    const add = p.getByRole('main').getByRole('button', { name: '新增', exact: true })
    if ((await add.count()) === 1 && (await add.isEnabled())) {
      await add.click()
      forms++
      // A form that never opens fails naming its screen.
      await p
        .getByRole('dialog')
        .last()
        .waitFor()
        .catch((e: Error) => {
          throw new Error(`${screen.path}: 新增 opened no dialog (${e.message.split('\n')[0]})`)
        })
      await p.waitForLoadState('networkidle')
      for (const id of await idsShown(p)) shown.push(`${screen.path} add form: ${id}`)
    }
  }
  return { shown, forms }
}

it('every seeded screen and its add form show their messages, no message id', async () => {
  const screens = screensOf([...SYSTEM_MENUS, ...DEVELOP_MENUS, ...BUSINESS_MENUS])
  expect(screens.length).toBeGreaterThan(40)
  const pages = [page]
  for (let n = 1; n < PAGES; n++) {
    const p = await browser.context.newPage()
    p.on('pageerror', (e) => pageErrors.push(e.message))
    pages.push(p)
  }
  const results = await Promise.all(
    pages.map((p, n) =>
      visit(
        p,
        screens.filter((_, i) => i % PAGES === n),
      ),
    ),
  )
  expect(results.flatMap((r) => r.shown)).toEqual([])
  expect(results.reduce((sum, r) => sum + r.forms, 0)).toBeGreaterThan(25)
  expect(pageErrors).toEqual([])
}, 600_000)
