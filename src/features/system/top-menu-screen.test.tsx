// Top menus: '菜单配置' loads the top menu's keys and saves {topMenuIds, menuIds}.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { setupMsw } from '@/test/msw'
import { answer, lastTo, page, signIn } from './test-fixtures'
import TopMenuScreen from './top-menu-screen'

const node = (value: string, title: string, children?: unknown[]) => ({
  id: value,
  value,
  title,
  ...(children ? { children } : {}),
})
setupMsw(
  answer('get', '/topmenu/list', () => page([{ id: '5', name: '业务', code: 'biz', sort: 1 }])),
  answer('get', '/menu/grant-top-tree', () => ({
    menu: [
      node('10', '系统管理', [node('11', '用户管理'), node('14', '部门管理')]),
      node('20', '工作台'),
    ],
    dataScope: [],
    apiScope: [],
  })),
  answer('get', '/menu/top-tree-keys', () => ({ menu: ['20'], dataScope: [], apiScope: [] })),
  answer('post', '/topmenu/grant', () => null),
)
afterEach(() => notifications.clean())

it('sets the menus of a top menu from its current keys', async () => {
  signIn(['topmenu_view', 'topmenu_setting'])
  const u = userEvent.setup()
  renderScreen(TopMenuScreen, '/?current=1&size=10')
  const row = (await screen.findByText('业务')).closest('tr') as HTMLElement
  await u.click(within(row).getByRole('button', { name: '菜单配置' }))
  await waitFor(() => expect(lastTo('/menu/top-tree-keys')?.query).toEqual({ topMenuIds: '5' }))
  const dialog = await screen.findByRole('dialog')
  expect(
    ((await within(dialog).findByRole('checkbox', { name: '工作台' })) as HTMLInputElement).checked,
  ).toBe(true)
  await u.click(within(dialog).getByRole('checkbox', { name: '用户管理' }))
  await u.click(within(dialog).getByRole('button', { name: '保存' }))
  await waitFor(() => expect(lastTo('/topmenu/grant')?.body).toBeDefined())
  const body = lastTo('/topmenu/grant')?.body as { topMenuIds: string[]; menuIds: string[] }
  expect(body.topMenuIds).toEqual(['5'])
  expect([...body.menuIds].sort()).toEqual(['10', '11', '20'])
})

it('hides 菜单配置 without topmenu_setting', async () => {
  signIn(['topmenu_view'])
  renderScreen(TopMenuScreen, '/?current=1&size=10')
  await screen.findByText('业务')
  expect(screen.queryByRole('button', { name: '菜单配置' })).toBeNull()
})
