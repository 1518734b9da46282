// The user screen's id-only actions carry the versions of the rows shown: a user changed since is
// refused by the server (409); the screen says so and refreshes the list, and the role grant dialog
// opens the conflict dialog (reload the user's roles, or keep mine on the server's version).
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import { answer, callsTo, page, signIn } from './test-fixtures'
import UserScreen from './user-screen'

const ALICE = {
  id: '11',
  account: 'alice',
  name: 'A',
  realName: '爱丽丝',
  roleId: '7',
  status: 1,
  version: 3,
}
const BOB = {
  id: '12',
  account: 'bob',
  name: 'B',
  realName: '鲍勃',
  roleId: '',
  status: 1,
  version: 5,
}
const ROLES = [
  { id: '7', value: '7', title: '管理员' },
  { id: '8', value: '8', title: '员工' },
]
/** Alice as an administrator changed her since the list was read. */
const ALICE_NOW = {
  ...ALICE,
  roleId: '8',
  version: 4,
  updateTime: '2026-11-20 10:00:00',
  updateUserName: '阮文A',
}

const server = setupMsw(
  answer('get', '/user/list', () => page([ALICE, BOB])),
  answer('get', '/dept/tree', () => []),
  answer('get', '/role/tree', () => ROLES),
)

/** The queries a POST to `path` was sent with; answers 409 while their versions are not the server's. */
function versioned(path: string, current: () => Record<string, number>) {
  const sent: Record<string, string>[] = []
  server.use(
    mock.post(`${API}/blade-system${path}`, ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams)
      sent.push(q)
      const ids = q.userIds!.split(',')
      const versions = (q.versions ?? '').split(',')
      const stale = ids.some((id, i) => Number(versions[i]) !== current()[id])
      if (stale)
        return HttpResponse.json(
          {
            code: 409,
            success: false,
            data: [ALICE_NOW, BOB],
            msg: '数据已被 阮文A 于 2026-11-20 10:00:00 修改，请刷新后重试',
          },
          { status: 409 },
        )
      return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
    }),
  )
  return sent
}
afterEach(() => notifications.clean())

async function open() {
  const u = userEvent.setup()
  renderScreen(UserScreen, '/?current=1&size=10')
  await screen.findByText('alice')
  return u
}
const select = async (u: ReturnType<typeof userEvent.setup>, text: string) =>
  u.click(within(screen.getByText(text).closest('tr') as HTMLElement).getByRole('checkbox'))

describe('UserScreen actions on versions', () => {
  beforeEach(() => signIn(['user_view', 'user_role', 'user_reset', 'user_unlock', 'user_platform']))

  it('unlocks with the versions of the selected rows; a stale row is said and the list refreshed', async () => {
    const sent = versioned('/user/unlock', () => ({ '11': 4, '12': 5 }))
    const u = await open()
    await select(u, 'alice')
    await select(u, 'bob')
    await u.click(screen.getByRole('button', { name: '账号解封' }))
    const lists = callsTo('/user/list').length
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ userIds: '11,12', versions: '3,5' })
    expect(
      await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作'),
    ).toBeTruthy()
    await waitFor(() => expect(callsTo('/user/list').length).toBeGreaterThan(lists))
    expect(screen.queryByText('操作成功')).toBeNull()
  })

  it('grant on a stale user opens the conflict dialog; keep mine sends my roles on the server’s version', async () => {
    const sent = versioned('/user/grant', () => ({ '11': 4 }))
    const u = await open()
    await select(u, 'alice')
    await u.click(screen.getByRole('button', { name: '角色配置' }))
    const grant = await screen.findByRole('dialog')
    await u.click(await within(grant).findByRole('checkbox', { name: '员工' }))
    await u.click(within(grant).getByRole('button', { name: '保存' }))
    const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
    expect(within(conflict).getByRole('alert').textContent).toContain(
      '阮文A 于 2026-11-20 10:00:00 修改了这条记录',
    )
    expect(within(conflict).getByTestId('conflict-table')).toBeTruthy()
    await u.click(within(conflict).getByRole('button', { name: '保留我的' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[0]).toEqual({ userIds: '11', roleIds: '7,8', versions: '3' })
    expect(sent[1]).toEqual({ userIds: '11', roleIds: '7,8', versions: '4' })
    expect(await screen.findByText('操作成功')).toBeTruthy()
  })

  it('reload theirs puts the user’s current roles in the grant dialog, saved then on their version', async () => {
    const sent = versioned('/user/grant', () => ({ '11': 4 }))
    const u = await open()
    await select(u, 'alice')
    await u.click(screen.getByRole('button', { name: '角色配置' }))
    const grant = await screen.findByRole('dialog')
    await u.click(await within(grant).findByRole('checkbox', { name: '员工' }))
    await u.click(within(grant).getByRole('button', { name: '保存' }))
    const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
    await u.click(within(conflict).getByRole('button', { name: '载入服务器的' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /保存冲突/ })).toBeNull())
    const again = screen.getByRole('dialog', { name: '用户角色配置' })
    expect(
      (within(again).getByRole('checkbox', { name: '管理员' }) as HTMLInputElement).checked,
    ).toBe(false)
    expect(
      (within(again).getByRole('checkbox', { name: '员工' }) as HTMLInputElement).checked,
    ).toBe(true)
    await u.click(within(again).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({ userIds: '11', roleIds: '8', versions: '4' })
  })

  it('platform setting on a stale user opens the conflict dialog; keep mine sends mine on the server’s version', async () => {
    const forms: Record<string, string>[] = []
    server.use(
      answer('get', '/user/platform-detail', () => ({
        id: '11',
        account: 'alice',
        realName: '爱丽丝',
        userType: 1,
        userExt: '',
        version: 3,
      })),
      mock.post(`${API}/blade-system/user/update-platform`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text())) as Record<
          string,
          string
        >
        forms.push(form)
        if (form.version !== '4')
          return HttpResponse.json(
            {
              code: 409,
              success: false,
              data: { ...ALICE_NOW, userType: 3, userExt: '{"a":1}' },
              msg: '数据已被他人修改，请刷新后重试',
            },
            { status: 409 },
          )
        return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
      }),
    )
    const u = await open()
    await u.click(
      within(screen.getByText('alice').closest('tr') as HTMLElement).getByRole('button', {
        name: '平台配置',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: '用户平台配置' })
    await u.type(await within(dialog).findByRole('textbox', { name: /用户拓展/ }), '{{"b":2}')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
    const table = within(conflict).getByTestId('conflict-table')
    expect(within(table).getByText('用户平台')).toBeTruthy()
    expect(
      (within(table).getByText('用户拓展').closest('tr') as HTMLElement).textContent,
    ).toContain('{"a":1}')
    await u.click(within(conflict).getByRole('button', { name: '保留我的' }))
    await waitFor(() => expect(forms).toHaveLength(2))
    expect(forms[0]).toEqual({ userId: '11', userType: '1', userExt: '{"b":2}', version: '3' })
    expect(forms[1]).toEqual({ userId: '11', userType: '1', userExt: '{"b":2}', version: '4' })
  })
})
