// The tablet counting screen against the real outbox (fake-indexeddb) and an msw server: every
// line is an outbox row of the count's client id and this device; undo discards a queued line or
// removes a sent one; totals follow; a wedge scan (SKU + Enter) adds a line; finish syncs; a
// reload offline shows the lines from the outbox.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/crud/test-utils'
import { db } from '@/offline/db'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { deviceId } from '../device-id'
import CountScreen from './count-screen'
import { finishedCounts } from './finished-counts'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const sent: { path: string; body: Record<string, unknown>; key: string | null }[] = []
let offline = false

setupMsw(
  mock.get(`${API}/blade-system/dict-biz/child-list`, () => ok({ records: [{ dictKey: 'dmr', dictValue: 'DMR' }, { dictKey: 'lumi', dictValue: 'Lumi' }], total: 2 })),
  mock.get(`${API}/stockTaking/select`, () => (offline ? HttpResponse.error() : ok([]))),
  mock.get(`${API}/stockDetail/list`, () => (offline ? HttpResponse.error() : ok({ records: [], total: 0, size: 500, current: 1, pages: 0 }))),
  mock.get(`${API}/stockDetail/total/list`, () => ok({ records: [{ skuNo: 'SKU-A', productQuantity: 4 }, { skuNo: 'SKU-B', productQuantity: 2 }], total: 2 })),
  mock.post(`${API}/:entity/:op`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>
    sent.push({ path: `${String(params.entity)}/${String(params.op)}`, body, key: request.headers.get('Idempotency-Key') })
    return ok({ ...body, version: 1 })
  }),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  sent.length = 0
  offline = false
  await resetOfflineDb()
  signIn()
})

const lines = async () => (await db.outbox.orderBy('seq').toArray()).filter((r) => r.entity === 'stockDetail')
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
    expect(count).toMatchObject({ op: 'submit', api: '/stockTaking', payload: { brandId: 'lumi', checkDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } })

    const sku = screen.getByRole('combobox', { name: 'SKU编号' })
    // A keyboard-wedge scanner: the code typed into the focused field, then Enter.
    await u.type(sku, 'SKU-A{Enter}')
    await waitFor(() => expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SKU-A × 1'))
    await u.type(screen.getByRole('textbox', { name: '库位' }), 'B-02')
    await u.click(screen.getByRole('button', { name: '增加数量' }))
    await u.click(screen.getByRole('button', { name: '增加数量' }))
    await u.type(sku, 'SKU-B{Enter}')
    await waitFor(() => expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SKU-B × 3'))
    await u.type(sku, 'SKU-A')
    await u.click(screen.getByRole('button', { name: '添加' }))
    await waitFor(() => expect(stat('count-lines')).toBe('3'))

    const rows = await lines()
    expect(rows.map((r) => [r.payload.skuNo, r.payload.productQuantity, r.payload.warehousePosition])).toEqual([['SKU-A', 1, ''], ['SKU-B', 3, 'B-02'], ['SKU-A', 1, 'B-02']])
    for (const r of rows) expect(r).toMatchObject({ op: 'submit', api: '/stockDetail', dependsOn: [count.clientId], payload: { dmrStockId: count.clientId, deviceId: deviceId() } })
    expect(deviceId()).toMatch(/^dev-/)
    expect([stat('count-quantity'), stat('count-skus')]).toEqual(['5', '2'])

    await u.click(screen.getByRole('button', { name: '撤销上一行' }))
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    expect((await lines()).map((r) => r.payload.skuNo)).toEqual(['SKU-A', 'SKU-B'])
    expect((await db.outbox.toArray()).some((r) => r.op === 'remove')).toBe(false)
    expect([stat('count-quantity'), stat('count-skus')]).toEqual(['4', '2'])
    expect(sent).toEqual([])
  }, 20_000)

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
    expect((await lines()).map((r) => [r.op, r.clientId])).toEqual([['submit', line!.clientId], ['remove', line!.clientId]])
  }, 20_000)

  it('refuses an empty SKU with the declaration message and writes nothing', async () => {
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await startCount(u)
    await u.type(screen.getByRole('combobox', { name: 'SKU编号' }), '{Enter}')
    expect((await screen.findByText('SKU编号不能为空')).closest('[role="alert"]')).toBeTruthy()
    expect(await lines()).toEqual([])
  }, 20_000)

  it('finish marks the count finished here and sends the queue: the count before its lines', async () => {
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
    expect(finishedCounts().has(count.clientId)).toBe(true)
    await waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(sent.map((s) => [s.path, s.body.id])).toEqual([['stockTaking/submit', count.clientId], ['stockDetail/submit', expect.any(String)]])
    expect(sent[1]!.body).toMatchObject({ dmrStockId: count.clientId, skuNo: 'SKU-A', productQuantity: 1 })
    expect(new Set(sent.map((s) => s.key)).size).toBe(2)
  }, 20_000)

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
    await u.click(await screen.findByRole('button', { name: new RegExp(`继续盘点 ${count.payload.checkDate as string}`) }))
    await waitFor(() => expect(stat('count-lines')).toBe('2'))
    expect(within(screen.getByTestId('count-line-list')).getAllByText('待同步')).toHaveLength(2)
  }, 20_000)
})
