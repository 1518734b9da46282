// TK orders at a million lines, SQLite then PostgreSQL (skipped with a message when
// unreachable): p50 through real HTTP of the TK order list (page 1 unfiltered, an equality filter, a
// `like` filter, a month's date range, the returnType filter, a deep page) and of a year of the
// monthly summary, each beside hand-written SQL of the same answer run directly through Kysely; the
// summary also beside its from-scratch computation over the lines (what the kept table saves), and
// the cost of one submit (the line plus its month kept in step). Run: node bench/tk-orders.ts [rows] [runs]
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { buildApp } from '../server/app.ts'
import { loadServerKeys } from '../server/auth/keys.ts'
import { readConfig } from '../server/config.ts'
import { COUNT_CAP } from '../server/crud/list-query.ts'
import { openCachedDatabase } from '../server/auth/database.ts'
import type { Dialect } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import type { DB } from '../server/db/schema.ts'
import { seed } from '../server/seed/index.ts'
import { ftsTableFor } from '../server/db/text-indexes.ts'
import { monthsFromScratch } from '../server/modules/tk-order/month-sql.ts'
import { loginAs } from '../tests/support/login.ts'
import {
  createScratchDatabase,
  PG_ADMIN_URL,
  postgresReachable,
} from '../tests/support/scratch-database.ts'
import { fillTkOrders } from './support/big-tk-orders.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'
import { aboveHealth, healthCall } from './support/health-floor.ts'

const ROWS = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 20)
const DEEP_PAGE = Math.floor(ROWS / 20)
/**
 * Part of a buyer's name, as staff type it: buyer1234, buyer12340..12349 and buyer11234..buyer91234,
 * 20 of the 100,000 buyers, about 200 lines in a million. ("buyer1234" would make
 * PostgreSQL's trigram index intersect the million-entry lists of "buy", "uye" and "yer", which
 * every generated name shares and real names do not.)
 */
const TERM = '1234'
const MONTH = ['2025-03-01 00:00:00', '2025-03-31 23:59:59'] as const
const YEAR = ['2025-01', '2025-12'] as const

async function p50(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < 2; i++) await run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await run()
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

/** Page + capped total in hand-written SQL, as the list answers them, each the best plan we know. */
function handWritten(db: Kysely<DB>, dialect: Dialect) {
  const scope = sql`tenant_id = '000000' and is_deleted = 0`
  const order = sql`order by order_create_time desc, id desc`
  const both = async (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    const rows = (
      await sql`select d.* from ${from} where ${scope} and ${where} ${order} limit 10`.execute(db)
    ).rows
    if (rows.length === 10)
      await sql`select count(*) as n from (select 1 from ${from} where ${scope} and ${where} limit ${COUNT_CAP + 1}) c`.execute(
        db,
      )
  }
  const table = sql`dmr_tk_order d`
  const fts = sql.table(ftsTableFor('dmr_tk_order', 'buyer_user')!)
  const likeFrom =
    dialect === 'sqlite'
      ? sql`(select rowid as hit from ${fts} where ${fts} match ${`buyer_user : "${TERM}"`}) h cross join dmr_tk_order d`
      : table
  const likeWhere =
    dialect === 'sqlite' ? sql`d.rowid = h.hit` : sql`lower(buyer_user) like ${`%${TERM}%`}`
  const offset = (DEEP_PAGE - 1) * 10
  return {
    plain: () => both(table, sql`1 = 1`),
    equal: () => both(table, sql`order_status = 'Shipped'`),
    like: () => both(likeFrom, likeWhere),
    range: () =>
      both(table, sql`order_create_time >= ${MONTH[0]} and order_create_time <= ${MONTH[1]}`),
    returnType: () => both(table, sql`return_type = 'deliveredFailure'`),
    deep: async () => {
      const rows = (
        await sql<{
          id: string
          orderCreateTime: string
        }>`select d.* from dmr_tk_order d join (select id from dmr_tk_order where ${scope} ${order} limit 10 offset ${offset}) k on k.id = d.id order by d.order_create_time desc, d.id desc`.execute(
          db,
        )
      ).rows
      const last = rows[rows.length - 1]!
      await sql`select count(*) as n from (select 1 from dmr_tk_order where ${scope} and (order_create_time < ${last.orderCreateTime} or (order_create_time = ${last.orderCreateTime} and id < ${last.id})) limit 91) c`.execute(
        db,
      )
    },
    year: () =>
      sql`select * from dmr_tk_order_month where tenant_id = '000000' and order_total > 0 and order_year_month >= ${YEAR[0]} and order_year_month <= ${YEAR[1]} order by order_year_month desc limit 50`.execute(
        db,
      ),
    yearFromScratch: () =>
      sql`select * from (${monthsFromScratch('000000')}) m where order_year_month >= ${YEAR[0]} and order_year_month <= ${YEAR[1]}`.execute(
        db,
      ),
  }
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
    const fill = await fillTkOrders(database.db, dialect, ROWS)
    console.log(
      `[${dialect}] ${ROWS} TK order lines in ${fill.seconds.toFixed(1)} s; monthly summary built from them in ${fill.summarySeconds.toFixed(1)} s`,
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
    const get = (path: string) => async () => {
      const res = await fetch(`${base}/api/tkOrder/tkOrder/${path}`, { headers: auth })
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
      return (
        (await res.json()) as { data: { total: number; totalCapped?: boolean; records: unknown[] } }
      ).data
    }
    const hand = handWritten(database.db, dialect)
    const q = encodeURIComponent
    const cases = [
      { name: 'page 1, no filter', path: 'page?size=10&current=1', sql: hand.plain, target: 10 },
      {
        name: 'page 1, orderStatus_equal',
        path: 'page?size=10&orderStatus_equal=Shipped',
        sql: hand.equal,
        target: 10,
      },
      {
        name: `page 1, buyerUser like "${TERM}"`,
        path: `page?size=10&buyerUser=${TERM}`,
        sql: hand.like,
        target: 10,
      },
      {
        name: 'page 1, a month of orderCreateTime',
        path: `page?size=10&orderCreateTime_ge=${q(MONTH[0])}&orderCreateTime_le=${q(MONTH[1])}`,
        sql: hand.range,
        target: 10,
      },
      {
        name: 'page 1, returnType=deliveredFailure',
        path: 'page?size=10&returnType=deliveredFailure',
        sql: hand.returnType,
        target: 10,
      },
      {
        name: `page ${DEEP_PAGE.toLocaleString('en')}, first read (no anchor)`,
        path: `page?size=10&current=${DEEP_PAGE}`,
        sql: hand.deep,
        target: 50,
        cold: true,
      },
      {
        name: `page ${DEEP_PAGE.toLocaleString('en')}, read again (from its anchor)`,
        path: `page?size=10&current=${DEEP_PAGE}`,
        sql: hand.deep,
        target: 50,
      },
      {
        name: 'monthly summary, a year',
        path: `month-summary/list?size=50&orderYearMonth_ge=${YEAR[0]}&orderYearMonth_le=${YEAR[1]}`,
        sql: hand.year,
        target: 300,
      },
    ]
    const cold = (run: () => Promise<unknown>) => () => (database.cache.anchors.clear(), run())
    const health = await p50(healthCall(base))
    console.log(`[${dialect}] /api/health p50 ${ms(health)}`)
    /** Page 1 unfiltered and by one equality: compared with the health check's p50 (the request overhead). */
    const againstHealth = new Set(['page 1, no filter', 'page 1, orderStatus_equal'])
    const figures: Figure[] = []
    for (const c of cases) {
      const answer = await get(c.path)()
      // A first read walks the index up to the page; a read again starts from the page's anchor.
      const http = await p50('cold' in c ? cold(get(c.path)) : get(c.path))
      const bare = await p50(c.sql)
      console.log(
        `[${dialect}] ${c.name.padEnd(36)} HTTP p50 ${ms(http).padStart(8)}  hand-written SQL p50 ${ms(bare).padStart(8)}  (total ${answer.total}${answer.totalCapped ? '+' : ''}, ${answer.records.length} rows)`,
      )
      figures.push({
        figure: `TK orders p50, ${ROWS.toLocaleString('en')} lines, ${c.name} (${dialect})`,
        value: ms(http),
        target: `<= ${c.target} ms`,
        baseline: `hand-written SQL ${ms(bare)}`,
        ok: http <= c.target,
      })
      if (againstHealth.has(c.name))
        figures.push(
          aboveHealth(
            `TK orders p50, ${ROWS.toLocaleString('en')} lines, ${c.name} (${dialect})`,
            http,
            health,
          ),
        )
    }
    const scratchYear = await p50(hand.yearFromScratch, 3)
    console.log(
      `[${dialect}] a year of the summary computed from the lines (no kept table): ${ms(scratchYear)}`,
    )
    figures.push({
      figure: `TK monthly summary of a year from scratch over ${ROWS.toLocaleString('en')} lines, what the kept table saves (${dialect})`,
      value: ms(scratchYear),
      target: 'reference',
      ok: true,
    })
    // One submit: the line, its unique-key check and its month kept in step, through HTTP.
    let n = 0
    const submit = async () => {
      const res = await fetch(`${base}/api/tkOrder/tkOrder/submit`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          orderId: `BENCH-${n++}`,
          skuId: 'SKU-1',
          orderCreateTime: '2025-03-15 10:00:00',
          orderStatus: 'Completed',
          orderAmount: 120000,
        }),
      })
      if (!res.ok) throw new Error(`submit: HTTP ${res.status} ${await res.text()}`)
    }
    const write = await p50(submit)
    console.log(
      `[${dialect}] submit of one line (its month kept in step)         HTTP p50 ${ms(write)}`,
    )
    figures.push({
      figure: `TK order submit p50 with the monthly summary kept, ${ROWS.toLocaleString('en')} lines (${dialect})`,
      value: ms(write),
      target: 'reference',
      ok: true,
    })
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
