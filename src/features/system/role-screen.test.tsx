// Roles: the forest as an indented tree table, and the grant dialog's three trees (loaded with the
// roles' keys) saved as four arrays.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { setupMsw } from '@/test/msw'
import RoleScreen from './role-screen'
import { answer, callsTo, lastTo, signIn } from './test-fixtures'

const ROLES = [
  {
    id: '1',
    parentId: '0',
    roleName: '管理员',
    roleAlias: 'admin',
    sort: 1,
    children: [{ id: '2', parentId: '1', roleName: '员工', roleAlias: 'staff', sort: 1 }],
  },
]
const node = (value: string, title: string, children?: unknown[]) => ({
  id: value,
  value,
  key: value,
  title,
  ...(children ? { children } : {}),
})
const TREES = {
  menu: [
    node('10', '系统管理', [
      node('11', '用户管理', [node('12', '新增'), node('13', '修改')]),
      node('14', '部门管理'),
    ]),
  ],
  dataScope: [node('11', '用户管理', [node('21', '本人数据')])],
  apiScope: [node('11', '用户管理', [node('31', '用户接口'), node('32', '导出接口')])],
}

setupMsw(
  answer('get', '/role/list', () => ROLES),
  answer('get', '/menu/grant-tree', () => TREES),
  answer('get', '/menu/role-tree-keys', () => ({
    menu: ['10', '14'],
    dataScope: [],
    apiScope: ['11', '31'],
  })),
  answer('post', '/role/grant', () => null),
)
afterEach(() => notifications.clean())

describe('RoleScreen', () => {
  beforeEach(() => signIn(['role_view', 'role_add', 'role_grant']))

  it('shows the forest indented, and collapses a parent', async () => {
    const u = userEvent.setup()
    renderScreen(RoleScreen)
    expect(await screen.findByText('员工')).toBeTruthy()
    await u.click(screen.getByRole('button', { name: '收起 管理员' }))
    await waitFor(() => expect(screen.queryByText('员工')).toBeNull())
  })

  it('loads the role’s keys and saves menus (with half-checked parents) and scope leaves', async () => {
    const u = userEvent.setup()
    renderScreen(RoleScreen)
    const row = (await screen.findByText('员工')).closest('tr') as HTMLElement
    await u.click(within(row).getByRole('button', { name: '权限设置' }))
    await waitFor(() => expect(lastTo('/menu/role-tree-keys')?.query).toEqual({ roleIds: '2' }))
    const dialog = await screen.findByRole('dialog')
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement
    expect(box('部门管理').checked).toBe(true)
    expect(box('系统管理').indeterminate).toBe(true)
    // Checking a parent checks its children.
    await u.click(within(dialog).getByRole('button', { name: '展开 用户管理' }))
    await u.click(box('用户管理'))
    expect(box('新增').checked).toBe(true)
    expect(box('修改').checked).toBe(true)
    expect(box('系统管理').checked).toBe(true)
    await u.click(within(dialog).getByRole('tab', { name: '数据权限' }))
    await u.click(within(dialog).getByRole('checkbox', { name: '用户管理' }))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(lastTo('/role/grant')).toBeDefined())
    const body = lastTo('/role/grant')?.body as Record<string, string[]>
    expect(body.roleIds).toEqual(['2'])
    expect([...body.menuIds].sort()).toEqual(['10', '11', '12', '13', '14'])
    expect(body.dataScopeIds).toEqual(['21'])
    expect(body.apiScopeIds).toEqual(['31'])
    expect(await screen.findByText('操作成功')).toBeTruthy()
  })

  it('closes unchanged grants at once, and asks before Esc drops changed ones', async () => {
    const u = userEvent.setup()
    renderScreen(RoleScreen)
    const row = (await screen.findByText('员工')).closest('tr') as HTMLElement
    const grantsBefore = callsTo('/role/grant').length
    const open = async () => {
      await u.click(within(row).getByRole('button', { name: '权限设置' }))
      const dialog = await screen.findByRole('dialog', { name: '角色权限配置' })
      await within(dialog).findByRole('checkbox', { name: '部门管理' })
      return dialog
    }
    let dialog = await open()
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    dialog = await open()
    await u.click(within(dialog).getByRole('checkbox', { name: '部门管理' }))
    await u.keyboard('{Escape}')
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    await u.click(within(ask).getByRole('button', { name: '放弃' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo('/role/grant')).toHaveLength(grantsBefore)
  })
})
