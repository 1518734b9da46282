// The counting screen's field guards against the real outbox (fake-indexeddb) and an msw server: a
// SKU the cached product list lacks asks first, and confirmed, its line is queued marked unknown and
// shows the mark (as does a stored line the server marked); "re-enter" queues nothing; a product's
// SKU is added at once. Starting a count of a brand and date that has an open count offers to
// continue that one instead of queuing a second. A typed SKU not yet added is not dropped by 返回
// without asking.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { db } from '@/offline/db'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import CountScreen from './count-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
let serverCounts: Record<string, unknown>[] = []
let serverLines: Record<string, unknown>[] = []
let productsServed = 0

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
  mock.get(`${API}/stockTaking/select`, () => ok(serverCounts)),
  mock.get(`${API}/stockDetail/list`, () =>
    ok({ records: serverLines, total: serverLines.length, size: 500, current: 1, pages: 1 }),
  ),
  mock.get(`${API}/product/product/list`, () => {
    productsServed++
    return ok({
      records: [{ skuNo: 'SKU-A', productName: 'Áo dài đỏ', itemNumber: 'AD2026' }],
      total: 1,
      size: 100,
      current: 1,
      pages: 1,
    })
  }),
  mock.get(`${API}/stockDetail/total/list`, () => ok({ records: [], total: 0 })),
  // Offline for writes: what is queued stays in the outbox to be read.
  mock.post(`${API}/:entity/:op`, () => HttpResponse.error()),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  serverCounts = []
  serverLines = []
  productsServed = 0
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({
    stock_taking_view: true,
    stock_taking_add: true,
    stock_taking_edit: true,
  })
})

const queuedLines = async () =>
  (await db.outbox.orderBy('seq').toArray()).filter((r) => r.entity === 'stockDetail')
const OPEN = {
  id: '7001',
  checkDate: '2026-05-01',
  brandId: 'lumi',
  stockTotal: 12,
  countStatus: 0,
  version: 1,
}

describe('stock count guards', () => {
  it('a SKU the product list lacks asks first; confirmed, its line is marked unknown; a product is added at once', async () => {
    serverCounts = [OPEN]
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('button', { name: '继续盘点 2026-05-01 Lumi' }))
    const sku = await screen.findByRole('combobox', { name: 'SKU编号' })
    await waitFor(() => expect(productsServed).toBeGreaterThan(0))

    await u.type(sku, 'SHELF-NEW{Enter}')
    let dialog = await screen.findByRole('dialog', { name: '未知SKU' })
    expect(dialog.textContent).toContain(
      'SKU SHELF-NEW 不在商品列表中（商品资料可能尚未录入）。仍然添加并标记为未知SKU？',
    )
    expect(await queuedLines()).toEqual([])
    await u.click(within(dialog).getByRole('button', { name: '重新输入' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await queuedLines()).toEqual([])

    await u.type(sku, '{Enter}')
    dialog = await screen.findByRole('dialog', { name: '未知SKU' })
    await u.click(within(dialog).getByRole('button', { name: '仍然添加' }))
    await waitFor(() =>
      expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SHELF-NEW × 1'),
    )
    const [unknown] = await queuedLines()
    expect(unknown!.payload).toMatchObject({
      dmrStockId: '7001',
      skuNo: 'SHELF-NEW',
      skuUnknown: true,
    })
    const list = await screen.findByTestId('count-line-list')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('sku-unknown')
          .map((b) => b.closest('tr')?.textContent),
      ).toEqual([expect.stringContaining('SHELF-NEW')]),
    )

    await u.type(sku, 'SKU-A{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('count-saved').textContent).toBe('已保存到本设备：SKU-A × 1'),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    const lines = await queuedLines()
    expect(lines.map((l) => [l.payload.skuNo, l.payload.skuUnknown])).toEqual([
      ['SHELF-NEW', true],
      ['SKU-A', undefined],
    ])
    await waitFor(() =>
      expect(within(screen.getByTestId('count-line-list')).getAllByRole('row')).toHaveLength(3),
    )
    expect(
      within(screen.getByTestId('count-line-list')).getAllByTestId('sku-unknown'),
    ).toHaveLength(1)
  })

  it('a stored line the server marked unknown shows the mark', async () => {
    serverCounts = [OPEN]
    serverLines = [
      {
        id: '8001',
        dmrStockId: '7001',
        skuNo: 'SHELF-OLD',
        productQuantity: 2,
        skuUnknown: true,
        createTime: '2026-05-01 09:00:00',
      },
      {
        id: '8002',
        dmrStockId: '7001',
        skuNo: 'SKU-A',
        productQuantity: 10,
        skuUnknown: false,
        createTime: '2026-05-01 09:01:00',
      },
    ]
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('button', { name: '继续盘点 2026-05-01 Lumi' }))
    const list = await screen.findByTestId('count-line-list')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('sku-unknown')
          .map((b) => b.closest('tr')?.textContent),
      ).toEqual([expect.stringContaining('SHELF-OLD')]),
    )
  })

  it('starting a count of a brand and date with an open count offers to continue it and queues nothing', async () => {
    serverCounts = [OPEN]
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('combobox', { name: '品牌' }))
    await u.click(await screen.findByRole('option', { name: 'Lumi' }))
    fireEvent.change(screen.getByLabelText(/盘点日期/), { target: { value: '2026-05-01' } })
    await u.click(screen.getByRole('button', { name: '开始盘点' }))
    const offer = await screen.findByTestId('count-open-offer')
    expect(offer.textContent).toContain('该品牌在这一天已有未完成的盘点')
    expect(offer.textContent).toContain('Lumi 2026-05-01 的盘点尚未完成（盘点总数 12）')
    expect(await db.outbox.count()).toBe(0)

    // Another date is another count: no offer.
    fireEvent.change(screen.getByLabelText(/盘点日期/), { target: { value: '2026-05-02' } })
    expect(screen.queryByTestId('count-open-offer')).toBeNull()
    fireEvent.change(screen.getByLabelText(/盘点日期/), { target: { value: '2026-05-01' } })
    await u.click(screen.getByRole('button', { name: '开始盘点' }))
    await u.click(
      within(await screen.findByTestId('count-open-offer')).getByRole('button', {
        name: '继续该盘点',
      }),
    )
    await screen.findByRole('combobox', { name: 'SKU编号' })
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('2026-05-01 Lumi')
    expect(await db.outbox.count()).toBe(0)
  })

  it('返回 with a typed SKU not yet added asks first; kept, the SKU is still there; discarded, the start screen shows', async () => {
    serverCounts = [OPEN]
    const u = userEvent.setup()
    renderScreen(CountScreen)
    await u.click(await screen.findByRole('button', { name: '继续盘点 2026-05-01 Lumi' }))
    const sku = await screen.findByRole('combobox', { name: 'SKU编号' })
    await u.type(sku, 'SKU-A')
    await u.click(screen.getByRole('button', { name: '返回' }))
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '继续编辑' },
      ),
    )
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).toBeNull(),
    )
    expect((screen.getByRole('combobox', { name: 'SKU编号' }) as HTMLInputElement).value).toBe(
      'SKU-A',
    )
    await u.click(screen.getByRole('button', { name: '返回' }))
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '放弃' },
      ),
    )
    expect(await screen.findByRole('button', { name: '继续盘点 2026-05-01 Lumi' })).toBeTruthy()
    expect(await queuedLines()).toEqual([])
  })
})
