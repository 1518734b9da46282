// A gift totals screen (per anchor) against a mocked server: it opens on this month's range, shows
// the groups with đồng formatted and the totals row last, asks the chart for the top ten by value,
// sorts by a clicked column, and exports the searched range; on a phone the rows are cards.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { signIn } from '@/offline/test-utils'
import { API, setupMsw } from '@/test/msw'
import AnchorTotalScreen from './anchor-total-screen'

const calls: { path: string; query: Record<string, string> }[] = []
const RECORDS = [
  {
    anchorId: 'A2',
    anchorName: 'Mai',
    totalCount: 2,
    totalQuantity: 3,
    giftPriceTotal: 928,
    totalValue: 239214,
  },
  {
    anchorId: 'A1',
    anchorName: 'Lan',
    totalCount: 2,
    totalQuantity: 10,
    giftPriceTotal: 1,
    totalValue: 257,
  },
]
const SUMMARY = { totalCount: 4, totalQuantity: 13, giftPriceTotal: 929, totalValue: 239472 }

setupMsw(
  http.get(`${API}/giftdetail/giftDetail/anchor-total`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    calls.push({ path: 'anchor-total', query })
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        records: RECORDS,
        total: 2,
        size: Number(query.size),
        current: 1,
        pages: 1,
        summary: SUMMARY,
      },
    })
  }),
  http.get(`${API}/giftdetail/giftDetail/anchor-total/export`, ({ request }) => {
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
  sessionStore.setPermission({ gift_anchor_total_view: true, gift_anchor_total_export: true })
})

describe('gift totals per anchor', () => {
  it('opens on this month, shows the groups and the totals row, sorts and exports the range', async () => {
    const u = userEvent.setup({ delay: null })
    URL.createObjectURL = vi.fn(() => 'blob:gift')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderScreen(AnchorTotalScreen)
    const table = await screen.findByRole('table')
    await within(table).findByText('Mai')
    const month = {
      sendGiftTime_ge: `${dayjs().startOf('month').format('YYYY-MM-DD')} 00:00:00`,
      sendGiftTime_le: `${dayjs().endOf('month').format('YYYY-MM-DD')} 23:59:59`,
    }
    // The list and the chart (top ten by value) both read this month.
    await waitFor(() =>
      expect(
        calls.find((c) => c.query.size === '10' && c.query.descs === 'totalValue')?.query,
      ).toMatchObject(month),
    )
    expect(calls.find((c) => !c.query.descs)?.query).toMatchObject({
      ...month,
      current: '1',
      size: '10',
    })

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['A2', 'Mai', '2', '3', '928', '239,214 ₫'],
      ['A1', 'Lan', '2', '10', '1', '257 ₫'],
      ['合计', '', '4', '13', '929', '239,472 ₫'],
    ])
    expect(within(rows[2]!).getByText('合计')).toBeTruthy()
    expect(screen.getByTestId('gift-chart').textContent).toContain('主播礼物总价值前10')

    await u.click(within(table).getByRole('button', { name: '礼物总数' }))
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ ...month, ascs: 'total_quantity' }),
    )

    await u.click(screen.getByRole('button', { name: '导出' }))
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect(calls.find((c) => c.path === 'export')?.query).toEqual(month)
  })

  it('shows the groups and the totals row as cards on a phone', async () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767.98px'),
    })) as typeof window.matchMedia
    try {
      renderScreen(AnchorTotalScreen)
      await waitFor(() => expect(screen.getAllByTestId('crud-card')).toHaveLength(3))
      expect(screen.queryByRole('table')).toBeNull()
      const cards = screen.getAllByTestId('crud-card')
      expect(cards[0]!.textContent).toContain('239,214 ₫')
      expect(cards[2]!.textContent).toContain('合计')
      expect(cards[2]!.textContent).toContain('239,472 ₫')
    } finally {
      window.matchMedia = original
    }
  })
})
