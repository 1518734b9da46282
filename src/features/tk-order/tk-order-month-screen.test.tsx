// The TK order monthly summary screen: the months from the server with their figures, "-" for a rate
// the server has none of (null: no divisor), never NaN or Infinity; the chart's data oldest first.
import { screen, within } from '@testing-library/react'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import { chartData } from './tk-order-month-chart'
import TkOrderMonthScreen from './tk-order-month-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const month = (orderYearMonth: string, extra: Record<string, unknown>) => ({
  orderYearMonth,
  orderTotal: 0,
  orderAmount: 0,
  completedTotal: 0,
  completedAmount: 0,
  refundTotal: 0,
  refundAmount: 0,
  deliveryFailedTotal: 0,
  deliveryFailedAmount: 0,
  cancelByUserTotal: 0,
  cancelByUserAmount: 0,
  cancelBySellerTotal: 0,
  cancelBySellerAmount: 0,
  cancelBySystemTotal: 0,
  cancelBySystemAmount: 0,
  ...extra,
})
const ROWS = [
  // Only cancelled orders: no return rate. Amount 0: no amount rates.
  month('2025-02', {
    orderTotal: 2,
    orderAmount: 0,
    cancelByUserTotal: 2,
    returnRate: null,
    preSaleRefundRate: null,
    afterSaleRefundRate: null,
  }),
  month('2025-01', {
    orderTotal: 6,
    orderAmount: 2500,
    refundTotal: 1,
    deliveryFailedTotal: 1,
    returnRate: 66.67,
    preSaleRefundRate: 60,
    afterSaleRefundRate: 12,
  }),
]
const verbs: string[] = []

setupMsw(
  mock.get(`${API}/tkOrder/tkOrder/month-summary/:verb`, ({ params }) => {
    verbs.push(String(params.verb))
    return ok({ records: ROWS, total: ROWS.length, size: 10, current: 1, pages: 1 })
  }),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  verbs.length = 0
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({ tk_order_month_view: true, tk_order_month_export: true })
})

describe('TK order monthly summary screen', () => {
  it('shows each month, its rates as percents and "-" where a rate has no divisor', async () => {
    renderScreen(TkOrderMonthScreen)
    const feb = (await screen.findAllByText('2025-02'))[0]!.closest('tr')!
    const jan = screen.getAllByText('2025-01')[0]!.closest('tr')!
    expect(within(feb).getAllByText('-')).toHaveLength(3)
    expect(within(jan).getByText('66.67%')).toBeTruthy()
    expect(within(jan).getByText('60.00%')).toBeTruthy()
    expect(within(jan).getByText('2,500 ₫')).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/)
    expect(screen.getByTestId('tk-month-chart')).toBeTruthy()
    expect(verbs).toContain('list')
  })

  it('charts the months oldest first, refunds with failed deliveries, no point for a missing rate', () => {
    expect(chartData(ROWS)).toEqual([
      {
        month: '2025-01',
        orders: 6,
        refunds: 2,
        returnRate: 66.67,
        preSaleRefundRate: 60,
        afterSaleRefundRate: 12,
      },
      {
        month: '2025-02',
        orders: 2,
        refunds: 0,
        returnRate: null,
        preSaleRefundRate: null,
        afterSaleRefundRate: null,
      },
    ])
  })
})
