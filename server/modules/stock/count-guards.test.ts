// The field work guards over real HTTP on SQLite and PostgreSQL: one open count per tenant, brand
// and date (a second refused with a 400 naming the open one; finished counts, other brands and
// dates free; a reopen beside an open count refused; a replayed start of the same count, with or
// without its Idempotency-Key, still applies; two starts at once: one lands); and a line whose SKU
// is no product of the tenant is marked skuUnknown on the stored line, whatever the body says,
// also when it is replayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { nextId } from '../../core/ids.ts'
import { MSG_COUNT_OPEN } from './count-guards.ts'

const KNOWN_SKU = 'DMR-NON-LA-01' // seeded product

forEachDatabase('stock count guards', (dialect) => {
  let s: TestServer
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const post = (path: string, json: unknown, key?: string) =>
    call(s.baseUrl, 'POST', `/api${path}`, {
      token: warehouse,
      json,
      headers: key ? { 'Idempotency-Key': key } : {},
    })
  const openCounts = async () =>
    (
      await s.db
        .selectFrom('dmrStockTaking')
        .select('id')
        .where('countStatus', '=', 0)
        .where('isDeleted', '=', 0)
        .execute()
    ).length
  const started = async (json: Record<string, unknown>) => {
    const r = await post('/stockTaking/submit', json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.id as string
  }

  describe('one open count per brand and date', () => {
    it('refuses a second open count of a brand and date, naming the open one, and writes nothing', async () => {
      const first = await started({ checkDate: '2026-08-01', brandId: 'dmr' })
      const before = await openCounts()
      const r = await post('/stockTaking/submit', { checkDate: '2026-08-01', brandId: 'dmr' })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({
        code: 400,
        success: false,
        msg: MSG_COUNT_OPEN('dmr', '2026-08-01', first),
      })
      expect(await openCounts()).toBe(before)
      // Another brand or another date is another count.
      await started({ checkDate: '2026-08-01', brandId: 'lumi' })
      await started({ checkDate: '2026-08-02', brandId: 'dmr' })
    })

    it('a finished count frees its brand and date; reopening it beside the new open one is refused', async () => {
      const first = await started({ checkDate: '2026-08-03', brandId: 'dmr' })
      expect((await post('/stockTaking/update', { id: first, countStatus: 1 })).status).toBe(200)
      const second = await started({ checkDate: '2026-08-03', brandId: 'dmr' })
      const reopen = await post('/stockTaking/submit', { id: first, countStatus: 0 })
      expect(reopen.status).toBe(400)
      expect(reopen.body.msg).toBe(MSG_COUNT_OPEN('dmr', '2026-08-03', second))
      // Moving an open count onto a brand and date that has one is refused too.
      const other = await started({ checkDate: '2026-08-04', brandId: 'dmr' })
      expect(
        (await post('/stockTaking/submit', { id: other, checkDate: '2026-08-03' })).body.msg,
      ).toBe(MSG_COUNT_OPEN('dmr', '2026-08-03', second))
      // Editing an open count in place is no second count.
      expect(
        (await post('/stockTaking/submit', { id: second, checkDate: '2026-08-03', brandId: 'dmr' }))
          .status,
      ).toBe(200)
    })

    it('a start replayed from the outbox applies once, with or without its Idempotency-Key', async () => {
      const id = nextId()
      const body = { id, checkDate: '2026-08-05', brandId: 'dmr' }
      const first = await post('/stockTaking/submit', body, 'count-start-0805')
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const again = await post('/stockTaking/submit', body, 'count-start-0805')
      expect(again.status).toBe(200)
      expect(again.body.data.id).toBe(id)
      // Sent again under a new key (its answer was lost and the row re-queued): the same count, no refusal.
      const resent = await post('/stockTaking/submit', body, 'count-start-0805-b')
      expect(resent.status, JSON.stringify(resent.body)).toBe(200)
      expect(
        (
          await s.db
            .selectFrom('dmrStockTaking')
            .select('id')
            .where('checkDate', '=', '2026-08-05')
            .execute()
        ).map((r) => r.id),
      ).toEqual([id])
    })

    it('two tablets starting the same brand and date at once: one count lands, the other is refused', async () => {
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          post('/stockTaking/submit', { id: nextId(), checkDate: '2026-08-06', brandId: 'dmr' }),
        ),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
      expect(
        await s.db
          .selectFrom('dmrStockTaking')
          .select('id')
          .where('checkDate', '=', '2026-08-06')
          .execute(),
      ).toHaveLength(1)
    })
  })

  describe('unknown SKUs', () => {
    it('marks a line whose SKU is no product, on the stored line, whatever the body says', async () => {
      const count = await started({ checkDate: '2026-08-10', brandId: 'dmr' })
      const known = {
        id: nextId(),
        dmrStockId: count,
        skuNo: KNOWN_SKU,
        productQuantity: 2,
        deviceId: 'tablet-1',
        skuUnknown: true,
      }
      const unknown = {
        id: nextId(),
        dmrStockId: count,
        skuNo: 'SHELF-NEW-01',
        productQuantity: 3,
        deviceId: 'tablet-1',
        skuUnknown: false,
      }
      expect((await post('/stockDetail/submit', known)).body.data).toMatchObject({
        skuNo: KNOWN_SKU,
        skuUnknown: false,
      })
      expect(
        (await post('/stockDetail/submit', unknown, 'line-shelf-new-01')).body.data,
      ).toMatchObject({ skuNo: 'SHELF-NEW-01', skuUnknown: true })
      // Replayed with its key: the stored answer, still marked.
      expect(
        (await post('/stockDetail/submit', unknown, 'line-shelf-new-01')).body.data,
      ).toMatchObject({ id: unknown.id, skuUnknown: true })
      const stored = await s.db
        .selectFrom('dmrStockDetail')
        .select(['id', 'skuUnknown'])
        .where('dmrStockId', '=', count)
        .orderBy('id')
        .execute()
      expect(Object.fromEntries(stored.map((r) => [r.id, Number(r.skuUnknown)]))).toEqual({
        [known.id]: 0,
        [unknown.id]: 1,
      })
      // The lines list shows the mark; a line corrected to a known SKU loses it.
      const list = await call(s.baseUrl, 'GET', '/api/stockDetail/list', {
        token: warehouse,
        query: { dmrStockId: count },
      })
      expect(
        (list.body.data.records as { id: string; skuUnknown: boolean }[]).find(
          (l) => l.id === unknown.id,
        )?.skuUnknown,
      ).toBe(true)
      expect(
        (await post('/stockDetail/submit', { id: unknown.id, skuNo: KNOWN_SKU })).body.data
          .skuUnknown,
      ).toBe(false)
    })
  })
})
