// Order numbers made by the server over real HTTP on SQLite and PostgreSQL: an order left without
// a number gets DH + yyMMdd of its order time + the day's next 4 digits, per tenant and day,
// following the day's highest (typed ones of that form too), never reusing a removed order's; a
// typed number is kept and stays editable; uniqueness as before; the form's hint (next-no); and
// orders saved at the same moment get different numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { MSG_ORDER_NO_TAKEN } from './order-rules.ts'

const NON_LA = 'DMR-NON-LA-01' // seeded

forEachDatabase('order numbers', (dialect) => {
  let s: TestServer
  let office: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
  })
  afterAll(() => s?.close())

  const api = (op: string) => `/api/dmrOrder/${op}`
  const submit = (json: Record<string, unknown>, token = office) =>
    call(s.baseUrl, 'POST', api('submit'), { token, json })
  const orderAt = (orderTime: string, extra: Record<string, unknown> = {}) => ({
    orderTime,
    channel: 'tiktok_shop',
    orderStatus: 'paid',
    items: [{ skuNo: NON_LA, quantity: 1, unitPrice: 120000 }],
    ...extra,
  })
  const numbered = async (json: Record<string, unknown>) => {
    const r = await submit(json)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string; orderNo: string }
  }
  const hint = async (orderTime: string, token = office) => {
    const r = await call(s.baseUrl, 'GET', api('next-no'), { token, query: { orderTime } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body.data as { orderNo: string }).orderNo
  }

  describe('left empty', () => {
    it('numbers the day’s orders DH + yyMMdd + 0001, 0002…, empty, blank, null or absent alike', async () => {
      expect(await hint('2031-11-05 08:00:00')).toBe('DH3111050001')
      expect((await numbered(orderAt('2031-11-05 09:00:00'))).orderNo).toBe('DH3111050001')
      expect((await numbered(orderAt('2031-11-05 09:05:00', { orderNo: '' }))).orderNo).toBe(
        'DH3111050002',
      )
      expect((await numbered(orderAt('2031-11-05 23:59:59', { orderNo: '   ' }))).orderNo).toBe(
        'DH3111050003',
      )
      expect((await numbered(orderAt('2031-11-05 12:00:00', { orderNo: null }))).orderNo).toBe(
        'DH3111050004',
      )
      // Another day starts again.
      expect((await numbered(orderAt('2031-11-06 00:00:00'))).orderNo).toBe('DH3111060001')
      expect(await hint('2031-11-05')).toBe('DH3111050005')
    })

    it('follows the highest of the day, typed ones of that form too; other typed numbers do not count', async () => {
      expect(
        (await numbered(orderAt('2031-11-07 10:00:00', { orderNo: 'DH3111070041' }))).orderNo,
      ).toBe('DH3111070041')
      await numbered(orderAt('2031-11-07 10:00:00', { orderNo: 'DH311107ABCD' }))
      await numbered(orderAt('2031-11-07 10:00:00', { orderNo: 'DH31110700999' }))
      expect((await numbered(orderAt('2031-11-07 11:00:00'))).orderNo).toBe('DH3111070042')
    })

    it('never gives a removed order’s number again', async () => {
      const last = await numbered(orderAt('2031-11-08 10:00:00'))
      expect(last.orderNo).toBe('DH3111080001')
      expect(
        (await call(s.baseUrl, 'POST', api('remove'), { token: office, query: { ids: last.id } }))
          .status,
      ).toBe(200)
      expect((await numbered(orderAt('2031-11-08 11:00:00'))).orderNo).toBe('DH3111080002')
    })

    it('orders saved at the same moment get different numbers', async () => {
      const all = await Promise.all(
        Array.from({ length: 6 }, (_, i) => numbered(orderAt(`2031-11-09 10:00:0${i}`))),
      )
      expect(all.map((o) => o.orderNo).sort()).toEqual([
        'DH3111090001',
        'DH3111090002',
        'DH3111090003',
        'DH3111090004',
        'DH3111090005',
        'DH3111090006',
      ])
    })
  })

  describe('typed', () => {
    it('keeps a typed number, lets it be changed, and keeps it when an update leaves it empty', async () => {
      const o = await numbered(orderAt('2031-11-10 10:00:00', { orderNo: 'SHOP-77' }))
      expect(o.orderNo).toBe('SHOP-77')
      expect((await numbered({ id: o.id, orderNo: 'SHOP-78' })).orderNo).toBe('SHOP-78')
      expect((await numbered({ id: o.id, orderNo: '' })).orderNo).toBe('SHOP-78')
      expect((await numbered({ id: o.id, remark: '改备注' })).orderNo).toBe('SHOP-78')
      const made = await numbered(orderAt('2031-11-10 11:00:00'))
      expect(made.orderNo).toBe('DH3111100001')
      expect((await numbered({ id: made.id, orderNo: 'DH3111100099' })).orderNo).toBe(
        'DH3111100099',
      )
    })

    it('is unique as before: a generated number cannot be typed again', async () => {
      const r = await submit(orderAt('2031-11-10 12:00:00', { orderNo: 'DH3111100099' }))
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain(MSG_ORDER_NO_TAKEN('DH3111100099'))
    })
  })

  it('numbers per tenant: another tenant’s day starts at 0001', async () => {
    const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      json: { tenantName: `订单号租户${dialect}`, linkman: 'x' },
    })
    expect(t.status, JSON.stringify(t.body)).toBe(200)
    const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId as string))
      .access_token
    expect(await hint('2031-11-05 10:00:00', other)).toBe('DH3111050001')
    expect(await hint('2031-11-05 10:00:00')).toBe('DH3111050005')
  })

  it('next-no needs an order time', async () => {
    expect(
      (await call(s.baseUrl, 'GET', api('next-no'), { token: office, query: {} })).status,
    ).toBe(400)
  })
})
