// Isolation from broad searches, on the real server process over 1,000,000 stock lines (SQLite,
// then PostgreSQL when reachable): a small list (the 2 rows of params), read by one client one call
// after another, first alone (the reference of this run) and then beside 10 clients that each keep a
// search running that must scan the table (two-character `like` terms no trigram index serves, a
// sort by a column no index has). The broad searches may be answered 400 (narrow the search) once
// the list statement limit applies; the bench counts both answers.
// Run: node bench/isolation.ts [seconds per run] [broad clients]
import { cpus } from 'node:os'
import type { Dialect } from '../server/db/database.ts'
import { PG_ADMIN_URL, postgresReachable } from '../tests/support/scratch-database.ts'
import { bigStockServer } from './support/big-stock.ts'
import { timeOnce } from './support/blast.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'

const seconds = Number(process.argv[2] ?? 15)
const clients = Number(process.argv[3] ?? 10)
const ROWS = 1_000_000
const SMALL = '/api/blade-system/param/list'
// Letter pairs end the generated SKUs (`SKU-<n>-<AB>`): each pair matches about 1,500 of the rows, so
// the page and its count both read the whole table. Two letters: no trigram to look up.
const PAIRS = ['ZQ', 'QZ', 'XW', 'WX', 'JV', 'VJ', 'MB', 'BM', 'RT', 'TR']
const broadPath = (i: number) =>
  i % 3 === 2
    ? `/api/stockDetail/page?ascs=product_quantity&current=1&size=10&skuNo_like=${PAIRS[(i + 1) % PAIRS.length]![0]}`
    : `/api/stockDetail/page?skuNo_like=${PAIRS[i % PAIRS.length]}`
console.log(
  `node ${process.version}, ${cpus().length} cores (load generator and server share them); ${clients} broad clients, ${seconds} s per run`,
)

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN

/** One client calling `path` again each time the answer came, for `seconds`: each call's time. */
async function sequential(
  baseUrl: string,
  path: string,
  token: string,
  until: number,
): Promise<number[]> {
  const times: number[] = []
  while (Date.now() < until) {
    const r = await timeOnce(baseUrl, path, token)
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body.slice(0, 200)}`)
    times.push(r.ms)
  }
  return times.sort((a, b) => a - b)
}

interface BroadClient {
  stop: () => Promise<{ ok: number; refused: number; times: number[] }>
}

/** A client that keeps broad searches running; 200 and 400 (narrow the search) both count as answers. */
function broadClient(baseUrl: string, token: string, index: number): BroadClient {
  let running = true
  const out = { ok: 0, refused: 0, times: [] as number[] }
  const loop = (async () => {
    for (let i = index; running; i += clients) {
      const r = await timeOnce(baseUrl, broadPath(i), token)
      if (r.status === 200) out.ok++
      else if (r.status === 400) out.refused++
      else throw new Error(`broad search answered ${r.status}: ${r.body.slice(0, 200)}`)
      out.times.push(r.ms)
    }
  })()
  return { stop: async () => ((running = false), await loop, out) }
}

async function bench(dialect: Dialect): Promise<Figure[]> {
  const { server, token, close } = await bigStockServer(dialect, ROWS)
  try {
    for (let i = 0; i < 3; i++) {
      const probe = await timeOnce(server.baseUrl, broadPath(i), token)
      console.log(`${dialect}: ${broadPath(i)} alone: ${probe.status}, ${ms(probe.ms)}`)
    }
    await sequential(server.baseUrl, SMALL, token, Date.now() + 1000)
    const alone = await sequential(server.baseUrl, SMALL, token, Date.now() + seconds * 1000)
    const broad = Array.from({ length: clients }, (_, i) => broadClient(server.baseUrl, token, i))
    // Let every broad client have its first search under way.
    await new Promise((r) => setTimeout(r, 500))
    const beside = await sequential(server.baseUrl, SMALL, token, Date.now() + seconds * 1000)
    const answers = await Promise.all(broad.map((b) => b.stop()))
    const ok = answers.reduce((n, a) => n + a.ok, 0)
    const refused = answers.reduce((n, a) => n + a.refused, 0)
    const broadTimes = answers.flatMap((a) => a.times).sort((a, b) => a - b)
    const [a50, a99, b50, b99] = [
      quantile(alone, 0.5),
      quantile(alone, 0.99),
      quantile(beside, 0.5),
      quantile(beside, 0.99),
    ]
    console.log(
      `${dialect} small list alone: ${alone.length} calls, p50 ${ms(a50)}, p99 ${ms(a99)}`,
    )
    console.log(
      `${dialect} small list beside ${clients} broad searches: ${beside.length} calls, p50 ${ms(b50)}, p99 ${ms(b99)}`,
    )
    console.log(
      `${dialect} broad searches: ${ok} answered, ${refused} refused (400), p50 ${ms(quantile(broadTimes, 0.5))}, max ${ms(broadTimes.at(-1) ?? NaN)}`,
    )
    const broadNote = `${ok} broad searches answered, ${refused} refused`
    return [
      {
        figure: `small list p50 beside ${clients} broad searches, 1M rows (${dialect})`,
        value: `${ms(b50)} (${(b50 / a50).toFixed(1)}x alone; ${broadNote})`,
        target: '<= 25 ms',
        baseline: `alone ${ms(a50)}`,
        ok: b50 <= 25,
      },
      {
        figure: `small list p99 beside ${clients} broad searches, 1M rows (${dialect})`,
        value: `${ms(b99)} (${(b99 / a99).toFixed(1)}x alone)`,
        target: '<= 100 ms',
        baseline: `alone ${ms(a99)}`,
        ok: b99 <= 100,
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
