// Lists at volume: a text filter served by the trigram index answers exactly what the plain
// condition (lower(col) like lower('%…%'), no index) answers, whatever the text; the index follows
// inserts, updates and deletes; deep pages (deferred join) are the rows a plain OFFSET gives; totals
// are exact up to the cap and flagged `totalCapped` beyond it.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { COUNT_CAP } from '../../server/crud/list-query.ts'
import { ensureTextIndexes, pgTrigramIndexName, textIndexes } from '../../server/db/text-indexes.ts'
import { fillStockLines } from '../../bench/support/big-stock.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

const SKUS = [
  'SKU-100%-A',
  'sku_2',
  'SKUX2',
  'ÁO-đỏ-01',
  'áo đỏ 02',
  'Áo Đỏ 03',
  'ÁO ĐỎ 04',
  '越南电商仓库',
  '电商',
  'ab',
  'a"b"c',
  "o'neil",
  'back\\slash',
  'MiXeD-Case',
  'mixed-case',
  'Ñandú',
  'x',
]
const TERMS = [
  '%',
  '_',
  '100%',
  'sku_',
  'SKU',
  'ku-1',
  '"b"',
  "o'n",
  'áo',
  'Áo',
  'ÁO',
  'đỏ',
  'Đỏ',
  'ĐỎ',
  'áo đỏ',
  '越南',
  '电商仓',
  '电',
  'ab',
  'a',
  'b',
  'mixed-case',
  'MIXED',
  '\\sl',
  'back\\',
  'ñandú',
  'zzz',
  '*',
  'NEAR(',
  'sku_no : x',
]

forEachDatabase('lists at volume', (dialect) => {
  let s: TestServer
  let token: string
  let stockId: string
  const list = async (query: Record<string, string>) => {
    const r = await call<{
      data: { records: { id: string }[]; total: number; totalCapped?: boolean; pages: number }
    }>(s.baseUrl, 'GET', '/api/stockDetail/page', { token, query: { size: '500', ...query } })
    expect(r.status).toBe(200)
    return r.body.data
  }
  /** The rows the filter matched before trigram indexes: the same condition with no index to use. */
  const plain = async (pattern: string): Promise<string[]> => {
    const query = sql<{
      id: string
    }>`select id from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0 and lower(sku_no) like lower(${pattern}) escape '\\'`
    if (dialect === 'sqlite') return (await query.execute(s.db)).rows.map((r) => r.id).sort()
    return s.db.transaction().execute(async (tx) => {
      await sql`set local enable_indexscan = off`.execute(tx)
      await sql`set local enable_bitmapscan = off`.execute(tx)
      return (await query.execute(tx)).rows.map((r) => r.id).sort()
    })
  }
  const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`)

  beforeAll(async () => {
    s = await startTestServer(dialect)
    token = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    stockId = (
      await s.db
        .selectFrom('dmrStockTaking')
        .select('id')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id
    await s.db
      .insertInto('dmrStockDetail')
      .values(
        SKUS.map((sku, i) => ({
          id: `91000000000${String(i).padStart(8, '0')}`,
          tenantId: '000000',
          dmrStockId: stockId,
          skuNo: sku,
          productQuantity: 1,
          isDeleted: 0,
          version: 1,
          createTime: `2026-02-01 00:00:${String(i).padStart(2, '0')}`,
        })),
      )
      .execute()
  })
  afterAll(() => s?.close())

  it('answers every text filter exactly as the plain condition does (special characters, Vietnamese, Chinese, 1-2 characters)', async () => {
    const differences: string[] = []
    for (const term of TERMS) {
      for (const [param, pattern] of [
        ['skuNo', `%${esc(term)}%`],
        ['skuNo_like', `%${esc(term)}%`],
        ['skuNo_likeleft', `%${esc(term)}`],
        ['skuNo_likeright', `${esc(term)}%`],
      ] as const) {
        const got = (await list({ [param]: term })).records.map((r) => r.id).sort()
        const want = await plain(pattern)
        if (JSON.stringify(got) !== JSON.stringify(want))
          differences.push(`${param}=${term}: ${got.length} rows, plain ${want.length}`)
      }
    }
    expect(differences).toEqual([])
    // The cases are not vacuous: a 3+ character term that the index serves finds its rows.
    expect((await list({ skuNo: '电商仓' })).records).toHaveLength(1)
    expect((await list({ skuNo: 'mixed-case' })).records).toHaveLength(2)
  })

  it('keeps the index in step with inserts, updates and deletes', async () => {
    const id = '9100000000000000999'
    await s.db
      .insertInto('dmrStockDetail')
      .values({
        id,
        tenantId: '000000',
        dmrStockId: stockId,
        skuNo: 'QWERTY-1',
        productQuantity: 1,
        isDeleted: 0,
        version: 1,
      })
      .execute()
    expect((await list({ skuNo: 'qwerty' })).records.map((r) => r.id)).toEqual([id])
    await s.db
      .updateTable('dmrStockDetail')
      .set({ skuNo: 'ASDFGH-1' })
      .where('id', '=', id)
      .execute()
    expect((await list({ skuNo: 'qwerty' })).records).toEqual([])
    expect((await list({ skuNo: 'asdfgh' })).records.map((r) => r.id)).toEqual([id])
    await s.db.deleteFrom('dmrStockDetail').where('id', '=', id).execute()
    expect((await list({ skuNo: 'asdfgh' })).records).toEqual([])
  })

  it('fills a trigram index made over a table that already has rows, and making it again changes nothing', async () => {
    const spec = textIndexes().find((t) => t.table === 'dmr_stock_detail')!
    if (dialect === 'sqlite') {
      for (const suffix of ['ai', 'ad', 'au'])
        await sql`drop trigger ${sql.id(`${spec.fts}_${suffix}`)}`.execute(s.db)
      await sql`drop table ${sql.table(spec.fts)}`.execute(s.db)
    } else
      await sql`drop index ${sql.id(pgTrigramIndexName('dmr_stock_detail', 'sku_no'))}`.execute(
        s.db,
      )
    await ensureTextIndexes(s.db as never)
    await ensureTextIndexes(s.db as never)
    expect((await list({ skuNo: 'mixed-case' })).records).toHaveLength(2)
    expect((await list({ skuNo: '电商仓' })).records).toHaveLength(1)
  })

  it('gives deep pages the rows of a plain OFFSET, and exact totals up to the cap, flagged beyond it', async () => {
    await fillStockLines(s.db, dialect, COUNT_CAP + 45)
    const all = await list({ current: '1', size: '10' })
    expect(all.total).toBe(COUNT_CAP)
    expect(all.totalCapped).toBe(true)
    const offsetRows = async (offset: number, where = sql`1 = 1`) =>
      (
        await sql<{
          id: string
        }>`select id from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0 and ${where} order by create_time desc, id desc limit 10 offset ${offset}`.execute(
          s.db,
        )
      ).rows.map((r) => r.id)
    const deep = await list({ current: '700', size: '10' })
    expect(deep.records.map((r) => r.id)).toEqual(await offsetRows(6990))
    expect([deep.total, deep.totalCapped]).toEqual([COUNT_CAP, true])
    const deepFiltered = await list({ current: '30', size: '10', deviceId_equal: 'device-3' })
    expect(deepFiltered.records.map((r) => r.id)).toEqual(
      await offsetRows(290, sql`device_id = 'device-3'`),
    )
    expect(deepFiltered.total).toBe(51)
    expect(deepFiltered.totalCapped).toBeUndefined()
    // Text filters: few matches are paged and counted in one query, many in the usual two; same answers.
    for (const term of ['sku-12', 'sku-1']) {
      const where = sql`lower(sku_no) like ${`%${term}%`}`
      const want = Number(
        (
          await sql<{
            n: number
          }>`select count(*) as n from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0 and ${where}`.execute(
            s.db,
          )
        ).rows[0]!.n,
      )
      const got = await list({ current: '3', size: '10', skuNo: term })
      expect([got.total, got.records.map((r) => r.id)]).toEqual([want, await offsetRows(20, where)])
    }
    // A page near the end counts past the cap: the exact total (seeded lines included).
    const exact = Number(
      (
        await sql<{
          n: number
        }>`select count(*) as n from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0`.execute(
          s.db,
        )
      ).rows[0]!.n,
    )
    const nearEnd = await list({ current: String(Math.floor(exact / 10)), size: '10' })
    expect(nearEnd.total).toBe(exact)
    expect(nearEnd.totalCapped).toBeUndefined()
    const last = await list({ current: String(Math.ceil(exact / 10)), size: '10' })
    expect(last.records).toHaveLength(exact % 10 || 10)
    expect(last.total).toBe(exact)
  })

  it('counts a deep page past its last row exactly, whatever the order, NULLs included', async () => {
    // Some style numbers, many NULLs: the count after the page's last row must take both branches.
    await sql`update dmr_stock_detail set product_style_no = ${'P-'} || substr(id, 14, 1) where id like '%0' or id like '%3' or id like '%7'`.execute(
      s.db,
    )
    const exact = Number(
      (
        await sql<{
          n: number
        }>`select count(*) as n from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0`.execute(
          s.db,
        )
      ).rows[0]!.n,
    )
    const page = Math.floor(exact / 10) - 3
    for (const [param, order] of [
      ['ascs', sql`product_style_no asc, id desc`],
      ['descs', sql`product_style_no desc, id desc`],
    ] as const) {
      const got = await list({ current: String(page), size: '10', [param]: 'productStyleNo' })
      const want = (
        await sql<{
          id: string
        }>`select id from dmr_stock_detail where tenant_id = '000000' and is_deleted = 0 order by ${order} limit 10 offset ${(page - 1) * 10}`.execute(
          s.db,
        )
      ).rows.map((r) => r.id)
      expect(got.records.map((r) => r.id)).toEqual(want)
      expect(got.total).toBe(exact)
    }
  })
})
