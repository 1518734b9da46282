// Fee options and TK fees over real HTTP on SQLite and PostgreSQL: the seeded fee options, the
// select (both names, for the label in the UI language; open to TK fee keepers), a fee option needs
// a name in one language and stays while a TK fee uses it; a TK fee's month, option and amount are
// checked (400, nothing written); tenant isolation; who may call (office and finance, not warehouse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import {
  MSG_FEE_OPTION_NAME,
  MSG_FEE_OPTION_UNKNOWN,
  MSG_FEE_OPTION_USED,
  MSG_FEE_ZERO,
} from './index.ts'

interface FeeOptionRow {
  id: string
  feeOptionEn: string
  feeOprionCn: string
}

forEachDatabase('fee options and TK fees', (dialect) => {
  let s: TestServer
  let office: string
  let finance: string
  let warehouse: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
    warehouse = (await loginAs(s.baseUrl, 'warehouse', '123456')).access_token
  })
  afterAll(() => s?.close())

  const options = (op: string) => `/api/blade-tkfee/feeOption/${op}`
  const fees = (op: string) => `/api/blade-tkfee/TKFee/${op}`
  const select = async (token = office) => {
    const r = await call(s.baseUrl, 'GET', options('select'), { token })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as FeeOptionRow[]
  }
  const commission = async () => (await select()).find((o) => o.feeOptionEn === 'Commission fee')!
  const feeCount = async () => (await s.db.selectFrom('dmrTkFee').select('id').execute()).length
  const refusedFee = async (json: Record<string, unknown>, message: string, token = office) => {
    const before = await feeCount()
    const r = await call(s.baseUrl, 'POST', fees('submit'), { token, json })
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body).toMatchObject({ code: 400, success: false })
    expect(r.body.msg).toContain(message)
    expect(await feeCount()).toBe(before)
  }

  describe('fee options', () => {
    it('are seeded with both names, and the select answers both for the label in the UI language', async () => {
      const all = await select()
      expect(all.map((o) => o.feeOptionEn)).toEqual(
        expect.arrayContaining([
          'Commission fee',
          'Transaction fee',
          'Shipping fee',
          'Affiliate commission',
        ]),
      )
      expect(await commission()).toMatchObject({
        feeOptionEn: 'Commission fee',
        feeOprionCn: '平台佣金',
      })
      const page = await call(s.baseUrl, 'GET', options('page'), {
        token: office,
        query: { feeOprionCn_like: '佣金' },
      })
      expect(page.body.data.records.map((o: FeeOptionRow) => o.feeOprionCn).sort()).toEqual([
        '平台佣金',
        '达人佣金',
      ])
    })

    it('need a name in at least one language; one language alone is enough', async () => {
      const r = await call(s.baseUrl, 'POST', options('submit'), {
        token: office,
        json: { feeExplanEn: 'no name' },
      })
      expect(r.status).toBe(400)
      expect(r.body.msg).toContain(MSG_FEE_OPTION_NAME)
      const en = await call(s.baseUrl, 'POST', options('submit'), {
        token: office,
        json: { feeOptionEn: 'Only English' },
      })
      expect(en.status, JSON.stringify(en.body)).toBe(200)
      const cleared = await call(s.baseUrl, 'POST', options('submit'), {
        token: office,
        json: { id: en.body.data.id, feeOptionEn: '' },
      })
      expect(cleared.status).toBe(400)
      expect((await select()).find((o) => o.id === en.body.data.id)).toMatchObject({
        feeOptionEn: 'Only English',
        feeOprionCn: '',
      })
    })

    it('stay while a live TK fee uses them', async () => {
      const o = await call(s.baseUrl, 'POST', options('submit'), {
        token: office,
        json: { feeOprionCn: '临时费用', feeOptionEn: 'Temporary fee' },
      })
      const fee = await call(s.baseUrl, 'POST', fees('submit'), {
        token: office,
        json: { feeMonth: '2026-02', feeOptionId: o.body.data.id, feeAmount: 1000 },
      })
      expect(fee.status, JSON.stringify(fee.body)).toBe(200)
      const used = await call(s.baseUrl, 'POST', options('remove'), {
        token: office,
        query: { ids: o.body.data.id },
      })
      expect(used.status).toBe(400)
      expect(used.body.msg).toContain(MSG_FEE_OPTION_USED)
      expect(
        (
          await call(s.baseUrl, 'POST', fees('remove'), {
            token: office,
            query: { ids: fee.body.data.id },
          })
        ).status,
      ).toBe(200)
      expect(
        (
          await call(s.baseUrl, 'POST', options('remove'), {
            token: office,
            query: { ids: o.body.data.id },
          })
        ).status,
      ).toBe(200)
    })
  })

  describe('TK fees', () => {
    it('are stored, listed by month range and fee option, and exported', async () => {
      const option = await commission()
      const r = await call(s.baseUrl, 'POST', fees('submit'), {
        token: office,
        json: {
          feeMonth: '2026-03',
          feeOptionId: option.id,
          orderId: '578123456789012345',
          feeAmount: 245000,
          remark: 'March commission',
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      // A reversal (returned order) is a negative fee.
      const credit = await call(s.baseUrl, 'POST', fees('submit'), {
        token: office,
        json: { feeMonth: '2026-04', feeOptionId: option.id, feeAmount: -15000.5 },
      })
      expect(credit.status, JSON.stringify(credit.body)).toBe(200)
      const march = await call(s.baseUrl, 'GET', fees('list'), {
        token: office,
        query: { feeMonth_between: '2026-03,2026-03', feeOptionId_equal: option.id },
      })
      expect(
        march.body.data.records.map((f: { feeAmount: number; orderId: string }) => [
          Number(f.feeAmount),
          f.orderId,
        ]),
      ).toEqual([[245000, '578123456789012345']])
      const both = await call(s.baseUrl, 'GET', fees('page'), {
        token: office,
        query: { feeMonth_ge: '2026-03', feeMonth_le: '2026-04', descs: 'fee_month' },
      })
      expect(both.body.data.records.map((f: { feeAmount: number }) => Number(f.feeAmount))).toEqual(
        [-15000.5, 245000],
      )
      const file = await fetch(new URL('/api/blade-tkfee/TKFee/export', s.baseUrl), {
        headers: { 'Blade-Auth': `bearer ${finance}` },
      })
      expect(file.status).toBe(200)
    })

    it('a bad month, an unknown or foreign option, no or a zero amount: 400 and nothing written', async () => {
      const option = await commission()
      for (const feeMonth of ['2026-13', '2026/03', '2026-3', 'March', '2026-02-30'])
        await refusedFee({ feeMonth, feeOptionId: option.id, feeAmount: 1 }, '费用月份')
      await refusedFee({ feeOptionId: option.id, feeAmount: 1 }, '请选择费用月份')
      // A whole date names its month.
      const dated = await call(s.baseUrl, 'POST', fees('submit'), {
        token: office,
        json: { feeMonth: '2026-03-01', feeOptionId: option.id, feeAmount: 7 },
      })
      expect(dated.status, JSON.stringify(dated.body)).toBe(200)
      expect(dated.body.data.feeMonth).toBe('2026-03')
      await call(s.baseUrl, 'POST', fees('remove'), {
        token: office,
        query: { ids: dated.body.data.id },
      })
      await refusedFee({ feeMonth: '2026-03', feeAmount: 1 }, '请选择费用选项')
      await refusedFee(
        { feeMonth: '2026-03', feeOptionId: '1234567890123456789', feeAmount: 1 },
        MSG_FEE_OPTION_UNKNOWN,
      )
      await refusedFee({ feeMonth: '2026-03', feeOptionId: option.id }, '费用金额不能为空')
      await refusedFee({ feeMonth: '2026-03', feeOptionId: option.id, feeAmount: 0 }, MSG_FEE_ZERO)
      await refusedFee(
        { feeMonth: '2026-03', feeOptionId: option.id, feeAmount: 'a lot' },
        '费用金额',
      )
      await refusedFee({ feeMonth: '2026-03', feeOptionId: option.id, feeAmount: 2e10 }, '±100 亿')
    })

    it('tenant isolation: another tenant sees none of these fees or options and cannot use them', async () => {
      const option = await commission()
      const fee = await call(s.baseUrl, 'POST', fees('submit'), {
        token: office,
        json: { feeMonth: '2027-01', feeOptionId: option.id, feeAmount: 1 },
      })
      const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: `费用租户${dialect}`, linkman: 'x' },
      })
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId as string))
        .access_token
      expect(await select(other)).toEqual([])
      expect(
        (
          await call(s.baseUrl, 'GET', fees('detail'), {
            token: other,
            query: { id: fee.body.data.id },
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await call(s.baseUrl, 'GET', fees('list'), {
            token: other,
            query: { feeMonth_equal: '2027-01' },
          })
        ).body.data.records,
      ).toEqual([])
      await refusedFee(
        { feeMonth: '2027-01', feeOptionId: option.id, feeAmount: 1 },
        MSG_FEE_OPTION_UNKNOWN,
        other,
      )
    })
  })

  it('office keeps fee options and TK fees; finance keeps TK fees and picks options; warehouse gets 403', async () => {
    const option = await commission()
    expect((await call(s.baseUrl, 'GET', options('list'), { token: office })).status).toBe(200)
    expect((await call(s.baseUrl, 'GET', fees('list'), { token: office })).status).toBe(200)
    expect((await call(s.baseUrl, 'GET', fees('list'), { token: finance })).status).toBe(200)
    expect((await select(finance)).length).toBeGreaterThan(0)
    const byFinance = await call(s.baseUrl, 'POST', fees('submit'), {
      token: finance,
      json: { feeMonth: '2026-05', feeOptionId: option.id, feeAmount: 5000 },
    })
    expect(byFinance.status, JSON.stringify(byFinance.body)).toBe(200)
    // Finance picks fee options but does not manage them.
    expect((await call(s.baseUrl, 'GET', options('list'), { token: finance })).status).toBe(403)
    expect(
      (
        await call(s.baseUrl, 'POST', options('submit'), {
          token: finance,
          json: { feeOptionEn: 'x' },
        })
      ).status,
    ).toBe(403)
    for (const url of [options('list'), options('select'), fees('list'), fees('page')])
      expect((await call(s.baseUrl, 'GET', url, { token: warehouse })).status, url).toBe(403)
    expect(
      (
        await call(s.baseUrl, 'POST', fees('submit'), {
          token: warehouse,
          json: { feeMonth: '2026-05', feeOptionId: option.id, feeAmount: 5000 },
        })
      ).status,
    ).toBe(403)
  })
})
