// The home dashboard's cards against msw: only the cards whose screen is in the user's menu are
// asked for and shown, each with the device's today; figures in the formats of docs/product.md §9;
// one card's failing endpoint shows its own error and retry while the others show their figures; a
// card's title opens its screen.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { DashboardCards } from './dashboard-cards'

const server = setupMsw()
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const leaf = (id: string, code: string, label: string, path: string) => ({
  id,
  code,
  label,
  path,
  icon: '',
  children: [],
  meta: {},
  isOpen: 1,
})
const CARD = `${API}/blade-desk/dashboard`

const ORDER = {
  todayOrders: 2,
  todayAmount: 1180000,
  monthOrders: 5,
  monthAmount: 1570001,
  todayRefunds: 1,
  todayRefundAmount: 880000,
  monthRefunds: 2,
  monthRefundAmount: 979999,
}
const GIFT = { monthValue: 239549, todayValue: 7799, monthCount: 4 }

let asked: { code: string; today: string | null }[]

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({
    access_token: 'a',
    refresh_token: 'r',
    user_id: '1',
    account: 'office',
    real_name: 'Office',
    tenant_id: '000000',
  })
  // Orders, TK orders and gift totals; no KOL follow-up and no stock count screen.
  sessionStore.setMenu([
    {
      ...leaf('g', '', '业务', '/order'),
      children: [
        leaf('a', 'order', '订单列表', '/order/order'),
        leaf('b', 'tk_order', 'TK订单', '/order/tk-order'),
        leaf('c', 'gift_total', '礼物汇总', '/gift/gift-total'),
      ],
    },
  ])
  asked = []
  server.use(
    mock.get(`${CARD}/:code`, ({ request, params }) => {
      const code = String(params.code)
      asked.push({ code, today: new URL(request.url).searchParams.get('today') })
      if (code === 'order') return ok(ORDER)
      if (code === 'tk-order')
        return HttpResponse.json(
          { code: 400, success: false, data: {}, msg: '参数 gift 未设置' },
          { status: 400 },
        )
      if (code === 'gift') return ok(GIFT)
      return ok({ days: [] })
    }),
  )
})

describe('dashboard cards', () => {
  it("shows each permitted card's figures and one failing card's own error; the others are unaffected", async () => {
    renderShell(<DashboardCards />)
    const order = await screen.findByTestId('dashboard-card-order')
    await waitFor(() =>
      expect(within(order).getByTestId('figure-order-todayOrders').textContent).toBe(
        '今日订单21,180,000 ₫',
      ),
    )
    expect(within(order).getByTestId('figure-order-monthRefunds').textContent).toBe(
      '本月退款2979,999 ₫',
    )
    const gift = screen.getByTestId('dashboard-card-gift')
    await waitFor(() =>
      expect(within(gift).getByTestId('figure-gift-monthValue').textContent).toBe(
        '本月礼物价值239,549 ₫',
      ),
    )
    expect(within(gift).getByTestId('figure-gift-monthCount').textContent).toBe('本月送礼次数4')

    const failed = await screen.findByTestId('card-error-tk-order')
    expect(failed.textContent).toContain('参数 gift 未设置')
    expect(
      within(screen.getByTestId('dashboard-card-tk-order')).queryByTestId(
        'figure-tk-order-todayOrders',
      ),
    ).toBeNull()
    // Its own retry asks again, and only for it.
    server.use(mock.get(`${CARD}/tk-order`, () => ok({ ...ORDER, todayOrders: 9 })))
    const before = asked.length
    await userEvent.click(within(failed).getByRole('button', { name: '重试' }))
    await waitFor(() =>
      expect(screen.getByTestId('figure-tk-order-todayOrders').textContent).toBe(
        '今日订单91,180,000 ₫',
      ),
    )
    expect(asked.length).toBe(before)
  })

  it("asks only for the cards of the user's screens, with the device's today, and always shows the outbox", async () => {
    renderShell(<DashboardCards />)
    await screen.findByTestId('figure-order-todayOrders')
    await waitFor(() =>
      expect(asked.map((a) => a.code).sort()).toEqual([
        'gift',
        'gift-days',
        'order',
        'order-days',
        'tk-order',
        'tk-order-days',
      ]),
    )
    expect(new Set(asked.map((a) => a.today))).toEqual(new Set([dayjs().format('YYYY-MM-DD')]))
    // A chart with nothing in its 30 days says so instead of drawing empty bars.
    expect((await screen.findByTestId('card-empty-order-days')).textContent).toBe('近30天暂无数据')
    expect(screen.queryByTestId('dashboard-card-kol-due')).toBeNull()
    expect(screen.queryByTestId('dashboard-card-stock-open')).toBeNull()
    expect(
      within(screen.getByTestId('dashboard-card-outbox')).getByTestId('figure-outbox-pending')
        .textContent,
    ).toBe('待同步0')
  })

  it("opens a card's screen from its title", async () => {
    const { router } = renderShell(<DashboardCards />)
    const link = await screen.findByTestId('dashboard-card-gift-link')
    expect(link.getAttribute('href')).toBe('/gift/gift-total')
    await userEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/gift-total'))
  })
})
