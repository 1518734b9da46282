// The home dashboard's card endpoints at a million TK order lines, a million gift details
// and a million of our own orders, SQLite then PostgreSQL (skipped with a message when unreachable):
// p50 through real HTTP of every card (GET /api/blade-desk/dashboard/<card>?today=), each for a day in
// the middle of its data (a month of ~41,000 TK lines, ~84,000 gifts, ~41,000 orders).
// Run: node bench/dashboard.ts [rows] [runs] [cards, comma-separated: only those, and only their data]
import { sql, type Kysely } from 'kysely'
import { DASHBOARD_API, DASHBOARD_CARDS, type DashboardCode } from '../src/domain/desk/dashboard.ts'
import { buildApp } from '../server/app.ts'
import { loadServerKeys } from '../server/auth/keys.ts'
import { readConfig } from '../server/config.ts'
import { openCachedDatabase } from '../server/auth/database.ts'
import type { Dialect } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import type { DB } from '../server/db/schema.ts'
import { seed } from '../server/seed/index.ts'
import { loginAs } from '../tests/support/login.ts'
import {
  createScratchDatabase,
  PG_ADMIN_URL,
  postgresReachable,
} from '../tests/support/scratch-database.ts'
import { fillGifts } from './support/big-gifts.ts'
import { BIG_ID_BASE } from './support/big-stock.ts'
import { fillTkOrders } from './support/big-tk-orders.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'

const ROWS = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 20)
const CARDS = process.argv[4]
  ? DASHBOARD_CARDS.filter((c) => process.argv[4]!.split(',').includes(c.code))
  : DASHBOARD_CARDS
const reads = (prefix: string) =>
  CARDS.some((c) => c.code === prefix || c.code.startsWith(`${prefix}-days`))
/** A card's answer should come well within a home page's first paint. */
const TARGET_MS = 100
/** "Today" per card: inside its data (TK lines and our orders from 2024-01, gifts from 2026-01). */
const TODAY: Record<DashboardCode, string> = {
  order: '2025-06-15',
  'order-days': '2025-06-15',
  'tk-order': '2025-06-15',
  'tk-order-days': '2025-06-15',
  gift: '2026-06-15',
  'gift-days': '2026-06-15',
  'kol-due': '2026-06-15',
  'stock-open': '2026-06-15',
  // Salary rows are a few hundred a month (not filled here): the card reads the rows of two months.
  salary: '2026-06-15',
}

/** N of our own orders of tenant 000000, one every 63 s from 2024-01-01, 5 % refunded. */
async function fillOrders(db: Kysely<DB>, dialect: Dialect, rows: number): Promise<number> {
  const t0 = performance.now()
  const start = 1704067200
  const chunk = 200_000
  const columns = sql`(id, tenant_id, order_no, order_time, channel, order_status, order_amount, shipping_fee, discount, create_time, is_deleted, status, version)`
  for (let from = 0; from < rows; from += chunk) {
    const n = Math.min(chunk, rows - from)
    const base = String(BIG_ID_BASE)
    if (dialect === 'sqlite') {
      await sql`with recursive s(i) as (select cast(${from} as integer) union all select i + 1 from s where i < ${from + n - 1}),
        g as (select i, strftime('%Y-%m-%d %H:%M:%S', ${start} + i * 63, 'unixepoch') as t from s)
        insert into dmr_order ${columns}
        select cast(cast(${base} as integer) + i as text), '000000', 'B' || i, t, 'shopee', case when i % 20 = 0 then 'refunded' else 'paid' end,
          100000 + (i % 97) * 1000 + 0.5, 0, 0, t, 0, 1, 1 from g`.execute(db)
    } else {
      await sql`with g as (select i, to_char(to_timestamp(${start} + i * 63) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as t from generate_series(${from}::int, ${from + n - 1}::int) as i)
        insert into dmr_order ${columns}
        select (${base}::bigint + i)::text, '000000', 'B' || i, t, 'shopee', case when i % 20 = 0 then 'refunded' else 'paid' end,
          100000 + (i % 97) * 1000 + 0.5, 0, 0, t, 0, 1, 1 from g`.execute(db)
    }
  }
  await (dialect === 'postgres' ? sql`vacuum analyze dmr_order` : sql`analyze dmr_order`).execute(
    db,
  )
  return (performance.now() - t0) / 1000
}

async function p50(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await run()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

async function bench(dialect: Dialect): Promise<Figure[]> {
  const scratch = await createScratchDatabase(dialect)
  const config = {
    ...readConfig({}),
    dataDir: scratch.dataDir,
    databaseUrl: scratch.url,
    staticDir: null,
    logRequests: false,
    tokenRateLimit: 1_000_000,
  }
  const database = openCachedDatabase(config.databaseUrl)
  try {
    await migrate(database.db as never)
    await seed(database.db, config)
    if (reads('tk-order'))
      console.log(
        `[${dialect}] ${ROWS} TK order lines in ${(await fillTkOrders(database.db, dialect, ROWS)).seconds.toFixed(1)} s`,
      )
    if (reads('gift'))
      console.log(
        `[${dialect}] ${ROWS} gift details in ${(await fillGifts(database.db, dialect, ROWS)).seconds.toFixed(1)} s`,
      )
    if (reads('order'))
      console.log(
        `[${dialect}] ${ROWS} orders in ${(await fillOrders(database.db, dialect, ROWS)).toFixed(1)} s`,
      )
    const keys = await loadServerKeys(database.db)
    const app = await buildApp({
      db: database.db,
      dialect: database.dialect,
      config,
      keys,
      accessCache: database.cache,
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const auth = { 'Blade-Auth': `bearer ${(await loginAs(base, 'admin', 'admin')).access_token}` }
    const figures: Figure[] = []
    for (const card of CARDS) {
      const get = async () => {
        const res = await fetch(
          `${base}/api${DASHBOARD_API}/${card.code}?today=${TODAY[card.code]}`,
          { headers: auth },
        )
        const body = (await res.json()) as { data: unknown }
        if (!res.ok) throw new Error(`${card.code}: HTTP ${res.status} ${JSON.stringify(body)}`)
        return body.data
      }
      const answer = JSON.stringify(await get())
      const http = await p50(get)
      console.log(
        `[${dialect}] ${card.code.padEnd(14)} HTTP p50 ${ms(http).padStart(8)}  ${answer.length > 120 ? `${answer.slice(0, 117)}...` : answer}`,
      )
      figures.push({
        figure: `dashboard card p50, ${ROWS.toLocaleString('en')} rows each of TK lines, gifts and orders, ${card.code} (${dialect})`,
        value: ms(http),
        target: `<= ${TARGET_MS} ms`,
        ok: http <= TARGET_MS,
      })
    }
    await app.close()
    return figures
  } finally {
    await database.close()
    await scratch.drop()
  }
}

const figures = await bench('sqlite')
if (await postgresReachable()) figures.push(...(await bench('postgres')))
else console.log(`PostgreSQL skipped: nothing answers at ${PG_ADMIN_URL}`)
printFigures(figures)
