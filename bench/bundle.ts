// Prints the JavaScript a first visit downloads ("a light first visit"): the built app
// served by the real server (brotli copies, scripts/compress-dist.ts), Chromium with a fresh profile.
// 1. /login until the login form is shown: every script the page requested up to then.
// 2. After logging in as admin/admin through that form (redirect to /system/param): every script the
//    page requested from the submit until the list's first rows are shown; the figure is all the
//    JavaScript the page loaded by then (the /login download included), as the 362 KB was.
// A file counts with its size as the server sends it to Chromium: the encoded body of the network
// response; a file the page got from the service worker (it precaches everything once installed)
// counts with the size of the .br copy the server would send. Scripts the page requested after the
// form was shown (the PWA part, after the first screen) and the worker's own precache downloads are
// listed apart, not counted.
// Run: npm run build && node bench/bundle.ts   (APP_DIST=<dir> for another build)
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { printFigures } from './support/figures.ts'
import { startLocalServer } from './support/local-app.ts'
import { launchBrowser } from '../tests/support/browser.ts'
import { captchaCode } from '../tests/support/e2e-login.ts'

const DIST = process.env.APP_DIST ?? 'dist'
const TARGET_LOGIN_KB = 180
const TARGET_LIST_KB = 280
const BASELINE = { login: '354 KB', list: '362 KB' }
const LIST = '/system/param'
const ROW = 'input[type="checkbox"][aria-label^="选择第"], input[aria-label="#1"]'

interface Script {
  path: string
  bytes: number
  how: 'network' | 'service worker'
}

/** The bytes the server sends for a file of the build to a brotli-accepting browser. */
function sentSize(path: string): number {
  const file = join(DIST, path)
  return existsSync(`${file}.br`)
    ? statSync(`${file}.br`).size
    : existsSync(file)
      ? statSync(file).size
      : 0
}

async function scriptOf(response: Response): Promise<Script | null> {
  const url = new URL(response.url())
  if (!url.pathname.endsWith('.js') || url.pathname === '/sw.js') return null
  if (response.fromServiceWorker())
    return { path: url.pathname, bytes: sentSize(url.pathname), how: 'service worker' }
  const sizes = await response.request().sizes()
  // A file answered by the worker from its precache is not always flagged as such (Chromium reports
  // it as a network response with an empty body): an empty body for a file of the build counts at
  // the size the server would send.
  if (sizes.responseBodySize === 0 && sentSize(url.pathname) > 0)
    return { path: url.pathname, bytes: sentSize(url.pathname), how: 'service worker' }
  return { path: url.pathname, bytes: sizes.responseBodySize, how: 'network' }
}

/** Records the page's scripts into the current phase's list. */
function record(page: Page): { phase: (name: string) => Script[] } {
  let current: Script[] = []
  const pending: Promise<void>[] = []
  page.on('response', (r) => {
    const list = current
    pending.push(scriptOf(r).then((s) => void (s && list.push(s))))
  })
  return {
    phase: (_name: string) => {
      current = []
      return current
    },
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const total = (list: Script[]) => list.reduce((sum, s) => sum + s.bytes, 0)

function print(title: string, list: Script[]): void {
  console.log(`${title}: ${list.length} scripts, ${kb(total(list))}`)
  for (const s of [...list].sort((a, b) => b.bytes - a.bytes))
    console.log(
      `  ${kb(s.bytes).padStart(9)}  ${s.path}${s.how === 'service worker' ? '  (from the service worker; .br size)' : ''}`,
    )
}

const settle = (page: Page, ms = 1000) => page.waitForTimeout(ms)

const server = await startLocalServer()
const browser = await launchBrowser()
try {
  const page = await browser.context.newPage()
  const phases = record(page)
  const workerFetches: string[] = []
  browser.context.on('request', (r) => {
    if (r.serviceWorker() && r.url().endsWith('.js')) workerFetches.push(new URL(r.url()).pathname)
  })

  // 1. /login, fresh profile.
  let list = phases.phase('login')
  const captcha = page.waitForResponse((r) => r.url().includes('/blade-auth/oauth/captcha'))
  await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent(LIST)}`)
  await page.getByRole('button', { name: /登录/ }).waitFor()
  const login = list
  list = phases.phase('after the login form')
  await settle(page, 2000)
  const afterForm = list

  // 2. Log in; the shell and the first rows of the list.
  const key = (await (await captcha).json()) as { data?: { key?: string }; key?: string }
  const code = await captchaCode(server, key.key ?? key.data?.key ?? '')
  await page.getByLabel(/用户名/).fill('admin')
  await page.getByLabel(/^密码/).first().fill('admin')
  await page
    .getByLabel(/^验证码/)
    .first()
    .fill(code)
  list = phases.phase('shell + list')
  await page.getByRole('button', { name: /登录/ }).click()
  await page.locator(ROW).first().waitFor({ timeout: 30000 })
  await settle(page)
  const shell = list

  print('JS to show /login (fresh profile)', login)
  print('  then, after the form was shown (not counted)', afterForm)
  print(`JS from the login submit to the shell + first list (${LIST})`, shell)
  const precached = new Set(workerFetches)
  console.log(`the service worker precached ${precached.size} scripts meanwhile (not counted)`)
  const loginBytes = total(login)
  // What the page has loaded when the list shows: the /login download and what followed the submit.
  const shellBytes = loginBytes + total(shell)
  console.log(
    `JS loaded by the page when the list shows (the /login download + the above): ${kb(shellBytes)}`,
  )
  printFigures([
    {
      figure: 'JS (brotli) to show /login, fresh cache',
      value: kb(loginBytes),
      target: `<= ${TARGET_LOGIN_KB} KB`,
      baseline: BASELINE.login,
      ok: loginBytes <= TARGET_LOGIN_KB * 1024,
    },
    {
      figure: `JS for the shell + first list after login (${LIST})`,
      value: kb(shellBytes),
      target: `<= ${TARGET_LIST_KB} KB`,
      baseline: BASELINE.list,
      ok: shellBytes <= TARGET_LIST_KB * 1024,
    },
  ])
} finally {
  await browser.close()
  await server.close()
}
