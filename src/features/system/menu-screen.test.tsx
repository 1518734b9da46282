// Menus: a lazy tree table — roots first, a parent's children fetched when it is expanded — and
// '新增子项' opening the add form under that parent.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { setupMsw } from '@/test/msw'
import MenuScreen from './menu-screen'
import { answer, callsTo, lastTo, signIn } from './test-fixtures'

const menu = (id: string, parentId: string, name: string, hasChildren = false) => ({
  id,
  parentId,
  name,
  code: `c${id}`,
  alias: 'menu',
  path: `/p${id}`,
  category: 1,
  sort: 1,
  hasChildren,
})
setupMsw(
  answer('get', '/menu/lazy-list', (q) =>
    q.parentId === '1'
      ? [menu('11', '1', '用户管理')]
      : [menu('1', '0', '系统管理', true), menu('2', '0', '工作台')],
  ),
  answer('get', '/menu/tree', () => [
    {
      id: '1',
      value: '1',
      title: '系统管理',
      children: [{ id: '11', value: '11', title: '用户管理' }],
    },
  ]),
  answer('get', '/dict/dictionary', () => [{ dictKey: 1, dictValue: '菜单' }]),
  answer('post', '/menu/submit', () => null),
)
afterEach(() => notifications.clean())

it('loads the roots, then a parent’s children when it is expanded', async () => {
  signIn(['menu_view'])
  const u = userEvent.setup()
  renderScreen(MenuScreen)
  await screen.findByText('工作台')
  expect(lastTo('/menu/lazy-list')?.query).toEqual({})
  expect(screen.queryByText('用户管理')).toBeNull()
  expect(screen.queryByRole('button', { name: '展开 工作台' })).toBeNull()
  await u.click(screen.getByRole('button', { name: '展开 系统管理' }))
  expect(await screen.findByText('用户管理')).toBeTruthy()
  expect(callsTo('/menu/lazy-list').map((c) => c.query)).toContainEqual({ parentId: '1' })
  await u.click(screen.getByRole('button', { name: '收起 系统管理' }))
  await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull())
})

it('adds a child with its parent filled in', async () => {
  signIn(['menu_view', 'menu_add'])
  const u = userEvent.setup()
  renderScreen(MenuScreen)
  const row = (await screen.findByText('系统管理')).closest('tr') as HTMLElement
  await u.click(within(row).getByRole('button', { name: '新增子项' }))
  const dialog = await screen.findByRole('dialog')
  await u.type(within(dialog).getByRole('textbox', { name: /菜单名称/ }), '角色管理')
  await u.type(within(dialog).getByRole('textbox', { name: /菜单编号/ }), 'role')
  await u.clear(within(dialog).getByRole('textbox', { name: /菜单别名/ }))
  await u.type(within(dialog).getByRole('textbox', { name: /菜单别名/ }), 'role')
  await u.click(within(dialog).getByRole('button', { name: '保存' }))
  await waitFor(() =>
    expect(lastTo('/menu/submit')?.body).toMatchObject({
      parentId: '1',
      name: '角色管理',
      code: 'role',
    }),
  )
})
