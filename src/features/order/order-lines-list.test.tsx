// "What sold" against a mocked server: the lines and the sums of the searched SKU, and the export of
// the same filters (no paging) as xlsx; without the order's view or export button there is no export.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { OrderLinesList } from './order-lines-list'

const calls: { path: string; query: Record<string, string> }[] = []
const LINE = {
  id: '1',
  orderId: '9',
  orderNo: 'OL-1',
  orderTime: '2031-05-01 09:00:00',
  lineNo: 1,
  skuNo: 'NON-LA',
  name: 'Nón lá',
  quantity: 2,
  unitPrice: 100000,
  amount: 200000,
}

setupMsw(
  http.get(`${API}/dmrOrder/orderList`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    calls.push({ path: 'list', query })
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        records: [LINE],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
        sumQuantity: 2,
        sumAmount: 200000,
      },
    })
  }),
  http.get(`${API}/dmrOrder/orderList/export`, ({ request }) => {
    calls.push({ path: 'export', query: Object.fromEntries(new URL(request.url).searchParams) })
    return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    })
  }),
)

beforeEach(() => {
  calls.length = 0
  localStorage.clear()
  sessionStore.reload()
  signIn()
})

it('lists the lines with their sums and exports the searched SKU without paging', async () => {
  sessionStore.setPermission({ order_view: true })
  const u = userEvent.setup({ delay: null })
  URL.createObjectURL = vi.fn(() => 'blob:lines')
  URL.revokeObjectURL = vi.fn()
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  renderScreen(OrderLinesList)
  const table = await screen.findByRole('table', { name: '销售明细' })
  await within(table).findByText('OL-1')
  expect(screen.getByLabelText('销售合计').textContent).toBe('合计数量 2，合计金额 200,000 ₫')

  await u.type(screen.getByLabelText('SKU编号'), 'non')
  await u.click(screen.getByRole('button', { name: '搜索' }))
  await waitFor(() =>
    expect(calls.at(-1)?.query).toEqual({ skuNo_like: 'non', current: '1', size: '10' }),
  )
  await u.click(screen.getByRole('button', { name: '导出' }))
  await waitFor(() => expect(click).toHaveBeenCalledOnce())
  expect(calls.find((c) => c.path === 'export')?.query).toEqual({ skuNo_like: 'non' })
  expect((await screen.findByRole('status')).textContent).toContain('已导出 1 条')
})

it('offers no export without the order view or export button', async () => {
  sessionStore.setPermission({ order_add: true })
  renderScreen(OrderLinesList)
  await within(await screen.findByRole('table', { name: '销售明细' })).findByText('OL-1')
  expect(screen.queryByRole('button', { name: '导出' })).toBeNull()
})
