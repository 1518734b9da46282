// The tablet counting screen against the real outbox (fake-indexeddb) and an msw server: every
// line is an outbox row of the count's client id and this device; undo discards a queued line or
// removes a sent one; totals follow; a wedge scan (SKU + Enter) adds a line; finish is an update of
// the count queued after this device's lines; a finished count is read-only and can be reopened
// by whoever may edit counts; lines refused because the count was finished elsewhere stay in the
// outbox; a reload offline shows the lines from the outbox.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { db } from '@/offline/db'
import { eligible } from '@/offline/replay'
import { syncNow } from '@/offline/sync-engine'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { deviceId } from '../device-id'
import CountScreen from './count-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const sent: { path: string; body: Record<string, unknown>; key: string | null }[] = []
let offline = false
/** The server's counts (GET /stockTaking/select). */
let serverCounts: Record<string, unknown>[] = []
/** The server refuses line writes as it does for a finished count. */
let linesRefused = false
const FINISHED = '盘点已完成，不能再修改明细'
const PRODUCTS = [
  { skuNo: 'SKU-A', productName: 'Áo dài đỏ', itemNumber: 'AD2026' },
  ...['SKU-B', 'SKU-C', 'SKU-R', 'SKU-LATE'].map((skuNo) => ({
    skuNo,
    productName: skuNo,
    itemNumber: '',
  })),
]

setupMsw(
  mock.get(`${API}/blade-system/dict-biz/child-list`, () =>
    ok({
      records: [
        { dictKey: 'dmr', dictValue: 'DMR' },
        { dictKey: 'lumi', dictValue: 'Lumi' },
      ],
      total: 2,
    }),
  ),
  mock.get(`${API}/stockTaking/select`, () => (offline ? HttpResponse.error() : ok(serverCounts))),
  mock.get(`${API}/stockDetail/list`, () =>
    offline ? HttpResponse.error() : ok({ records: [], total: 0, size: 500, current: 1, pages: 0 }),
  ),
  // The SKU suggestions also read the product list: SKU-A's item number becomes its line's style
  // number; the others are products without one (a SKU the list lacks is asked about: count-guards.test.tsx).
  mock.get(`${API}/product/product/list`, () =>
    ok({ records: PRODUCTS, total: PRODUCTS.length, size: 100, current: 1, pages: 1 }),
  ),
  mock.get(`${API}/stockDetail/total/list`, () =>
    ok({
      records: [
        { skuNo: 'SKU-A', productQuantity: 4 },
        { skuNo: 'SKU-B', productQuantity: 2 },
      ],
      total: 2,
    }),
  ),
  mock.post(`${API}/:entity/:op`, async ({ request, params }) => {
    if (offline) return HttpResponse.error()
    const body = (await request.json()) as Record<string, unknown>
    if (linesRefused && params.entity === 'stockDetail')
      return HttpResponse.json(
        { code: 400, success: false, data: {}, msg: FINISHED },
        { status: 400 },
      )
    sent.push({
      path: `${String(params.entity)}/${String(params.op)}`,
      body,
      key: request.headers.get('Idempotency-Key'),
    })
    return ok({ ...body, version: 1 })
  }),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  sent.length = 0
  offline = false
  serverCounts = []
  linesRefused = false
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({
    stock_taking_view: true,
    stock_taking_add: true,
    stock_taking_edit: true,
  })
})

const lines = async () =>
  (await db.outbox.orderBy('seq').toArray()).filter((r) => r.entity === 'stockDetail')
const stat = (id: string) => screen.getByTestId(id).textContent

async function startCount(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('combobox', { name: '品牌' }))
  await u.click(await screen.findByRole('option', { name: 'Lumi' }))
  await u.click(screen.getByRole('button', { name: '开始盘点' }))
  await screen.findByRole('combobox', { name: 'SKU编号' })
  const [count] = (await db.outbox.toArray()).filter((r) => r.entity === 'stockTaking')
  return count!
}

describe('stock count screen', () => {
  it('counts 3 lines as 3 outbox rows of the count and this device, undoes the last, keeps totals', async () => {
    const u = userEvent.setup()
    renderScreen(CountScreen)
    const count = await startCount(u)
    expect(count).toMatchObject({
      op: 'submit',
      api: '/stockTaking',
      payload: { brandId: 'lumi', checkDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    })

    const sku = screen.getByRole('combobox', { name: 'SKU编号' })
    // A keyboard-wedge scanner: the code typed into the focused field, then Enter.
    await u.type(sku, 'SKU-A{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SKU-A × 1'),
    )
    await u.type(screen.getByRole('textbox', { name: '库位' }), 'B-02')
    await u.click(screen.getByRole('button', { name: '增加数量' }))
    await u.click(screen.getByRole('button', { name: '增加数量' }))
    await u.type(sku, 'SKU-B{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SKU-B × 3'),
    )
    await u.type(sku, 'SKU-A')
    // The product list has arrived: the suggestion names the product.
    await screen.findByText(/Áo dài đỏ/)
    await u.click(screen.getByRole('button', { name: '添加' }))
    await waitFor(() => expect(stat('count-lines')).toBe('3'))

    const rows = await lines()
    expect(
      rows.map((r) => [r.payload.skuNo, r.payload.productQuantity, r.payload.warehousePosition]),
    ).toEqual([
      ['SKU-A', 1, ''],
      ['SKU-B', 3, 'B-02'],
      ['SKU-A', 1, 'B-02'],
    ])
    for (const r of rows)
      expect(r).toMatchObject({
        op: 'submit',
        api: '/stockDetail',
        dependsOn: [count.clientId],
        payload: { dmrStockId: count.clientId, deviceId: deviceId() },
      })
    // A product's item number goes with its line; a product without one has none.
    expect([rows[1]!.payload.productStyleNo, rows[2]!.payload.productStyleNo]).toEqual([
      undefined,
      'AD2026',
    ])
    expect(deviceId()).toMatch(/^dev-/)
    expect([stat('count-quantity'), stat('count-skus')]).toEqual(['5', '2'])

    await u.click(screen.getByRole('button', { name: '撤销上一行' }))
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    expect((await lines()).map((r) => r.payload.skuNo)).toEqual(['SKU-A', 'SKU-B'])
    expect((await db.outbox.toArray()).some((r) => r.op === 'remove')).toBe(false)
    expect([stat('count-quantity'), stat('count-skus')]).toEqual(['4', '2'])
    expect(sent).toEqual([])
  })

  it('undo of a line that may have reached the server queues its remove', async () => {
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await startCount(u)
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), 'SKU-C{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('1'))
    const [line] = await lines()
    // Tried once, no answer: the server may have it.
    await db.outbox.update(line!.key, { attempts: 1 })
    await u.click(screen.getByRole('button', { name: '撤销上一行' }))
    await waitFor(() => expect(stat('count-lines')).toBe('0'))
    expect((await lines()).map((r) => [r.op, r.clientId])).toEqual([
      ['submit', line!.clientId],
      ['remove', line!.clientId],
    ])
  })

  it('refuses an empty SKU with the declaration message and writes nothing', async () => {
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await startCount(u)
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), '{Enter}')
    expect((await screen.findByText('SKU编号不能为空')).closest('[role="alert"]')).toBeTruthy()
    expect(await lines()).toEqual([])
  })

  it('finish, confirmed in a dialog, is an update of the count sent after its lines; the count moves to the finished list', async () => {
    const u = userEvent.setup()
    renderScreen(CountScreen)
    const count = await startCount(u)
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), 'SKU-A{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('1'))
    await u.click(screen.getByRole('button', { name: '完成盘点' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('共 1 行，总数量 1，SKU 1 个。')).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '确认完成' }))
    await screen.findByRole('button', { name: '开始盘点' })
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(sent.map((s) => [s.path, s.body.id])).toEqual([
      ['stockTaking/submit', count.clientId],
      ['stockDetail/submit', expect.any(String)],
      ['stockTaking/update', count.clientId],
    ])
    expect(sent[1]!.body).toMatchObject({
      dmrStockId: count.clientId,
      skuNo: 'SKU-A',
      productQuantity: 1,
    })
    // The finish carries the version the count's create answered.
    expect(sent[2]!.body).toEqual({ id: count.clientId, countStatus: 1, version: 1 })
    expect(new Set(sent.map((s) => s.key)).size).toBe(3)
    expect(localStorage.getItem('vn-admin:finished-counts')).toBeNull()
  })

  it('finished offline: queued after the lines, listed as finished and read-only; back online the lines land before the finish', async () => {
    offline = true
    const u = userEvent.setup()
    renderScreen(CountScreen)
    const count = await startCount(u)
    const sku = screen.getByRole('combobox', { name: 'SKU编号' })
    await u.type(sku, 'SKU-A{Enter}')
    await u.type(sku, 'SKU-B{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    await u.click(screen.getByRole('button', { name: '完成盘点' }))
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认完成' }),
    )

    const lineIds = (await lines()).map((r) => r.clientId)
    const finish = (await db.outbox.orderBy('seq').toArray()).find(
      (r) => r.entity === 'stockTaking' && r.op === 'update',
    )!
    expect(finish).toMatchObject({
      clientId: count.clientId,
      payload: { countStatus: 1 },
      baseVersion: null,
      dependsOn: lineIds,
    })
    // The start screen lists it apart from the counting ones, and opening it shows it read-only.
    expect(await screen.findByText('没有未完成的盘点')).toBeTruthy()
    const listed = within(screen.getByTestId('counts-finished')).getByRole('button', {
      name: new RegExp(`^查看盘点 ${count.payload.checkDate as string}`),
    })
    expect(within(listed).getByText('待同步')).toBeTruthy()
    await u.click(listed)
    expect((await screen.findByTestId('count-finished')).textContent).toContain(FINISHED)
    expect(stat('count-lines')).toBe('2')
    expect(screen.queryByRole('combobox', { name: 'SKU编号' })).toBeNull()
    expect(screen.queryByRole('button', { name: '完成盘点' })).toBeNull()
    expect(screen.queryByRole('button', { name: '撤销上一行' })).toBeNull()
    expect(screen.getByRole('button', { name: '重新打开盘点' })).toBeTruthy()

    offline = false
    await syncNow()
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(sent.map((s) => s.path)).toEqual([
      'stockTaking/submit',
      'stockDetail/submit',
      'stockDetail/submit',
      'stockTaking/update',
    ])
    expect(
      sent
        .slice(1, 3)
        .map((s) => s.body.id)
        .sort(),
    ).toEqual([...lineIds].sort())
    expect(sent[3]!.body).toEqual({ id: count.clientId, countStatus: 1, version: 1 })
  })

  it('a count finished on the server is read-only; reopen queues a submit on its version that later lines wait for', async () => {
    serverCounts = [
      {
        id: '5001',
        checkDate: '2026-02-01',
        brandId: 'dmr',
        stockTotal: 3,
        countStatus: 1,
        finishTime: '2026-02-01 18:00:00',
        version: 4,
      },
    ]
    offline = false
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('button', { name: '查看盘点 2026-02-01 DMR' }))
    expect((await screen.findByTestId('count-finished')).textContent).toContain(
      '完成时间：2026-02-01 18:00:00',
    )
    expect(screen.queryByRole('combobox', { name: 'SKU编号' })).toBeNull()

    offline = true
    await u.click(screen.getByRole('button', { name: '重新打开盘点' }))
    await screen.findByRole('combobox', { name: 'SKU编号' })
    expect(screen.queryByTestId('count-finished')).toBeNull()
    expect(screen.getByRole('button', { name: '完成盘点' })).toBeTruthy()
    const [reopen] = await db.outbox.toArray()
    expect(reopen).toMatchObject({
      entity: 'stockTaking',
      op: 'submit',
      clientId: '5001',
      payload: { countStatus: 0 },
      baseVersion: 4,
    })

    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), 'SKU-R{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('1'))
    // The replay sends the reopen first: the line references the count and waits for it.
    const queued = await db.outbox.orderBy('seq').toArray()
    expect(eligible(queued, Date.now()).map((r) => r.key)).toEqual([reopen!.key])
    expect(eligible(queued.slice(1), Date.now()).map((r) => r.entity)).toEqual(['stockDetail'])
  })

  it('reopening a finish not sent yet just drops it; without the edit button there is no finish or reopen', async () => {
    offline = true
    const u = userEvent.setup()
    const first = renderScreen(CountScreen)
    const count = await startCount(u)
    await u.click(screen.getByRole('button', { name: '完成盘点' }))
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认完成' }),
    )
    await u.click(
      await screen.findByRole('button', {
        name: new RegExp(`^查看盘点 ${count.payload.checkDate as string}`),
      }),
    )
    await u.click(await screen.findByRole('button', { name: '重新打开盘点' }))
    await screen.findByRole('combobox', { name: 'SKU编号' })
    expect((await db.outbox.toArray()).map((r) => [r.entity, r.op])).toEqual([
      ['stockTaking', 'submit'],
    ])
    first.unmount()

    sessionStore.setPermission({ stock_taking_view: true, stock_taking_add: true })
    serverCounts = [
      {
        id: '5003',
        checkDate: '2026-02-03',
        brandId: 'dmr',
        countStatus: 1,
        finishTime: '2026-02-03 09:00:00',
        version: 2,
      },
    ]
    offline = false
    renderScreen(CountScreen)
    await u.click(
      await screen.findByRole('button', {
        name: new RegExp(`^继续盘点 ${count.payload.checkDate as string}`),
      }),
    )
    await screen.findByRole('combobox', { name: 'SKU编号' })
    expect(screen.queryByRole('button', { name: '完成盘点' })).toBeNull()
    await u.click(screen.getByRole('button', { name: '返回' }))
    await u.click(await screen.findByRole('button', { name: '查看盘点 2026-02-03 DMR' }))
    await screen.findByTestId('count-finished')
    expect(screen.queryByRole('button', { name: '重新打开盘点' })).toBeNull()
  })

  it('lines refused because the count was finished on another tablet stay in the outbox, rejected with the server message', async () => {
    serverCounts = [
      {
        id: '5002',
        checkDate: '2026-02-02',
        brandId: 'dmr',
        stockTotal: 0,
        countStatus: 0,
        finishTime: '',
        version: 1,
      },
    ]
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('button', { name: '继续盘点 2026-02-02 DMR' }))
    await u.type(await screen.findByRole('combobox', { name: 'SKU编号' }), 'SKU-LATE{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('1'))
    // Meanwhile another tablet finished the count.
    serverCounts = [
      { ...serverCounts[0], countStatus: 1, finishTime: '2026-02-02 17:00:00', version: 2 },
    ]
    linesRefused = true
    await syncNow()
    await waitFor(async () =>
      expect((await lines()).map((r) => [r.state, r.lastError])).toEqual([['rejected', FINISHED]]),
    )
    expect((await lines())[0]!.payload).toMatchObject({ dmrStockId: '5002', skuNo: 'SKU-LATE' })
    expect((await screen.findByTestId('count-rejected')).textContent).toContain(FINISHED)
    // The refusal makes the screen read the counts again: the count shows finished.
    expect((await screen.findByTestId('count-finished')).textContent).toContain(
      '完成时间：2026-02-02 17:00:00',
    )
    expect(within(screen.getByTestId('count-line-list')).getByText('被拒绝')).toBeTruthy()
  })

  it('after a reload offline, the count and its lines come from the outbox', async () => {
    const u = userEvent.setup()
    const first = renderScreen(CountScreen)
    const count = await startCount(u)
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), 'SKU-A{Enter}')
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), 'SKU-B{Enter}')
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    first.unmount()
    offline = true
    renderScreen(CountScreen)
    // The open count is listed from the outbox, with its pending marker.
    await u.click(
      await screen.findByRole('button', {
        name: new RegExp(`继续盘点 ${count.payload.checkDate as string}`),
      }),
    )
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    expect(within(screen.getByTestId('count-line-list')).getAllByText('待同步')).toHaveLength(2)
  })
})
