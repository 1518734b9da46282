// Closing the tab of the screen on show drops that screen's forms: a form with unsaved input is
// asked first, and "keep editing" keeps the tab and the screen; other tabs close at once. The x is
// found by its title: it is hidden from screen readers, which close a tab with Delete.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { addLeaveGuard } from '@/crud/form/leave-guard'
import { setupMsw } from '@/test/msw'
import { renderShell } from '@/test/render-shell'
import { TabBar } from './tab-bar'
import { tabStore } from './tab-store'

setupMsw()

const paths = () => tabStore.getState().tabs.map((t) => t.path)

beforeEach(() => {
  sessionStorage.clear()
  sessionStore.login({ access_token: 'a1', tenant_id: '000000', user_id: '1' })
  tabStore.reset()
  tabStore.open({ label: '用户管理', path: '/system/user' })
  tabStore.open({ label: '订单', path: '/order/order' })
})

describe('closing a tab', () => {
  it('asks a dirty form on the shown screen, and keeps the tab when the user keeps editing', async () => {
    const u = userEvent.setup()
    const answers: boolean[] = [false, true]
    let asked = 0
    const remove = addLeaveGuard(async () => {
      asked += 1
      return answers.shift()!
    })
    try {
      const { router } = renderShell(<TabBar onSearch={() => {}} />, { path: '/order/order' })
      // Another tab than the shown one: no question.
      await u.click(
        within(await screen.findByTestId('tab-/system/user')).getByTitle('关闭 用户管理'),
      )
      expect(asked).toBe(0)
      expect(paths()).toEqual(['/wel/index', '/order/order'])

      await u.click(within(screen.getByTestId('tab-/order/order')).getByTitle('关闭 订单'))
      await waitFor(() => expect(asked).toBe(1))
      expect(paths()).toEqual(['/wel/index', '/order/order'])
      expect(router.state.location.pathname).toBe('/order/order')

      await u.click(within(screen.getByTestId('tab-/order/order')).getByTitle('关闭 订单'))
      await waitFor(() => expect(paths()).toEqual(['/wel/index']))
      expect(asked).toBe(2)
      await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'))
    } finally {
      remove()
    }
  })
})
