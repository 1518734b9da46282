// Gift details and totals at a million live gifts, SQLite then PostgreSQL (skipped with a
// message when unreachable): p50 through real HTTP of the detail list (page 1 unfiltered, an
// equality filter, a `like` filter matching a few hundred rows, a deep page; the list targets) and
// of a month's totals for each grouping (<= 300 ms), each beside hand-written SQL of the same answer
// run directly through Kysely. Run: node bench/gifts.ts [rows] [runs]
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
import { fillGifts, viewerHandle } from './support/big-gifts.ts'
import { ms, printFigures, type Figure } from './support/figures.ts'
import { aboveHealth, healthCall } from './support/health-floor.ts'

const ROWS = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 15)
const DEEP_PAGE = Math.floor(ROWS / 20)
/** The handle of viewer 1234 without its given name (`nguyen1234`-like): its ~20 gifts in a million. */
const TERM = viewerHandle(1234).split('.')[1]!
const MONTH = { from: '2026-03-01 00:00:00', to: '2026-03-31 23:59:59' }

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

/** The detail list's page + capped total in hand-written SQL, each the best plan we know. */
function handList(db: Kysely<DB>, dialect: Dialect) {
  const scope = sql`tenant_id = '000000' and is_deleted = 0`
  const order = sql`order by send_gift_time desc, id desc`
  const both = async (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    const rows = (
      await sql`select d.* from ${from} where ${scope} and ${where} ${order} limit 10`.execute(db)
    ).rows
    if (rows.length === 10)
      await sql`select count(*) as n from (select 1 from ${from} where ${scope} and ${where} limit ${COUNT_CAP + 1}) c`.execute(
        db,
      )
  }
  const table = sql`dmr_gift_detail d`
  const fts = sql.table(ftsTableFor('dmr_gift_detail', 'user_nick_name')!)
  const likeFrom =
    dialect === 'sqlite'
      ? sql`(select rowid as hit from ${fts} where ${fts} match ${`user_nick_name : "${TERM}"`}) h cross join dmr_gift_detail d`
      : table
  const likeWhere =
    dialect === 'sqlite'
      ? sql`d.rowid = h.hit`
      : sql`lower(user_nick_name) like ${`%${TERM.toLowerCase()}%`}`
  const offset = (DEEP_PAGE - 1) * 10
  return {
    plain: () => both(table, sql`1 = 1`),
    equal: () => both(table, sql`anchor_id = 'A7'`),
    like: () => both(likeFrom, likeWhere),
    deep: async () => {
      const rows = (
        await sql<{
          id: string
          sendGiftTime: string
        }>`select d.* from dmr_gift_detail d join (select id from dmr_gift_detail where ${scope} ${order} limit 10 offset ${offset}) k on k.id = d.id order by d.send_gift_time desc, d.id desc`.execute(
          db,
        )
      ).rows
      const last = rows[rows.length - 1]!
      await sql`select count(*) as n from (select 1 from dmr_gift_detail where ${scope} and (send_gift_time < ${last.sendGiftTime} or (send_gift_time = ${last.sendGiftTime} and id < ${last.id})) limit 91) c`.execute(
        db,
      )
    },
  }
}

/** A month's groups, first page by value, with the group count and the month's sums: one statement, as the server runs it (PostgreSQL: with its work_mem). */
function handTotals(db: Kysely<DB>, dialect: Dialect, groups: string, order: string) {
  const statement = () =>
    sql`with g as (select ${sql.raw(groups)}, count(*) as total_count, sum(gift_quantity) as total_quantity, sum(cast(round(gift_price * 100) as bigint) * gift_quantity) as cents
        from dmr_gift_detail where tenant_id = '000000' and is_deleted = 0 and send_gift_time >= ${MONTH.from} and send_gift_time <= ${MONTH.to} group by ${sql.raw(groups.replace(/ as \w+/g, ''))})
      select g.*, count(*) over () as group_count, sum(total_count) over () as all_count, sum(total_quantity) over () as all_quantity, sum(cents) over () as all_cents
      from g order by ${sql.raw(order)} limit 10`
  if (dialect === 'sqlite') return () => statement().execute(db)
  return () =>
    db.transaction().execute(async (trx) => {
      await sql`set local work_mem = '32MB'`.execute(trx)
      return statement().execute(trx)
    })
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
    const fill = await fillGifts(database.db, dialect, ROWS)
    console.log(
      `[${dialect}] ${ROWS} gift details in ${fill.seconds.toFixed(1)} s (declared, text and totals indexes kept in step)`,
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
      const res = await fetch(`${base}/api/giftdetail/giftDetail/${path}`, { headers: auth })
      const body = (await res.json()) as {
        data: { total: number; totalCapped?: boolean; records: unknown[] }
      }
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`)
      return body.data
    }
    const list = handList(database.db, dialect)
    const range = `sendGiftTime_ge=${encodeURIComponent(MONTH.from)}&sendGiftTime_le=${encodeURIComponent(MONTH.to)}&size=10`
    const cases = [
      {
        name: 'details page 1, no filter',
        path: 'page?size=10&current=1',
        sql: list.plain,
        target: 10,
      },
      {
        name: 'details page 1, anchorId_equal',
        path: 'page?size=10&current=1&anchorId_equal=A7',
        sql: list.equal,
        target: 10,
      },
      {
        name: `details page 1, userNickName like "${TERM}"`,
        path: `page?size=10&current=1&userNickName=${TERM}`,
        sql: list.like,
        target: 10,
      },
      {
        name: `details page ${DEEP_PAGE.toLocaleString('en')}, first read (no anchor)`,
        path: `page?size=10&current=${DEEP_PAGE}`,
        sql: list.deep,
        target: 50,
        cold: true,
      },
      {
        name: `details page ${DEEP_PAGE.toLocaleString('en')}, read again (from its anchor)`,
        path: `page?size=10&current=${DEEP_PAGE}`,
        sql: list.deep,
        target: 50,
      },
      {
        name: "a month's totals by day",
        path: `total?${range}`,
        sql: handTotals(
          database.db,
          dialect,
          'substr(send_gift_time, 1, 10) as gift_date',
          'gift_date asc',
        ),
        target: 300,
      },
      {
        name: "a month's totals by anchor",
        path: `anchor-total?${range}`,
        sql: handTotals(
          database.db,
          dialect,
          "coalesce(anchor_id, '') as anchor_id, coalesce(anchor_name, '') as anchor_name",
          'cents desc, anchor_id, anchor_name',
        ),
        target: 300,
      },
      {
        name: "a month's totals by user",
        path: `user-total?${range}`,
        sql: handTotals(
          database.db,
          dialect,
          "coalesce(user_id, '') as user_id, coalesce(user_nick_name, '') as user_nick_name, coalesce(plartform_account, '') as plartform_account",
          'cents desc, user_id, user_nick_name, plartform_account',
        ),
        target: 300,
      },
      {
        name: "a month's totals by gift",
        path: `gift-total?${range}`,
        sql: handTotals(
          database.db,
          dialect,
          "coalesce(gift_name, '') as gift_name, gift_price as gift_price",
          'cents desc, gift_name, gift_price',
        ),
        target: 300,
      },
    ]
    const cold = (run: () => Promise<unknown>) => () => (database.cache.anchors.clear(), run())
    const health = await p50(healthCall(base))
    console.log(`[${dialect}] /api/health p50 ${ms(health)}`)
    /** Page 1 unfiltered and by one equality: compared with the health check's p50 (the request overhead). */
    const againstHealth = new Set(['details page 1, no filter', 'details page 1, anchorId_equal'])
    const figures: Figure[] = []
    for (const c of cases) {
      const answer = await get(c.path)()
      // A first read walks the index up to the page; a read again starts from the page's anchor.
      const http = await p50('cold' in c ? cold(get(c.path)) : get(c.path))
      const bare = await p50(c.sql)
      console.log(
        `[${dialect}] ${c.name.padEnd(40)} HTTP p50 ${ms(http).padStart(8)}  hand-written SQL p50 ${ms(bare).padStart(8)}  ratio ${(http / bare).toFixed(2)}  (total ${answer.total}${answer.totalCapped ? '+' : ''}, ${answer.records.length} rows)`,
      )
      figures.push({
        figure: `gifts p50, ${ROWS.toLocaleString('en')} rows, ${c.name} (${dialect})`,
        value: ms(http),
        target: `<= ${c.target} ms`,
        baseline: `hand-written SQL ${ms(bare)}`,
        ok: http <= c.target,
      })
      if (againstHealth.has(c.name))
        figures.push(
          aboveHealth(
            `gifts p50, ${ROWS.toLocaleString('en')} rows, ${c.name} (${dialect})`,
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
