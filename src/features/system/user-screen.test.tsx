// The user screen's additions to the generic list: dept filter, role grant, yes/no actions after
// their confirmation, audit rows, import, buttons per permission.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as client from '@/api/http'
import { renderScreen } from '@/test/render-screen'
import { setupMsw } from '@/test/msw'
import { answer, callsTo, lastTo, page, signIn } from './test-fixtures'
import UserScreen from './user-screen'

const USERS = [
  { id: '11', account: 'alice', name: 'A', realName: '爱丽丝', roleId: '7', status: 1 },
  { id: '12', account: 'bob', name: 'B', realName: '鲍勃', roleId: '', status: 0 },
]
const DEPTS = [
  { id: '1', value: '1', title: '总部', children: [{ id: '2', value: '2', title: '研发部' }] },
]
const ROLES = [
  { id: '7', value: '7', title: '管理员' },
  { id: '8', value: '8', title: '员工' },
]

setupMsw(
  answer('get', '/user/list', () => page(USERS)),
  answer('get', '/dept/tree', () => DEPTS),
  answer('get', '/role/tree', () => ROLES),
  answer('post', '/user/grant', () => null),
  answer('post', '/user/reset-password', () => null),
  answer('post', '/user/unlock', () => null),
  answer('post', '/user/audit-pass', () => null),
  answer('get', '/user/platform-detail', () => ({
    id: '11',
    account: 'alice',
    realName: '爱丽丝',
    userType: 1,
    userExt: '',
  })),
  answer('post', '/user/update-platform', () => null),
)
afterEach(() => {
  vi.restoreAllMocks()
  notifications.clean()
})

const ALL = [
  'user_view',
  'user_role',
  'user_reset',
  'user_unlock',
  'user_audit',
  'user_import',
  'user_export',
  'user_platform',
]

async function open() {
  const u = userEvent.setup()
  renderScreen(UserScreen, '/?current=1&size=10')
  await screen.findByText('alice')
  return u
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement
const select = async (u: ReturnType<typeof userEvent.setup>, text: string) =>
  u.click(within(rowOf(text)).getByRole('checkbox'))

describe('UserScreen', () => {
  beforeEach(() => signIn(ALL))

  it('filters the list by the dept chosen in the tree, and 全部 clears it', async () => {
    const u = await open()
    await u.click(await screen.findByText('研发部'))
    await waitFor(() =>
      expect(lastTo('/user/list')?.query).toMatchObject({ deptId: '2', current: '1' }),
    )
    await u.click(screen.getByText('全部'))
    await waitFor(() => expect(lastTo('/user/list')?.query).not.toHaveProperty('deptId'))
  })

  it('grants roles to the selected users, starting from the one user’s roles', async () => {
    const u = await open()
    await select(u, 'alice')
    await u.click(screen.getByRole('button', { name: '角色配置' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      ((await within(dialog).findByRole('checkbox', { name: '管理员' })) as HTMLInputElement)
        .checked,
    ).toBe(true)
    await u.click(within(dialog).getByRole('checkbox', { name: '员工' }))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(lastTo('/user/grant')?.query).toEqual({ userIds: '11', roleIds: '7,8' }),
    )
    expect(await screen.findByText('操作成功')).toBeTruthy()
  })

  it('resets passwords and unlocks the selected users only after confirming', async () => {
    const u = await open()
    await u.click(screen.getByRole('button', { name: '密码重置' }))
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    await select(u, 'alice')
    await select(u, 'bob')
    await u.click(screen.getByRole('button', { name: '密码重置' }))
    let dialog = await screen.findByRole('dialog')
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(callsTo('/user/reset-password')).toHaveLength(0)
    await u.click(screen.getByRole('button', { name: '密码重置' }))
    dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('确定将选择账号密码重置为初始密码?')).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(lastTo('/user/reset-password')?.query).toEqual({ userIds: '11,12' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await u.click(screen.getByRole('button', { name: '账号解封' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(lastTo('/user/unlock')?.query).toEqual({ userIds: '11,12' }))
  })

  it('offers the audit only on users awaiting it', async () => {
    const u = await open()
    expect(within(rowOf('alice')).queryByRole('button', { name: '审核通过' })).toBeNull()
    await u.click(within(rowOf('bob')).getByRole('button', { name: '审核通过' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(lastTo('/user/audit-pass')?.query).toEqual({ userIds: '12' }))
  })

  it('imports an xlsx as multipart with the overwrite switch, and shows the server’s message', async () => {
    const u = await open()
    await u.click(screen.getByRole('button', { name: '导入' }))
    const dialog = await screen.findByRole('dialog')
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'users.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    })
    await u.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file)
    await u.click(within(dialog).getByRole('switch', { name: '覆盖已有数据' }))
    // jsdom's FormData cannot travel through Node's fetch: the client call itself is observed.
    const send = vi
      .spyOn(client, 'requestEnvelope')
      .mockResolvedValue({ code: 200, success: true, data: null, msg: '操作成功，共导入 3 条数据' })
    await u.click(within(dialog).getByRole('button', { name: '导入' }))
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
    const [url, opts] = send.mock.calls[0]
    expect(url).toBe('/api/blade-system/user/import-user')
    const form = opts?.body as FormData
    expect(opts?.method).toBe('POST')
    expect(form.get('isCovered')).toBe('1')
    expect((form.get('file') as File).name).toBe('users.xlsx')
    expect(await screen.findByText('操作成功，共导入 3 条数据')).toBeTruthy()
  })

  it('loads a user’s platform and saves it only with valid JSON', async () => {
    const u = await open()
    await u.click(within(rowOf('alice')).getByRole('button', { name: '平台配置' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(lastTo('/user/platform-detail')?.query).toEqual({ id: '11' }))
    await u.click(await within(dialog).findByLabelText(/用户平台/, { selector: 'input' }))
    await u.click(await screen.findByRole('option', { name: 'APP' }))
    const ext = within(dialog).getByRole('textbox', { name: /用户拓展/ })
    await u.type(ext, '{{"a":')
    expect(within(dialog).getByText('请输入正确的JSON格式')).toBeTruthy()
    // Changed: 取消 asks first, and 继续编辑 keeps what was typed.
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '继续编辑' },
      ),
    )
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '放弃未保存的内容？' })).toBeNull(),
    )
    expect((ext as HTMLTextAreaElement).value).toBe('{"a":')
    expect(
      (within(dialog).getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await u.type(ext, '1}')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(lastTo('/user/update-platform')?.body).toEqual({
        userId: '11',
        userType: '2',
        userExt: '{"a":1}',
      }),
    )
  })

  it('shows each action only with its button code', async () => {
    signIn(['user_view'])
    await open()
    for (const name of ['角色配置', '密码重置', '账号解封', '导入'])
      expect(screen.queryByRole('button', { name })).toBeNull()
    expect(within(rowOf('bob')).queryByRole('button', { name: '审核通过' })).toBeNull()
  })
})
