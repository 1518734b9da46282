// The demo tenant through the real server, on SQLite and on PostgreSQL with the demo switched on:
// plausible counts over the three months up to the start, figures consistent with the modules that
// keep them (order totals, the TK monthly table, gift totals, stock totals, KOL states), a second
// start that adds nothing and brings back nothing removed, an interrupted first run that finishes
// whole, the same demo from the same start, and the switch (SEED_DEMO) and its defaults.
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { createScratchDatabase } from '../../../tests/support/scratch-database.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { readConfig } from '../../config.ts'
import type { Row } from '../../crud/table.ts'
import { formatDateTime } from '../../core/dates.ts'
import { monthsFromScratch } from '../../modules/tk-order/month-sql.ts'
import { openCachedDatabase } from '../../auth/database.ts'
import type { Database } from '../../db/database.ts'
import { migrate } from '../../db/migrate.ts'
import { prepareDatabase } from '../prepare.ts'
import type { DB } from '../../db/schema.ts'
import { seed } from '../index.ts'
import { DEMO_ANCHORS } from './gifts.ts'
import { demoParts } from './parts.ts'
import { wantDemo, writeDemo } from './run.ts'

const TABLES = [
  'dmrProduct',
  'dmrOrder',
  'dmrOrderItem',
  'dmrTkOrder',
  'dmrTkOrderMonth',
  'dmrGiftDetail',
  'dmrKolFile',
  'dmrKolFollowUp',
  'dmrCooperateInfo',
  'dmrTkFee',
  'dmrStockTaking',
  'dmrStockDetail',
] as const

async function counts(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const t of TABLES)
    out[t] = Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return out
}

/** What the reference seed alone writes (field.ts has a stock count and three KOLs of its own). */
let reference: Record<string, number>
beforeAll(async () => {
  const scratch = await createScratchDatabase('sqlite')
  const database = openCachedDatabase(scratch.url)
  await migrate(database.db as never)
  await seed(database.db, readConfig({}))
  reference = await counts(database.db)
  await database.close()
  await scratch.drop()
})

const demoMark = async (db: Kysely<DB>) =>
  (
    await db
      .selectFrom('bladeServerKey')
      .select('value')
      .where('name', '=', 'demo_data')
      .executeTakeFirst()
  )?.value

forEachDatabase('demo data', (dialect) => {
  let s: TestServer
  let admin: string
  let started: Date
  beforeAll(async () => {
    started = new Date()
    s = await startTestServer(dialect, { seedDemo: true })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  }, 120_000)
  afterAll(() => s?.close())

  it('writes a living tenant: a few hundred products, thousands of orders, TK lines and gifts, KOLs, fees and counts', async () => {
    const all = await counts(s.db)
    const n = Object.fromEntries(Object.entries(all).map(([t, v]) => [t, v - reference[t]!]))
    expect(n.dmrProduct).toBeGreaterThanOrEqual(250)
    expect(n.dmrProduct).toBeLessThan(600)
    expect(n.dmrOrder).toBeGreaterThan(2000)
    expect(n.dmrOrder).toBeLessThan(6000)
    expect(n.dmrOrderItem).toBeGreaterThan(n.dmrOrder)
    expect(n.dmrTkOrder).toBeGreaterThan(2000)
    expect(n.dmrGiftDetail).toBeGreaterThan(5000)
    expect(n.dmrKolFile).toBe(60)
    expect(n.dmrKolFollowUp).toBeGreaterThan(60)
    expect(n.dmrCooperateInfo).toBeGreaterThan(10)
    expect(n.dmrTkFee).toBeGreaterThan(10)
    expect(n.dmrStockTaking).toBe(8)
    expect(n.dmrStockDetail).toBeGreaterThan(100)
    // Singles and combos; every combo of live singles of its tenant.
    const combos = await s.db
      .selectFrom('dmrProduct')
      .select('productComboSku')
      .where('productIsMix', '=', 1)
      .execute()
    expect(combos.length).toBeGreaterThan(30)
    const skus = new Set(
      (
        await s.db.selectFrom('dmrProduct').select('skuNo').where('productIsMix', '=', 0).execute()
      ).map((p) => p.skuNo),
    )
    for (const c of combos)
      for (const part of JSON.parse(String(c.productComboSku)) as { skuNo: string }[])
        expect(skus.has(part.skuNo), part.skuNo).toBe(true)
    // A handful of anchors and many viewers.
    const anchors = await s.db.selectFrom('dmrGiftDetail').select('anchorId').distinct().execute()
    expect(anchors.map((a) => a.anchorId).sort()).toEqual(
      DEMO_ANCHORS.map((a) => a.anchorId).sort(),
    )
    const viewers = await s.db.selectFrom('dmrGiftDetail').select('userId').distinct().execute()
    expect(viewers.length).toBeGreaterThan(500)
    // Everything is the default tenant's.
    for (const t of TABLES) {
      if (t === 'dmrTkOrderMonth') continue
      expect(
        await s.db.selectFrom(t).select('id').where('tenantId', '<>', '000000').executeTakeFirst(),
        t,
      ).toBeUndefined()
    }
  })

  it('spans the three months up to the start, none after it, busy to the last week', async () => {
    const from = formatDateTime(
      new Date(started.getFullYear(), started.getMonth(), started.getDate() - 90),
    )
    const to = formatDateTime(new Date())
    for (const [table, column] of [
      ['dmrOrder', 'orderTime'],
      ['dmrTkOrder', 'orderCreateTime'],
      ['dmrGiftDetail', 'sendGiftTime'],
      ['dmrKolFollowUp', 'contactTime'],
    ] as const) {
      const r = (await s.db
        .selectFrom(table)
        .select((eb) => [eb.fn.min(column).as('first'), eb.fn.max(column).as('last')])
        .executeTakeFirstOrThrow()) as { first: string; last: string }
      expect(r.first >= from, `${table} from ${r.first}`).toBe(true)
      expect(r.last <= to, `${table} to ${r.last}`).toBe(true)
      if (table !== 'dmrKolFollowUp')
        expect(
          r.first < formatDateTime(new Date(started.getTime() - 80 * 86_400_000)),
          `${table} reaches back`,
        ).toBe(true)
    }
    const lastWeek = await s.db
      .selectFrom('dmrOrder')
      .select((eb) => eb.fn.count('id').as('n'))
      .where('orderTime', '>=', formatDateTime(new Date(started.getTime() - 7 * 86_400_000)))
      .executeTakeFirstOrThrow()
    expect(Number(lastWeek.n)).toBeGreaterThan(100)
  })

  it('keeps every order total = Σ quantity × unitPrice + shippingFee − discount, as the order screen answers it', async () => {
    const orders = await s.db
      .selectFrom('dmrOrder')
      .select(['id', 'orderAmount', 'shippingFee', 'discount'])
      .execute()
    const lines = await s.db
      .selectFrom('dmrOrderItem')
      .select(['orderId', 'quantity', 'unitPrice', 'amount'])
      .execute()
    const sums = new Map<string, number>()
    for (const l of lines) {
      expect(Number(l.amount)).toBe(Number(l.quantity) * Number(l.unitPrice))
      sums.set(l.orderId, (sums.get(l.orderId) ?? 0) + Number(l.amount))
    }
    for (const o of orders)
      expect(Number(o.orderAmount), o.id).toBe(
        (sums.get(o.id) ?? NaN) + Number(o.shippingFee) - Number(o.discount),
      )
    expect(
      orders.every((o) => Number(o.orderAmount) >= 0 && Number.isInteger(Number(o.orderAmount))),
    ).toBe(true)
    const one = orders[17]!
    const r = await call(s.baseUrl, 'GET', '/api/dmrOrder/detail', {
      token: admin,
      query: { id: one.id },
    })
    expect(r.status).toBe(200)
    expect(r.body.data.orderAmount).toBe(Number(one.orderAmount))
    expect(r.body.data.items.reduce((t: number, l: { amount: number }) => t + l.amount, 0)).toBe(
      sums.get(one.id),
    )
  })

  it('keeps the TK monthly table equal to the from-scratch SQL, with every outcome present', async () => {
    const norm = (rows: Row[]) =>
      rows
        .map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              k === 'tenantId' || k === 'orderYearMonth' ? v : Number(v),
            ]),
          ),
        )
        .sort((a, b) => String(a.orderYearMonth).localeCompare(String(b.orderYearMonth)))
    const kept = norm((await s.db.selectFrom('dmrTkOrderMonth').selectAll().execute()) as Row[])
    expect(kept.length).toBeGreaterThanOrEqual(3)
    expect(kept).toEqual(norm((await monthsFromScratch('000000').execute(s.db)).rows))
    const all = kept.reduce<Record<string, number>>(
      (t, m) =>
        Object.fromEntries(
          Object.entries(m).map(([k, v]) => [k, (t[k] ?? 0) + (typeof v === 'number' ? v : 0)]),
        ),
      {},
    )
    for (const counter of [
      'completedTotal',
      'refundTotal',
      'deliveryFailedTotal',
      'cancelByUserTotal',
      'cancelBySellerTotal',
      'cancelBySystemTotal',
    ])
      expect(all[counter], counter).toBeGreaterThan(10)
    expect(all.completedTotal).toBeGreaterThan(all.orderTotal! / 2)
    // The summary screen answers the kept months.
    const r = await call(s.baseUrl, 'GET', '/api/tkOrder/tkOrder/month-summary/list', {
      token: admin,
      query: { size: '50' },
    })
    expect(r.status).toBe(200)
    expect(
      (r.body.data.records as Row[]).map((m) => [m.orderYearMonth, m.orderTotal]).sort(),
    ).toEqual(kept.map((m) => [m.orderYearMonth, m.orderTotal]))
  })

  it('answers gift totals over the demo gifts equal to their SQL sums, floored', async () => {
    const range = {
      sendGiftTime_ge: formatDateTime(new Date(started.getTime() - 95 * 86_400_000)).slice(0, 10),
      sendGiftTime_le: formatDateTime(new Date()).slice(0, 10),
    }
    const sums = (await s.db
      .selectFrom('dmrGiftDetail')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum('giftQuantity').as('quantity'),
        sql<number>`sum(gift_price * gift_quantity)`.as('coins'),
      ])
      .executeTakeFirstOrThrow()) as Row
    const r = await call(s.baseUrl, 'GET', '/api/giftdetail/giftDetail/anchor-total', {
      token: admin,
      query: { ...range, size: '50' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    // Coins are whole numbers here; 1 coin = 250 ₫ (parameter gift.coinValueVnd).
    expect(r.body.data.summary).toEqual({
      totalCount: Number(sums.n),
      totalQuantity: Number(sums.quantity),
      giftPriceTotal: Number(sums.coins),
      totalValue: Number(sums.coins) * 250,
    })
    expect(r.body.data.records).toHaveLength(DEMO_ANCHORS.length)
    // Ranked by value, each anchor at its SQL sum. Which anchor leads depends on the day's draw (one
    // rare 30,000-coin gift outweighs a month of roses), so the order is checked against SQL, not a name.
    const perAnchor = (await s.db
      .selectFrom('dmrGiftDetail')
      .select(['anchorName', sql<number>`sum(gift_price * gift_quantity)`.as('coins')])
      .groupBy('anchorName')
      .execute()) as { anchorName: string; coins: number | string }[]
    const ranked = perAnchor
      .map((a) => [a.anchorName, Number(a.coins)] as const)
      .sort((x, y) => y[1] - x[1])
    expect((r.body.data.records as Row[]).map((a) => [a.anchorName, a.giftPriceTotal])).toEqual(
      ranked,
    )
  })

  it('keeps stock totals = Σ their lines with two counts open, and each KOL at its newest follow-up', async () => {
    const counts = await s.db.selectFrom('dmrStockTaking').selectAll().execute()
    for (const c of counts) {
      const sum = await s.db
        .selectFrom('dmrStockDetail')
        .select((eb) => eb.fn.sum('productQuantity').as('q'))
        .where('dmrStockId', '=', c.id)
        .executeTakeFirstOrThrow()
      expect(Number(c.stockTotal), c.checkDate).toBe(Number(sum.q ?? 0))
      expect(c.finishTime === null, c.checkDate).toBe(c.countStatus === 0)
    }
    expect(counts.filter((c) => c.countStatus === 0)).toHaveLength(2 + reference.dmrStockTaking!)
    const kols = await s.db.selectFrom('dmrKolFile').selectAll().execute()
    const followUps = await s.db
      .selectFrom('dmrKolFollowUp')
      .selectAll()
      .orderBy('contactTime')
      .execute()
    for (const k of kols) {
      const newest = followUps.filter((f) => f.kolId === k.id).at(-1)
      expect([k.contactStatus, k.lastContactTime], k.tkUserName).toEqual(
        newest ? [newest.contactStatus, newest.contactTime] : ['created', null],
      )
    }
    expect(new Set(kols.map((k) => k.contactStatus)).size).toBeGreaterThanOrEqual(5)
    // Follow-ups due: some overdue, some still ahead.
    const now = formatDateTime(new Date())
    const next = followUps.map((f) => f.nextContactTime).filter((t): t is string => !!t)
    expect(next.some((t) => t < now) && next.some((t) => t > now)).toBe(true)
    // Quotations through the quotation screen's API, each with its rounds.
    const q = await call(s.baseUrl, 'GET', '/api/cooperateinfo/cooperateInfo/page', {
      token: admin,
      query: { size: '5' },
    })
    expect(q.status).toBe(200)
    expect(q.body.data.records[0].detail.length).toBeGreaterThan(0)
  })

  it('adds nothing at a second start and does not bring back a removed demo row', async () => {
    const order = await s.db
      .selectFrom('dmrOrder')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/dmrOrder/remove', {
          token: admin,
          query: { ids: order.id },
        })
      ).status,
    ).toBe(200)
    const before = await counts(s.db)
    await prepareDatabase({ db: s.db, dialect: s.dialect }, { ...s.config, seedDemo: true })
    expect(await counts(s.db)).toEqual(before)
    expect(
      (
        await s.db
          .selectFrom('dmrOrder')
          .select('isDeleted')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).isDeleted,
    ).toBe(1)
    expect(
      await s.db
        .selectFrom('dmrOrder')
        .select('id')
        .where(
          'orderNo',
          '=',
          (
            await s.db
              .selectFrom('dmrOrder')
              .select('orderNo')
              .where('id', '=', order.id)
              .executeTakeFirstOrThrow()
          ).orderNo,
        )
        .where('isDeleted', '=', 0)
        .executeTakeFirst(),
    ).toBeUndefined()
    expect(await demoMark(s.db)).toMatch(/^seeded \d{4}-\d\d-\d\d /)
  })
})

describe('demo data [sqlite]: when and how it is written', () => {
  const opened: { database: Database; drop: () => Promise<void> }[] = []
  const fresh = async () => {
    const scratch = await createScratchDatabase('sqlite')
    const database = openCachedDatabase(scratch.url)
    opened.push({ database, drop: scratch.drop })
    return database
  }
  afterAll(async () => {
    for (const o of opened) {
      await o.database.close()
      await o.drop()
    }
  })
  const referenceOnly = async (db: Kysely<DB>) => expect(await counts(db)).toEqual(reference)

  it('seeds none with the demo off, nor at a later start with it on (not a new database)', async () => {
    const database = await fresh()
    await prepareDatabase(database, { ...readConfig({}), seedDemo: false })
    await referenceOnly(database.db)
    expect(await demoMark(database.db)).toBeUndefined()
    await prepareDatabase(database, { ...readConfig({}), seedDemo: true })
    await referenceOnly(database.db)
  })

  it(
    'finishes an interrupted first run whole at the next start, and the same start makes the same demo',
    { timeout: 60_000 },
    async () => {
      const today = new Date(2026, 2, 15, 14, 30)
      const broken = await fresh()
      await migrate(broken.db as never)
      await seed(broken.db, readConfig({}))
      await wantDemo(broken.db)
      const dies = { name: 'dies', run: async () => Promise.reject(new Error('killed mid-way')) }
      await expect(
        writeDemo(broken, true, today, [...demoParts.slice(0, 3), dies]),
      ).rejects.toThrow('killed mid-way')
      // Nothing of the run is left, and the demo is still wanted.
      await referenceOnly(broken.db)
      expect(await demoMark(broken.db)).toBe('pending')
      expect(await writeDemo(broken, true, today)).not.toBeNull()
      expect(await demoMark(broken.db)).toBe('seeded 2026-03-15 14:30:00')

      const clean = await fresh()
      await migrate(clean.db as never)
      await seed(clean.db, readConfig({}))
      await wantDemo(clean.db)
      await writeDemo(clean, true, today)
      const fingerprint = async (db: Kysely<DB>) => ({
        counts: await counts(db),
        orders: await db
          .selectFrom('dmrOrder')
          .select(['id', 'orderNo', 'orderTime', 'buyerName', 'orderAmount'])
          .orderBy('id')
          .execute(),
        gifts: await db
          .selectFrom('dmrGiftDetail')
          .select((eb) => [eb.fn.sum('giftQuantity').as('q'), eb.fn.max('id').as('id')])
          .execute(),
      })
      expect(await fingerprint(broken.db)).toEqual(await fingerprint(clean.db))
      const last = (
        await clean.db
          .selectFrom('dmrOrder')
          .select((eb) => eb.fn.max('orderTime').as('t'))
          .executeTakeFirstOrThrow()
      ).t
      expect(String(last) <= '2026-03-15 14:30:00').toBe(true)
    },
  )

  it('drops a pending demo when a later start has it switched off', async () => {
    const database = await fresh()
    await migrate(database.db as never)
    await seed(database.db, readConfig({}))
    await wantDemo(database.db)
    expect(await writeDemo(database, false)).toBeNull()
    expect(await demoMark(database.db)).toBe('skipped')
    expect(await writeDemo(database, true)).toBeNull()
    await referenceOnly(database.db)
  })
})

describe('SEED_DEMO', () => {
  it('is on for the embedded SQLite default and off for PostgreSQL unless set to 1', () => {
    expect(readConfig({}).seedDemo).toBe(true)
    expect(readConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).seedDemo).toBe(true)
    expect(readConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).seedDemo).toBe(false)
    expect(readConfig({ DATABASE_URL: 'postgresql://u@h:5432/db', SEED_DEMO: '' }).seedDemo).toBe(
      false,
    )
    expect(readConfig({ DATABASE_URL: 'postgres://u@h:5432/db', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    )
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(() => readConfig({ SEED_DEMO: 'yes' })).toThrow('SEED_DEMO must be 0 or 1')
  })
})
