// Prints the replay time of queued count lines against the local server (offline.md P3): the
// built app in Chromium, N lines queued while offline, the page reloaded offline (from the service
// worker), then the network comes back; timed from "online" until the outbox is empty, and checked
// in the database (every line once, stockTotal = sum). With a latency argument every API request
// waits that long on the server (a slow network's round trip).
// Run: npm run build && node bench/replay.ts [N=1000] [latencyMs=0]     (P3: node bench/replay.ts 500 100)
import { sql } from 'kysely'
import { startLocalApp, summary } from './support/local-app.ts'
import { createStockCount, openSidePage, readOutbox, stockLines, writeOutbox } from '../tests/support/offline-page.ts'

const N = Number(process.argv[2] ?? 1000)
const LATENCY = Number(process.argv[3] ?? 0)
const local = await startLocalApp({ latencyMs: LATENCY })
const { page, context, server } = local
try {
  const stockId = await createStockCount(page)
  await page.goto('about:blank')
  const side = await openSidePage(context, server.baseUrl)
  await writeOutbox(side, stockLines(stockId, N), { oneTransaction: true })
  await side.close()
  await context.setOffline(true)
  await page.goto(`${server.baseUrl}/wel/index`)
  await page.locator('[data-testid="sync-indicator"]').waitFor({ timeout: 30000 })
  // Time to the first byte of each submit's answer (the server's share, plus the added latency).
  const answered: number[] = []
  page.on('requestfinished', (req) => {
    if (req.method() === 'POST' && req.url().includes('/stockDetail/submit')) answered.push(req.timing().responseStart - req.timing().requestStart)
  })
  const t0 = performance.now()
  await context.setOffline(false)
  let left = N
  while (left > 0) {
    await new Promise((r) => setTimeout(r, 100))
    left = (await readOutbox(page)).length
  }
  const seconds = (performance.now() - t0) / 1000
  const lines = await sql<{ n: number; ids: number; qty: number }>`select count(*) as n, count(distinct id) as ids, coalesce(sum(product_quantity), 0) as qty from dmr_stock_detail where dmr_stock_id = ${stockId} and is_deleted = 0`.execute(server.db)
  // The database handle maps column names to camelCase.
  const total = await sql<{ stockTotal: number }>`select stock_total from dmr_stock_taking where id = ${stockId}`.execute(server.db)
  const row = lines.rows[0]!
  console.log(`replay of ${N} queued count lines${LATENCY ? ` (+${LATENCY} ms per request)` : ''}: ${seconds.toFixed(2)} s  (${(N / seconds).toFixed(0)} rows/s)`)
  console.log(`  database: ${Number(row.n)} lines, ${Number(row.ids)} distinct ids, sum ${Number(row.qty)}, stockTotal ${Number(total.rows[0]?.stockTotal)}`)
  if (answered.length) console.log(`  each submit, request to first byte of the answer: ${summary(answered)}   (P3: p95 <= 300 ms)`)
} finally {
  await local.close()
}
