// The package's menu list: a searchable checkbox tree whose value carries the checked menus and the
// folders above them; an edit sends the stored list unchanged unless it is changed.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { calls, entityHandlers, lastCall } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { tenantPackage } from '@/domain/system/tenant-package'
import { API, setupMsw } from '@/test/msw'
import TenantPackageScreen from './tenant-package-screen'

const TREE = [
  {
    title: '系统管理',
    value: '1',
    children: [
      { title: '用户管理', value: '11' },
      { title: '角色管理', value: '12' },
    ],
  },
  { title: '通知公告', value: '2' },
]
setupMsw(
  ...entityHandlers(tenantPackage),
  mock.get(`${API}/blade-system/menu/tree`, () =>
    HttpResponse.json({ code: 200, success: true, data: TREE, msg: '' }),
  ),
)

beforeEach(() => {
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '7' })
  sessionStore.setPermission({ tenant_package_add: true, tenant_package_edit: true })
})
afterEach(() => notifications.clean())

describe('tenant package screen', () => {
  it('creates a package with the menus checked in the tree, found by search', async () => {
    const u = userEvent.setup()
    renderScreen(TenantPackageScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(within(dialog).getByRole('textbox', { name: /产品包名/ }), '基础版')
    await u.type(within(dialog).getByRole('textbox', { name: '输入关键字进行过滤' }), '角色')
    expect(within(dialog).queryByRole('checkbox', { name: '通知公告' })).toBeNull()
    await u.click(await within(dialog).findByRole('checkbox', { name: '角色管理' }))
    await u.clear(within(dialog).getByRole('textbox', { name: '输入关键字进行过滤' }))
    await u.click(within(dialog).getByRole('checkbox', { name: '通知公告' }))
    expect(
      (within(dialog).getByRole('checkbox', { name: '系统管理' }) as HTMLInputElement)
        .indeterminate,
    ).toBe(true)
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    expect(lastCall('POST', 'submit')?.body).toMatchObject({
      packageName: '基础版',
      menuId: '12,1,2',
    })
  })

  it('says the menu list is required once it is emptied', async () => {
    const u = userEvent.setup()
    renderScreen(TenantPackageScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    const folder = await within(dialog).findByRole('checkbox', { name: '系统管理' })
    await u.click(folder)
    expect(
      (within(dialog).getByRole('checkbox', { name: '用户管理' }) as HTMLInputElement).checked,
    ).toBe(true)
    await u.click(folder)
    expect(await within(dialog).findByText('请选择菜单列表')).toBeTruthy()
  })

  it('sends the stored menus unchanged on an edit that does not touch them', async () => {
    const u = userEvent.setup()
    renderScreen(TenantPackageScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: '编辑' }))[0])
    const dialog = await screen.findByRole('dialog')
    const name = await within(dialog).findByRole('textbox', { name: /产品包名/ })
    await u.type(name, 'X')
    await u.click(within(dialog).getByRole('button', { name: '修改' }))
    await screen.findByText('修改成功')
    const body = lastCall('POST', 'submit')?.body as Record<string, unknown>
    // The stored list of the fixture row ('1'), as it was: not rebuilt from the tree.
    expect(body).toMatchObject({ id: '1001', menuId: '1' })
    await waitFor(() => expect(calls.some((c) => c.verb === 'detail')).toBe(true))
  })
})
