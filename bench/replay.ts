// Prints the replay time of queued count lines against the local server (target: 1,000 rows in 5 s):
// the built app in Chromium, N lines queued while offline, the page reloaded offline (from the
// service worker), then the network comes back; timed from "online" until the outbox is empty, and
// checked in the database (every line once, stockTotal = sum). Runs 100, 1,000 and 10,000 lines
// by default, each into a fresh count on the same app, and prints rows/s and the time per row at
// the largest size against the smallest (linear: about 1x). With a latency argument every API
// request waits that long on the server (a slow network's round trip).
// REPLAY_PROFILE=1 adds a CPU profile of the page over each replay (mapped to the sources when the
// build has hidden source maps: `npx vite build --sourcemap hidden --outDir <dir>`, then APP_DIST=<dir>).
// Run: npm run build && node bench/replay.ts [sizes=100,1000,10000] [latencyMs=0]     (P3: node bench/replay.ts 500 100)
import { sql } from 'kysely'
import type { Page } from 'playwright-core'
import { printProfile, profile, summarise } from './support/cpu-profile.ts'
import { printFigures, type Figure } from './support/figures.ts'
import { startLocalApp, summary, type LocalApp } from './support/local-app.ts'
import { createStockCount, OFFLINE_DB, openSidePage, stockLines, writeOutbox } from '../tests/support/offline-page.ts'

const SIZES = String(process.argv[2] ?? '100,1000,10000').split(',').map(Number)
const LATENCY = Number(process.argv[3] ?? 0)
/** Target: 1,000 queued edits in <= 5 s; time per row at the largest size <= 1.5x the smallest. */
const TARGET = { rows: 1000, seconds: 5, linearity: 1.5 }

/** Rows in the outbox (an index count: polling must not cost the page a read of every row). */
function countOutbox(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = db.transaction('outbox', 'readonly').objectStore('outbox').count()
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    } finally {
      db.close()
    }
  }, OFFLINE_DB)
}

interface Round {
  n: number
  seconds: number
  exactlyOnce: boolean
}

async function round(local: LocalApp, n: number): Promise<Round> {
  const { page, context, server } = local
  await page.goto(`${server.baseUrl}/wel/index`)
  const stockId = await createStockCount(page)
  await page.goto('about:blank')
  const side = await openSidePage(context, server.baseUrl)
  await writeOutbox(side, stockLines(stockId, n), { oneTransaction: true })
  await side.close()
  await context.setOffline(true)
  await page.goto(`${server.baseUrl}/wel/index`)
  await page.locator('[data-testid="sync-indicator"]').waitFor({ timeout: 30000 })
  // Time to the first byte of each submit's answer (the server's share, plus the added latency).
  const answered: number[] = []
  const onFinished = (req: { method(): string; url(): string; timing(): { responseStart: number; requestStart: number } }) => {
    if (req.method() === 'POST' && req.url().includes('/stockDetail/submit')) answered.push(req.timing().responseStart - req.timing().requestStart)
  }
  page.on('requestfinished', onFinished)
  const t0 = performance.now()
  await context.setOffline(false)
  const drain = async () => {
    while ((await countOutbox(page)) > 0) await new Promise((r) => setTimeout(r, 50))
  }
  if (process.env.REPLAY_PROFILE) {
    const cdp = await context.newCDPSession(page)
    const p = await profile(cdp, drain)
    printProfile(`the replay of ${n} lines`, summarise(p, process.env.APP_DIST ?? 'dist'))
  } else await drain()
  const seconds = (performance.now() - t0) / 1000
  page.off('requestfinished', onFinished)
  const lines = await sql<{ n: number; ids: number; qty: number }>`select count(*) as n, count(distinct id) as ids, coalesce(sum(product_quantity), 0) as qty from dmr_stock_detail where dmr_stock_id = ${stockId} and is_deleted = 0`.execute(server.db)
  // The database handle maps column names to camelCase.
  const total = await sql<{ stockTotal: number }>`select stock_total from dmr_stock_taking where id = ${stockId}`.execute(server.db)
  const row = lines.rows[0]!
  const sum = stockLines(stockId, n).reduce((s, l) => s + Number(l.payload?.productQuantity), 0)
  const exactlyOnce = Number(row.n) === n && Number(row.ids) === n && Number(row.qty) === sum && Number(total.rows[0]?.stockTotal) === sum
  console.log(`replay of ${n} queued count lines${LATENCY ? ` (+${LATENCY} ms per request)` : ''}: ${seconds.toFixed(2)} s  (${(n / seconds).toFixed(0)} rows/s, ${((seconds * 1000) / n).toFixed(2)} ms/row)`)
  console.log(`  database: ${Number(row.n)} lines, ${Number(row.ids)} distinct ids, sum ${Number(row.qty)} of ${sum}, stockTotal ${Number(total.rows[0]?.stockTotal)}${exactlyOnce ? '' : '  NOT EXACTLY ONCE'}`)
  if (answered.length) console.log(`  each submit, request to first byte of the answer: ${summary(answered)}   (P3: p95 <= 300 ms)`)
  return { n, seconds, exactlyOnce }
}

const local = await startLocalApp({ latencyMs: LATENCY })
const rounds: Round[] = []
try {
  for (const n of SIZES) rounds.push(await round(local, n))
} finally {
  await local.close()
}

const perRow = (r: Round) => r.seconds / r.n
const figures: Figure[] = []
const target = rounds.find((r) => r.n === TARGET.rows)
if (target && !LATENCY) {
  figures.push({ figure: `replay of ${TARGET.rows} queued edits, exactly once`, value: `${target.seconds.toFixed(2)} s`, target: `<= ${TARGET.seconds} s`, baseline: '24 s (41 rows/s) before batching', ok: target.seconds <= TARGET.seconds && target.exactlyOnce })
}
const [small, large] = [rounds[0], rounds.at(-1)]
if (small && large && large.n > small.n) {
  const ratio = perRow(large) / perRow(small)
  const detail = `${(perRow(large) * 1000).toFixed(2)} ms/row at ${large.n} vs ${(perRow(small) * 1000).toFixed(2)} at ${small.n}`
  console.log(`linearity: time per row at ${large.n} rows / at ${small.n} rows = ${ratio.toFixed(2)}x  (${detail})`)
  if (!LATENCY) figures.push({ figure: `replay time per row, ${large.n} vs ${small.n} queued edits`, value: `${ratio.toFixed(2)}x (${detail})`, target: `<= ${TARGET.linearity}x (linear)`, ok: ratio <= TARGET.linearity && rounds.every((r) => r.exactlyOnce) })
}
printFigures(figures)
