// Stock list screens over the engine: outbox rows show in the lists with their marker (docs/offline.md R24), a
// count's state shows as a badge (a finish queued here at once), and a count row opens the counting
// screen for that count.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers, optionHandlers } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockTaking } from '@/domain/stock/stock-taking'
import { db } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { resetOfflineDb, signIn } from '@/offline/test-utils'
import { setupMsw } from '@/test/msw'
import StockDetailScreen from './stock-detail-screen'
import StockTakingScreen from './stock-taking-screen'

setupMsw(
  ...entityHandlers(stockDetail),
  ...entityHandlers(stockTaking),
  ...optionHandlers([stockDetail, stockTaking]),
)

beforeEach(async () => {
  localStorage.clear()
  sessionStore.reload()
  await resetOfflineDb()
  signIn()
  sessionStore.setPermission({
    stock_taking_view: true,
    stock_taking_edit: true,
    stock_taking_delete: true,
  })
})

describe('stock list screens', () => {
  it('stock details show a line queued on the device, marked pending, above the server lines', async () => {
    await enqueue({
      entity: stockDetail.name,
      api: stockDetail.api,
      op: 'submit',
      payload: { dmrStockId: '1001', skuNo: 'QUEUED-SKU', productQuantity: 7 },
    })
    renderScreen(StockDetailScreen)
    await screen.findByText('共 25 条')
    const cell = screen.getByText('QUEUED-SKU')
    const row = cell.closest('tr')!
    expect(row.textContent).toContain('待同步')
    expect(row.textContent).toContain('7')
    // The server's lines carry no marker; the read-only list has no row menu.
    expect(screen.getAllByText('待同步')).toHaveLength(1)
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull()
  })

  it('a count row opens the counting screen with its id; a queued edit locks it and shows the marker', async () => {
    await enqueue({
      entity: stockTaking.name,
      api: stockTaking.api,
      op: 'submit',
      clientId: '1002',
      payload: { brandId: 'x' },
      baseVersion: 1,
    })
    const u = userEvent.setup()
    const { router } = renderScreen(StockTakingScreen)
    await screen.findByText('共 25 条')
    const buttons = screen.getAllByRole('button', { name: '盘点' })
    await waitFor(() => expect(screen.getAllByText('待同步')).toHaveLength(1))
    // Row 1002 (second) has a queued write: no edit or delete there.
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(buttons.length - 1)
    await u.click(buttons[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/count'))
    expect(new URLSearchParams(router.state.location.searchStr).get('id')).toBe('"1001"')
    expect(await db.outbox.count()).toBe(1)
  })

  it("each count's state is a badge; a finish queued on this device shows the count finished, marked pending", async () => {
    await enqueue({
      entity: stockTaking.name,
      api: stockTaking.api,
      op: 'update',
      clientId: '1003',
      payload: { countStatus: 1 },
      baseVersion: 1,
    })
    renderScreen(StockTakingScreen)
    await screen.findByText('共 25 条')
    await waitFor(() =>
      expect(document.querySelectorAll('[data-count-status="finished"]')).toHaveLength(1),
    )
    const finished = document.querySelector('[data-count-status="finished"]')!.closest('tr')!
    expect(finished.textContent).toContain('已完成')
    expect(finished.textContent).toContain('待同步')
    expect(document.querySelectorAll('[data-count-status="counting"]').length).toBeGreaterThan(0)
  })
})
