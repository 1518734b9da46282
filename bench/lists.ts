// List latency at a million stock lines, SQLite then PostgreSQL (skipped with a message when
// unreachable): p50 through real HTTP of page 1 unfiltered, an equality filter, a `like` filter that
// matches a few hundred rows, and a deep page, each beside the best hand-written indexed SQL for the
// same answer (page + total as the server gives it: capped, see server/crud/list-query.ts), run
// directly through Kysely. Run: node bench/lists.ts [rows] [runs]
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
import { loginAs } from '../tests/support/login.ts'
import {
  createScratchDatabase,
  PG_ADMIN_URL,
  postgresReachable,
} from '../tests/support/scratch-database.ts'
import { fillStockLines } from './support/big-stock.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'
import { aboveHealth, healthCall } from './support/health-floor.ts'

const ROWS = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 20)
const DEEP_PAGE = Math.floor(ROWS / 20)
/** Matches SKU-1234-* and SKU-12340..12349-*: 11 of the 50,000 SKU numbers, about 220 rows in a million. */
const TERM = 'SKU-1234'

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

/** Page + capped total in hand-written SQL: the same rows and total the list answers, each the best plan we know. */
function handWritten(db: Kysely<DB>, dialect: Dialect) {
  const scope = sql`tenant_id = '000000' and is_deleted = 0`
  const order = sql`order by create_time desc, id desc`
  const both = async (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    const rows = (
      await sql`select d.* from ${from} where ${scope} and ${where} ${order} limit 10`.execute(db)
    ).rows
    if (rows.length === 10)
      await sql`select count(*) as n from (select 1 from ${from} where ${scope} and ${where} limit ${COUNT_CAP + 1}) c`.execute(
        db,
      )
  }
  const table = sql`dmr_stock_detail d`
  const fts = sql.table(ftsTableFor('dmr_stock_detail', 'sku_no')!)
  // SQLite: the FTS5 matches as the outer loop, rows by rowid. PostgreSQL: the GIN index on lower(sku_no).
  const likeFrom =
    dialect === 'sqlite'
      ? sql`(select rowid as hit from ${fts} where ${fts} match ${`sku_no : "${TERM}"`}) h cross join dmr_stock_detail d`
      : table
  const likeWhere =
    dialect === 'sqlite'
      ? sql`d.rowid = h.hit`
      : sql`lower(sku_no) like ${`%${TERM.toLowerCase()}%`}`
  const offset = (DEEP_PAGE - 1) * 10
  return {
    plain: () => both(table, sql`1 = 1`),
    equal: () => both(table, sql`device_id = 'device-7'`),
    // A sort no index serves: every row read and the top ten kept (the same plan the server's is).
    unindexed: async () => {
      const rows = (
        await sql`select d.* from dmr_stock_detail d where ${scope} order by product_quantity asc, id desc limit 10`.execute(
          db,
        )
      ).rows
      if (rows.length === 10)
        await sql`select count(*) as n from (select 1 from dmr_stock_detail d where ${scope} limit ${COUNT_CAP + 1}) c`.execute(
          db,
        )
    },
    like: () => both(likeFrom, likeWhere),
    // The deep page: ids from the covering index, then the rows; the count only past the page's last row.
    deep: async () => {
      const rows = (
        await sql<{
          id: string
          createTime: string
        }>`select d.* from dmr_stock_detail d join (select id from dmr_stock_detail where ${scope} ${order} limit 10 offset ${offset}) k on k.id = d.id order by d.create_time desc, d.id desc`.execute(
          db,
        )
      ).rows
      const last = rows[rows.length - 1]!
      await sql`select count(*) as n from (select 1 from dmr_stock_detail where ${scope} and (create_time < ${last.createTime} or (create_time = ${last.createTime} and id < ${last.id})) limit 91) c`.execute(
        db,
      )
    },
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
    const fill = await fillStockLines(database.db, dialect, ROWS)
    console.log(
      `[${dialect}] ${ROWS} stock lines in ${fill.seconds.toFixed(1)} s (indexes and trigram index kept in step)`,
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
      const res = await fetch(`${base}/api/stockDetail/page?size=10&${path}`, { headers: auth })
      const body = (await res.json()) as {
        data: { total: number; totalCapped?: boolean; records: unknown[] }
      }
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
      return body.data
    }
    const hand = handWritten(database.db, dialect)
    const cases = [
      { name: 'page 1, no filter', path: 'current=1', sql: hand.plain, target: 10 },
      {
        name: 'page 1, deviceId_equal',
        path: 'current=1&deviceId_equal=device-7',
        sql: hand.equal,
        target: 10,
      },
      {
        name: 'page 1, sorted by productQuantity (no index)',
        path: 'current=1&ascs=product_quantity',
        sql: hand.unindexed,
        target: 1000,
        ratio: 1.3,
      },
      {
        name: `page 1, skuNo like "${TERM}"`,
        path: `current=1&skuNo=${encodeURIComponent(TERM)}`,
        sql: hand.like,
        target: 10,
      },
      {
        name: `page ${DEEP_PAGE.toLocaleString('en')}, first read (no anchor)`,
        path: `current=${DEEP_PAGE}`,
        sql: hand.deep,
        target: 50,
        cold: true,
      },
      {
        name: `page ${DEEP_PAGE.toLocaleString('en')}, read again (from its anchor)`,
        path: `current=${DEEP_PAGE}`,
        sql: hand.deep,
        target: 50,
      },
    ]
    // The HTTP floor: an authenticated call of an empty list (routing, token and data-scope checks, labels,
    // JSON; one indexed probe), which a hand-written query does not pay; printed beside each ratio.
    const floor = await p50(get('current=1&deviceId_equal=none'))
    const health = await p50(healthCall(base))
    console.log(
      `[${dialect}] HTTP floor (empty list) p50 ${ms(floor)}, /api/health p50 ${ms(health)}`,
    )
    const cold = (run: () => Promise<unknown>) => () => (database.cache.anchors.clear(), run())
    const figures: Figure[] = []
    for (const c of cases) {
      const answer = await get(c.path)()
      // A first read walks the index up to the page; a read again starts from the page's anchor.
      const http = await p50('cold' in c ? cold(get(c.path)) : get(c.path))
      const bare = await p50(c.sql)
      const ratio = http / bare
      console.log(
        `[${dialect}] ${c.name.padEnd(30)} HTTP p50 ${ms(http).padStart(8)}  hand-written SQL p50 ${ms(bare).padStart(8)}  ratio ${ratio.toFixed(2)} (${((http - floor) / bare).toFixed(2)} above the floor)  (total ${answer.total}${answer.totalCapped ? '+' : ''}, ${answer.records.length} rows)`,
      )
      figures.push({
        figure: `list p50, ${ROWS.toLocaleString('en')} rows, ${c.name} (${dialect})`,
        value: ms(http),
        target: `<= ${c.target} ms`,
        baseline: `hand-written SQL ${ms(bare)}`,
        ok: http <= c.target,
      })
      const most = ('ratio' in c ? c.ratio : undefined) ?? 1.5
      figures.push({
        figure: `list vs hand-written SQL, ${c.name} (${dialect})`,
        value: `${ratio.toFixed(2)}x`,
        target: `<= ${most}x`,
        baseline: `HTTP floor ${ms(floor)}`,
        ok: ratio <= most,
      })
      if (c.path === 'current=1' || c.path.startsWith('current=1&deviceId_equal'))
        figures.push(
          aboveHealth(
            `list p50, ${ROWS.toLocaleString('en')} rows, ${c.name} (${dialect})`,
            http,
            health,
          ),
        )
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
