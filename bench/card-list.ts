// Prints what a 200-row card page costs on a phone: the parameter list (/system/param) at
// size=200 on the mobile lab profile (412x823, mobile, CPU slowed 4x through CDP; the network is
// not throttled: this measures the rendering), R times:
// - first paint of the row cards after an in-app navigation from the home page (the router follows
//   a history push, as a menu click does): from the push to the frame after the first row card is
//   in the document (a requestAnimationFrame and then a task, which runs once that frame is
//   painted); the route's code and the 200 rows (local server, loopback, or the persisted cache)
//   are loaded by the navigation; then again after going home and back in the same page, with both
//   loaded: the list's own rendering;
// - long tasks (> 50 ms) while the page is scrolled to the bottom, 100 px a frame (a fast fling),
//   and the cards in the document at the end (a virtualised list keeps about a screenful).
// CARD_PROFILE=1 adds a CPU profile of the first run's scroll (mapped to the sources when the build
// has hidden source maps: `npx vite build --sourcemap hidden --outDir <dir>`, then APP_DIST=<dir>).
// Run: npm run build && node bench/card-list.ts [R=3]
import { loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { printProfile, profile, summarise } from './support/cpu-profile.ts'
import { printFigures } from './support/figures.ts'
import { startLocalApp } from './support/local-app.ts'
import { emulateMobile, observeVitals, readVitals, throttle } from './support/vitals-page.ts'
import { apiCall } from '../tests/support/offline-page.ts'

const R = Number(process.argv[2] ?? 3)
const ROWS = 200
const TARGET = { firstPaintMs: 300, longTasks: 0 }
const LIST = `/system/param?current=1&size=${ROWS}`
const CARD = '[data-testid="crud-card"]'
const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN

async function createParams(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i += 16) {
    const batch = Array.from({ length: Math.min(16, n - i) }, (_, k) => i + k)
    const answers = await Promise.all(
      batch.map((k) =>
        apiCall(page, 'POST', '/api/blade-system/param/submit', {
          paramName: `card bench ${k}`,
          paramKey: `card.bench.${k}`,
          paramValue: `value of parameter ${k}, long enough to wrap on a phone card`,
        }),
      ),
    )
    const bad = answers.find((a) => !a.body.success)
    if (bad) throw new Error(`param not created: ${JSON.stringify(bad.body)}`)
  }
}

/** In the page: pushes the list's URL, resolves with ms from the push to the frame painted after the first card. */
function navigateToList(page: Page, url = LIST): Promise<number> {
  return page.evaluate(
    ({ url, card }) =>
      new Promise<number>((resolve) => {
        const painted = (t0: number) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => resolve(performance.now() - t0)
            channel.port2.postMessage(null)
          })
        const t0 = performance.now()
        const observer = new MutationObserver(() => {
          if (!document.querySelector(card)) return
          observer.disconnect()
          painted(t0)
        })
        observer.observe(document.body, { childList: true, subtree: true })
        history.pushState({}, '', url)
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
      }),
    { url, card: CARD },
  )
}

/** In the page: back to the home page, as a click on its tab would go; resolves once the cards are gone. */
function navigateHome(page: Page): Promise<void> {
  return page.evaluate(
    (card) =>
      new Promise<void>((resolve) => {
        history.pushState({}, '', '/wel/index')
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
        const gone = () => (document.querySelector(card) ? requestAnimationFrame(gone) : resolve())
        gone()
      }),
    CARD,
  )
}

/** In the page: scrolls 100 px a frame to the bottom; returns the scroll's start and end (page time). */
function flingToBottom(page: Page): Promise<{ start: number; end: number; height: number }> {
  return page.evaluate(
    () =>
      new Promise<{ start: number; end: number; height: number }>((resolve) => {
        const start = performance.now()
        let still = 0
        const step = () => {
          const before = scrollY
          scrollBy(0, 100)
          // The list grows as cards are measured: stop once the page did not move for a few frames.
          still = scrollY === before ? still + 1 : 0
          if (still < 10) requestAnimationFrame(step)
          else
            resolve({
              start,
              end: performance.now(),
              height: document.documentElement.scrollHeight,
            })
        }
        requestAnimationFrame(step)
      }),
  )
}

const local = await startLocalApp()
const { page, context, server } = local
try {
  await observeVitals(context)
  await page.goto(`${server.baseUrl}/wel/index`)
  await createParams(page, ROWS)
  const version =
    (await page.evaluate(() => navigator.userAgent)).match(/Chrome\/([\d.]+)/)?.[1] ?? '156.0.0.0'
  const cdp = await context.newCDPSession(page)
  await emulateMobile(cdp, version)
  console.log(
    `phone profile: 412x823, 4x CPU; ${ROWS} parameters a page; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const paints: number[] = []
  const warmPaints: number[] = []
  const longTasks: number[] = []
  let longest = 0
  for (let r = 0; r < R; r++) {
    await throttle(cdp, { cpu: false, network: false })
    await page.goto(`${server.baseUrl}/wel/index`)
    await page.locator('[data-testid="sync-indicator"]').waitFor({ timeout: 30000 })
    // The home page settles first (the persisted query cache restored, its reads done), as it has
    // when a user opens a menu.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1500)
    await throttle(cdp, { cpu: true, network: false })
    let paint = 0
    const navigate = async () => void (paint = await navigateToList(page))
    if (process.env.CARD_PROFILE_NAV && r === 1)
      printProfile(
        'the navigation to the list',
        summarise(await profile(cdp, navigate), process.env.APP_DIST ?? 'dist'),
      )
    else await navigate()
    // Every row of the page is loaded (the pager shows the total) before the scroll.
    await page.waitForFunction(
      (card) =>
        document.querySelectorAll(card).length > 0 &&
        !document.querySelector('.mantine-Skeleton-root'),
      CARD,
    )
    await page.waitForTimeout(1000)
    if (await page.evaluate(() => scrollY > 0)) throw new Error('the list did not start at its top')
    let scroll = { start: 0, end: 0, height: 0 }
    const fling = async () => void (scroll = await flingToBottom(page))
    if (process.env.CARD_PROFILE && r === 0)
      printProfile(
        'the scroll to the bottom',
        summarise(await profile(cdp, fling), process.env.APP_DIST ?? 'dist'),
      )
    else await fling()
    await page.waitForTimeout(200)
    // The router restores a page's scroll position: the list is left at its top for the next run.
    await page.evaluate(() => scrollTo(0, 0))
    await page.waitForTimeout(300)
    const tasks = (await readVitals(page)).longTasks.filter(
      (t) => t.start >= scroll.start && t.start < scroll.end,
    )
    const cards = await page.evaluate((card) => document.querySelectorAll(card).length, CARD)
    const worst = Math.max(0, ...tasks.map((t) => t.duration))
    // Home and back again in the same page: the route's code and the page's rows are loaded now,
    // so this is the list's own rendering.
    await navigateHome(page)
    await page.waitForTimeout(500)
    const again = await navigateToList(page)
    await page.waitForTimeout(500)
    console.log(
      `run ${r + 1}: first paint of the cards ${paint.toFixed(0)} ms (again, route and rows loaded: ${again.toFixed(0)} ms); scroll to the bottom (${scroll.height} px, ${((scroll.end - scroll.start) / 1000).toFixed(1)} s): ${tasks.length} long tasks${tasks.length ? `, longest ${worst.toFixed(0)} ms` : ''}; ${cards} cards in the document at the end`,
    )
    paints.push(paint)
    warmPaints.push(again)
    longTasks.push(tasks.length)
    longest = Math.max(longest, worst)
  }
  await throttle(cdp, { cpu: false, network: false })
  const paint = median(paints)
  const warm = median(warmPaints)
  const tasks = Math.max(...longTasks)
  printFigures([
    {
      figure: `${ROWS}-row card page on a phone at 4x CPU: first paint of the cards after a menu click, route code and rows loaded by the click (median of ${R})`,
      value: `${paint.toFixed(0)} ms`,
      target: `<= ${TARGET.firstPaintMs} ms`,
      baseline: 'seconds before virtualising',
      ok: paint <= TARGET.firstPaintMs,
    },
    {
      figure: `${ROWS}-row card page on a phone at 4x CPU: first paint of the cards, route code and rows already loaded (median of ${R})`,
      value: `${warm.toFixed(0)} ms`,
      target: `<= ${TARGET.firstPaintMs} ms`,
      ok: warm <= TARGET.firstPaintMs,
    },
    {
      figure: `${ROWS}-row card page on a phone at 4x CPU: long tasks while scrolling to the bottom (worst of ${R})`,
      value: `${tasks}${tasks ? ` (longest ${longest.toFixed(0)} ms)` : ''}`,
      target: `${TARGET.longTasks}`,
      ok: tasks <= TARGET.longTasks,
    },
  ])
} finally {
  await local.close()
}
