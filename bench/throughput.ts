// Throughput and isolation of the server under 50 connections with 1,000,000 stock lines, on the
// real server process (SQLite, then PostgreSQL when reachable): an indexed equality filter, a
// `like` filter, and the p99 of small lists alone vs. beside a client that keeps a ~1 s query
// running (on SQLite that query runs on a reader thread; before, it stalled the event loop).
// Run: node bench/throughput.ts [seconds per run] [connections]
import { cpus } from 'node:os'
import type { Dialect } from '../server/db/database.ts'
import { PG_ADMIN_URL, postgresReachable } from '../tests/support/scratch-database.ts'
import { bigStockServer } from './support/big-stock.ts'
import { blast, describeBlast, slowLoop, timeOnce, type Blast } from './support/blast.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'

const seconds = Number(process.argv[2] ?? 10)
const connections = Number(process.argv[3] ?? 50)
const ROWS = 1_000_000
const INDEXED = '/api/stockDetail/page?deviceId_equal=device-7'
const LIKE = '/api/stockDetail/page?skuNo_like=123-B'
const SMALL = '/api/blade-system/param/list'
const HEALTH = '/api/health'
/** An authenticated tiny list keeps at least this share of the health check's throughput. */
const TINY_LIST_SHARE = 0.4
/** Deep pages under a sort no index serves; the bench takes the first that needs about a second. */
const slowPath = (page: number) =>
  `/api/stockDetail/page?ascs=product_quantity,sku_no&current=${page}&size=10`
const SLOW_PAGES = [2_000, 5_000, 10_000, 20_000, 50_000]
console.log(
  `node ${process.version}, ${cpus().length} cores (load generator and server share them); ${connections} connections, ${seconds} s per run`,
)

const ok = (b: Blast) => b.errors === 0 && b.timeouts === 0 && b.non2xx === 0

/** Waits (up to a minute) until the small list answers within 100 ms again. */
async function drained(baseUrl: string, token: string): Promise<void> {
  const until = Date.now() + 60_000
  while (Date.now() < until && (await timeOnce(baseUrl, SMALL, token)).ms > 100)
    await new Promise((r) => setTimeout(r, 500))
}

async function bench(dialect: Dialect): Promise<Figure[]> {
  const { server, token, close } = await bigStockServer(dialect, ROWS)
  try {
    for (const path of [INDEXED, LIKE, SMALL]) {
      const probe = await timeOnce(server.baseUrl, path, token)
      if (probe.status !== 200)
        throw new Error(`${path} answered ${probe.status}: ${probe.body.slice(0, 300)}`)
    }
    let slow = slowPath(SLOW_PAGES[0]!)
    let slowAlone = { ms: 0 }
    for (const page of SLOW_PAGES) {
      slow = slowPath(page)
      slowAlone = await timeOnce(server.baseUrl, slow, token)
      if (slowAlone.ms >= 800) break
    }
    console.log(`${dialect}: slow query ${slow} alone: ${ms(slowAlone.ms)}`)

    // Isolation first, then the filters, `like` last: requests autocannon gives up on still run on the
    // server, so each run waits until the server has caught up with the one before.
    const alone = await blast(server.baseUrl, SMALL, token, seconds, connections)
    console.log(`${dialect} small list alone: ${describeBlast(alone)}`)
    // The server's cheapest answer (no token, no database), the reference of the authenticated list's overhead.
    const health = await blast(server.baseUrl, HEALTH, token, seconds, connections)
    console.log(`${dialect} /api/health: ${describeBlast(health)}`)
    await drained(server.baseUrl, token)
    const loop = slowLoop(server.baseUrl, slow, token)
    const beside = await blast(server.baseUrl, SMALL, token, seconds, connections)
    const slowTimes = await loop.stop()
    console.log(
      `${dialect} small list beside the slow query: ${describeBlast(beside)}; slow query ran ${slowTimes.length}× (${slowTimes.map((t) => ms(t)).join(', ')}), ${slowTimes.refused} refused at the statement limit`,
    )
    await drained(server.baseUrl, token)
    const indexed = await blast(server.baseUrl, INDEXED, token, seconds, connections)
    console.log(`${dialect} indexed filter: ${describeBlast(indexed)}`)
    await drained(server.baseUrl, token)
    const like = await blast(server.baseUrl, LIKE, token, seconds, connections)
    console.log(`${dialect} like filter: ${describeBlast(like)}`)

    const rise = beside.p99 - alone.p99
    const share = alone.perSecond / health.perSecond
    return [
      {
        figure: `throughput, ${connections} connections, authenticated 2-row list (params) vs /api/health (${dialect})`,
        value: `${(share * 100).toFixed(0)} % (${Math.round(alone.perSecond)} vs ${Math.round(health.perSecond)} req/s)`,
        target: `>= ${TINY_LIST_SHARE * 100} %`,
        baseline: 'same run',
        ok: share >= TINY_LIST_SHARE && ok(alone) && ok(health),
      },
      {
        figure: `throughput, ${connections} connections, indexed filter, 1M rows (${dialect})`,
        value: `${Math.round(indexed.perSecond)} req/s, p99 ${indexed.p99} ms, ${indexed.errors + indexed.timeouts + indexed.non2xx} errors`,
        target: '>= 3,000 req/s, 0 errors, p99 <= 100 ms',
        baseline: '201 req/s',
        ok: indexed.perSecond >= 3000 && indexed.p99 <= 100 && ok(indexed),
      },
      {
        figure: `throughput, ${connections} connections, like filter, 1M rows (${dialect})`,
        value: `${Math.round(like.perSecond)} req/s, ${like.errors + like.timeouts + like.non2xx} errors`,
        target: '>= 500 req/s, 0 errors',
        baseline: '1.5 req/s',
        ok: like.perSecond >= 500 && ok(like),
      },
      {
        figure: `p99 rise of ${connections} connections on a small list beside a ${ms(slowAlone.ms)} query (${dialect})`,
        value: `${rise} ms (p99 ${alone.p99} -> ${beside.p99} ms, ${slowTimes.length} slow queries ran, ${slowTimes.refused} refused)`,
        target: '<= 50 ms',
        baseline: 'stalls them all',
        ok: rise <= 50 && slowTimes.length + slowTimes.refused > 0 && ok(beside),
      },
    ]
  } finally {
    await close()
  }
}

const figures = await bench('sqlite')
if (await postgresReachable()) figures.push(...(await bench('postgres')))
else console.log(`postgres: skipped, nothing answers at ${PG_ADMIN_URL}`)
printFigures(figures)
