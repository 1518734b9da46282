// Export and import files over real HTTP on SQLite and PostgreSQL, read back with exceljs: the
// export's `columns` and `ids` parameters (and today's file without them), the order export's sheet
// of item lines, and an import template's example row (imported back as it is) and notes sheet.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../tests/support/http.ts'
import { uploadFile } from '../../tests/support/import-files.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { exportFieldsOf } from '../../src/domain/entity.ts'
import { sourceText } from '../../src/domain/messages.ts'
import { order as orderDef } from '../../src/domain/order/order.ts'

type Sheet = { name: string; rows: unknown[][] }

async function sheetsOf(res: Response): Promise<Sheet[]> {
  expect(res.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(await res.arrayBuffer())
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = []
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    return { name: ws.name, rows }
  })
}

forEachDatabase('export choices and import templates', (dialect) => {
  let s: TestServer
  let office: string
  let finance: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    office = (await loginAs(s.baseUrl, 'office', '123456')).access_token
    finance = (await loginAs(s.baseUrl, 'finance', '123456')).access_token
  })
  afterAll(() => s?.close())

  const download = (path: string, query: Record<string, string>, token: string) => {
    const url = new URL(`/api${path}`, s.baseUrl)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    return fetch(url, { headers: { 'Blade-Auth': `bearer ${token}` } })
  }
  const order = async (
    orderNo: string,
    items: { skuNo: string; quantity: number; unitPrice: number }[],
  ) => {
    const r = await call(s.baseUrl, 'POST', '/api/dmrOrder/submit', {
      token: office,
      json: {
        orderNo,
        orderTime: '2026-03-08 10:30:00',
        channel: 'tiktok_shop',
        orderStatus: 'paid',
        buyerName: 'Nguyễn Văn A',
        items,
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { id: string }
  }

  it('writes the chosen columns of the chosen rows, in their order, and the orders’ item lines on a second sheet', async () => {
    const a = await order('EXP-A', [{ skuNo: 'DMR-AO-DAI-S-RED', quantity: 2, unitPrice: 850000 }])
    const b = await order('EXP-B', [
      { skuNo: 'DMR-NON-LA-01', quantity: 1, unitPrice: 120000 },
      { skuNo: 'DMR-AO-DAI-S-RED', quantity: 1, unitPrice: 850000 },
    ])
    await order('EXP-C', [{ skuNo: 'DMR-NON-LA-01', quantity: 3, unitPrice: 120000 }])
    const [main, lines, ...rest] = await sheetsOf(
      await download(
        '/dmrOrder/export',
        { columns: 'orderAmount,orderNo', ids: `${b.id},${a.id}` },
        office,
      ),
    )
    expect(rest).toEqual([])
    // 120 000 + 850 000 = 970 000; 2 × 850 000 = 1 700 000.
    expect(main!.rows).toEqual([
      ['订单金额', '订单号'],
      [970000, 'EXP-B'],
      [1700000, 'EXP-A'],
    ])
    expect(lines!.name).toBe('商品明细')
    expect(lines!.rows).toEqual([
      ['订单号', 'SKU编号', '商品名称', '数量', '单价', '金额'],
      ['EXP-B', 'DMR-NON-LA-01', expect.any(String), 1, 120000, 120000],
      ['EXP-B', 'DMR-AO-DAI-S-RED', expect.any(String), 1, 850000, 850000],
      ['EXP-A', 'DMR-AO-DAI-S-RED', expect.any(String), 2, 850000, 1700000],
    ])
  })

  it('without columns or ids writes every list column of every matching row, as a Blade client expects', async () => {
    const [main, lines] = await sheetsOf(
      await download('/dmrOrder/export', { orderNo: 'EXP-' }, office),
    )
    expect(main!.rows[0]).toEqual(exportFieldsOf(orderDef).map((f) => sourceText(f.label)))
    expect(main!.rows[0]).toEqual(expect.arrayContaining(['订单号', '下单时间', '订单金额']))
    expect(
      main!.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['EXP-A', 'EXP-B', 'EXP-C'])
    expect(
      lines!.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['EXP-A', 'EXP-B', 'EXP-B', 'EXP-C'])
  })

  it('refuses an unknown column, a malformed id and a column the list does not show', async () => {
    const queries: Record<string, string>[] = [
      { columns: 'orderNo,nope' },
      { ids: '12,abc' },
      { columns: 'remark' },
    ]
    for (const query of queries) {
      const r = await call(s.baseUrl, 'GET', '/api/dmrOrder/export', { token: office, query })
      expect(r.status, JSON.stringify(query)).toBe(400)
      expect(r.body).toMatchObject({ code: 400, success: false })
    }
  })

  it('writes nothing for ids the caller may not see', async () => {
    const [main] = await sheetsOf(
      await download(
        '/dmrOrder/export',
        { ids: '1234567890123456789', columns: 'orderNo' },
        office,
      ),
    )
    expect(main!.rows).toEqual([['订单号']])
  })

  it('gives an import template one valid example row and a sheet of notes', async () => {
    const res = await download('/dmr/employee/import-template', {}, finance)
    const bytes = new Uint8Array(await res.clone().arrayBuffer())
    const [template, notes] = await sheetsOf(res)
    const [header, example] = template!.rows as [string[], unknown[]]
    const cell = (h: string) => example[header.indexOf(h)]
    expect(cell('Citizen ID')).toBe('079203001234')
    expect(cell('Hire Date')).toBeInstanceOf(Date)
    expect((cell('Hire Date') as Date).toISOString().slice(0, 10)).toBe('2026-01-15')
    expect(cell('Basic Salary')).toBe(12000000)
    expect(cell('Status')).toBe('在职')
    // The sex dictionary's first option, by its label.
    expect(['男', '女']).toContain(cell('Sex (1 male, 2 female)'))

    expect(notes!.name).toBe('填写说明')
    expect(notes!.rows[0]).toEqual(['列', '必填', '格式', '可选值'])
    const note = (h: string) => notes!.rows.find((r) => r[0] === h)!
    expect(note('Citizen ID').slice(1, 2)).toEqual(['是'])
    expect(note('Chinese Name')[1]).toBe('否')
    expect(note('Hire Date')[2]).toContain('2026-01-15')
    expect(note('Basic Salary')[2]).toMatch(/^数字/)
    expect(note('Status')[3]).toBe('在职（0）、离职（1）')
    expect(note('Sex (1 male, 2 female)')[3]).toMatch(/1 = .+、2 = /)

    // The example row is a row the import accepts.
    const r = await uploadFile(s.baseUrl, '/dmr/employee/import', finance, bytes, 'template.xlsx')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ total: 1, inserted: 1 })
    const row = await s.db
      .selectFrom('dmrEmployee')
      .selectAll()
      .where('dmrEmpIdcard', '=', '079203001234')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      dmrEmpHireDate: '2026-01-15',
      dmrEmpBasicSalary: 12000000,
      dmrEmpStatus: 0,
      dmrEmpSex: cell('Sex (1 male, 2 female)') === '男' ? 1 : 2,
    })
  })
})
