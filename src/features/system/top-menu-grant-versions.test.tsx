// The top-menu setting sends the version of the top menu it was opened on. One changed since opens
// the conflict dialog: keep mine saves my menus on the server's version.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import { answer, page, signIn } from './test-fixtures'
import TopMenuScreen from './top-menu-screen'

const BIZ = { id: '5', name: '业务', code: 'biz', sort: 1, version: 2 }
const node = (value: string, title: string) => ({ id: value, value, title })
const grants: Record<string, unknown>[] = []
setupMsw(
  answer('get', '/topmenu/list', () => page([BIZ])),
  answer('get', '/menu/grant-top-tree', () => ({
    menu: [node('11', '用户管理'), node('20', '工作台')],
    dataScope: [],
    apiScope: [],
  })),
  answer('get', '/menu/top-tree-keys', () => ({ menu: ['20'], dataScope: [], apiScope: [] })),
  mock.post(`${API}/blade-system/topmenu/grant`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    grants.push(body)
    if (JSON.stringify(body.versions) !== JSON.stringify(['3']))
      return HttpResponse.json(
        {
          code: 409,
          success: false,
          data: { ...BIZ, version: 3 },
          msg: '数据已被他人修改，请刷新后重试',
        },
        { status: 409 },
      )
    return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
  }),
)
afterEach(() => notifications.clean())

it('a stale top menu opens the conflict dialog; keep mine saves my menus on the server’s version', async () => {
  signIn(['topmenu_view', 'topmenu_setting'])
  const u = userEvent.setup()
  renderScreen(TopMenuScreen, '/?current=1&size=10')
  const row = (await screen.findByText('业务')).closest('tr') as HTMLElement
  await u.click(within(row).getByRole('button', { name: '菜单配置' }))
  const dialog = await screen.findByRole('dialog', { name: '下级菜单配置' })
  await u.click(await within(dialog).findByRole('checkbox', { name: '用户管理' }))
  await u.click(within(dialog).getByRole('button', { name: '保存' }))
  const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
  expect(within(conflict).getByText(/重新读取这个顶部菜单现在的下级菜单/)).toBeTruthy()
  await u.click(within(conflict).getByRole('button', { name: '保留我的' }))
  await screen.findByText('操作成功')
  await waitFor(() => expect(grants).toHaveLength(2))
  expect(grants[0]).toMatchObject({ topMenuIds: ['5'], versions: ['2'] })
  expect(grants[1]).toMatchObject({
    topMenuIds: ['5'],
    menuIds: expect.arrayContaining(['11', '20']),
    versions: ['3'],
  })
})
