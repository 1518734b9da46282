// The role grant sends the versions of the roles it was opened on. A role changed since opens the
// conflict dialog saying what each choice does: reload reads the role's grants again (and saves on
// its new version), keep mine saves my checks on the server's version.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import RoleScreen from './role-screen'
import { answer, callsTo, signIn } from './test-fixtures'

const STAFF = { id: '2', parentId: '0', roleName: '员工', roleAlias: 'staff', sort: 1, version: 3 }
const STAFF_NOW = { ...STAFF, version: 4, updateUserName: '阮文A' }
const node = (value: string, title: string) => ({ id: value, value, key: value, title })
const TREES = {
  menu: [node('10', '系统管理'), node('14', '部门管理')],
  dataScope: [],
  apiScope: [],
}
const grants: Record<string, unknown>[] = []

setupMsw(
  answer('get', '/role/list', () => [STAFF]),
  answer('get', '/menu/grant-tree', () => TREES),
  answer('get', '/menu/role-tree-keys', () => ({ menu: ['10'], dataScope: [], apiScope: [] })),
  mock.post(`${API}/blade-system/role/grant`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    grants.push(body)
    if (JSON.stringify(body.versions) !== JSON.stringify(['4']))
      return HttpResponse.json(
        { code: 409, success: false, data: STAFF_NOW, msg: '数据已被他人修改，请刷新后重试' },
        { status: 409 },
      )
    return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
  }),
)
afterEach(() => notifications.clean())

async function grantOnStale() {
  const u = userEvent.setup()
  renderScreen(RoleScreen)
  const row = (await screen.findByText('员工')).closest('tr') as HTMLElement
  await u.click(within(row).getByRole('button', { name: '权限设置' }))
  const dialog = await screen.findByRole('dialog', { name: '角色权限配置' })
  await u.click(await within(dialog).findByRole('checkbox', { name: '部门管理' }))
  await u.click(within(dialog).getByRole('button', { name: '保存' }))
  const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
  return { u, conflict }
}

describe('role grant on versions', () => {
  beforeEach(() => {
    grants.length = 0
    signIn(['role_view', 'role_grant'])
  })

  it('a stale role opens the conflict dialog; keep mine saves my checks on the server’s version', async () => {
    const { u, conflict } = await grantOnStale()
    expect(grants[0]).toMatchObject({ roleIds: ['2'], menuIds: ['10', '14'], versions: ['3'] })
    expect(within(conflict).getByText(/重新读取这些角色现在的权限/)).toBeTruthy()
    await u.click(within(conflict).getByRole('button', { name: '保留我的' }))
    await screen.findByText('操作成功')
    expect(grants[1]).toMatchObject({ roleIds: ['2'], menuIds: ['10', '14'], versions: ['4'] })
  })

  it('reload reads the role’s grants again; the next save goes on its new version', async () => {
    const { u, conflict } = await grantOnStale()
    const keysRead = callsTo('/menu/role-tree-keys').length
    await u.click(within(conflict).getByRole('button', { name: '载入服务器的' }))
    await waitFor(() => expect(callsTo('/menu/role-tree-keys').length).toBeGreaterThan(keysRead))
    const dialog = screen.getByRole('dialog', { name: '角色权限配置' })
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('checkbox', { name: '部门管理' }) as HTMLInputElement).checked,
      ).toBe(false),
    )
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('操作成功')
    expect(grants[1]).toMatchObject({ roleIds: ['2'], menuIds: ['10'], versions: ['4'] })
  })
})
