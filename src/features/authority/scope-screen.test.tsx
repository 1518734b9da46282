// Scopes per menu: choosing a menu in the tree filters the list by menuId; a new data scope of that
// menu starts with the menu, its code, the name "<menu> [<type>]" and the column of the type.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { sessionStore } from '@/api/session'
import { calls, entityHandlers, lastCall } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { apiScope } from '@/domain/authority/api-scope'
import { dataScope } from '@/domain/authority/data-scope'
import { activateLocale } from '@/i18n'
import { API, setupMsw } from '@/test/msw'
import ApiScopeScreen from './api-scope-screen'
import DataScopeScreen from './data-scope-screen'
import { scopeColumnOf } from './scope-name'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '' })
const TREE = [
  {
    title: '系统管理',
    titleEn: 'System',
    value: '10',
    children: [
      { title: '用户管理', titleEn: 'Users', value: '11' },
      { title: '日志', value: '12' },
    ],
  },
]
setupMsw(
  ...entityHandlers(dataScope),
  ...entityHandlers(apiScope),
  mock.get(`${API}/blade-system/menu/tree`, () => ok(TREE)),
  mock.get(`${API}/blade-system/menu/detail`, ({ request }) =>
    ok({ id: new URL(request.url).searchParams.get('id'), code: 'user' }),
  ),
  mock.get(`${API}/blade-system/dict/dictionary`, ({ request }) =>
    ok(
      new URL(request.url).searchParams.get('code') === 'data_scope_type'
        ? [
            { dictKey: 1, dictValue: '全部可见' },
            { dictKey: 2, dictValue: '本人可见' },
            { dictKey: 3, dictValue: '所在机构可见' },
          ]
        : [{ dictKey: 1, dictValue: '系统接口' }],
    ),
  ),
)

beforeEach(() => {
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '8' })
  sessionStore.setPermission({ data_scope_add: true, api_scope_add: true })
})
afterEach(() => notifications.clean())

const control = (root: HTMLElement, name: RegExp) =>
  within(root)
    .getAllByLabelText(name)
    .find((el) => el.matches('input, textarea')) as HTMLInputElement

async function pickUserMenu(u: ReturnType<typeof userEvent.setup>) {
  const tree = await screen.findByRole('tree')
  await u.click(await within(tree).findByText('系统管理'))
  await u.click(await within(tree).findByText('用户管理'))
  await waitFor(() => expect(lastCall('GET', 'list')?.query).toMatchObject({ menuId: '11' }))
}

describe('scope screens', () => {
  it('maps the data scope type to its column as Saber does', () => {
    expect([1, 2, 3, 4, 5].map(scopeColumnOf)).toEqual([
      '-',
      'create_user',
      'create_dept',
      'create_dept',
      undefined,
    ])
  })

  it('filters by the chosen menu and pre-fills a new data scope for it', async () => {
    const u = userEvent.setup()
    renderScreen(DataScopeScreen, '/?current=1&size=10')
    await pickUserMenu(u)
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(control(dialog, /^权限编号/).value).toBe('user'))
    await u.click(control(dialog, /^规则类型/))
    await u.click(await screen.findByRole('option', { name: '所在机构可见' }))
    await waitFor(() => expect(control(dialog, /^权限名称/).value).toBe('用户管理 [所在机构可见]'))
    expect(control(dialog, /^权限字段/).value).toBe('create_dept')
    await u.click(control(dialog, /^规则类型/))
    await u.click(await screen.findByRole('option', { name: '本人可见' }))
    await waitFor(() => expect(control(dialog, /^权限字段/).value).toBe('create_user'))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    expect(lastCall('POST', 'submit')?.body).toMatchObject({
      menuId: '11',
      resourceCode: 'user',
      scopeName: '用户管理 [本人可见]',
      scopeColumn: 'create_user',
      scopeType: '2',
    })
  })

  it('pre-fills a new API scope with the menu and its code', async () => {
    const u = userEvent.setup()
    renderScreen(ApiScopeScreen, '/?current=1&size=10')
    await pickUserMenu(u)
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(control(dialog, /^权限编号/).value).toBe('user'))
    expect(control(dialog, /^权限名称/).value).toBe('')
    await u.click(control(dialog, /^接口类型/))
    await u.click(await screen.findByRole('option', { name: '系统接口' }))
    await u.type(control(dialog, /^权限名称/), '用户接口')
    await u.type(control(dialog, /^权限路径/), '/blade-system/user')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    expect(lastCall('POST', 'submit')?.body).toMatchObject({
      menuId: '11',
      resourceCode: 'user',
      scopeName: '用户接口',
      scopePath: '/blade-system/user',
      scopeType: '1',
    })
  })

  it.each([
    ['data', DataScopeScreen],
    ['API', ApiScopeScreen],
  ])(
    'the %s scope menu tree follows the language: English names in English, the Chinese one where a menu has none',
    async (_, Screen) => {
      const u = userEvent.setup()
      try {
        await act(() => activateLocale('en'))
        renderScreen(Screen, '/?current=1&size=10')
        const tree = await screen.findByRole('tree')
        await u.click(await within(tree).findByText('System'))
        expect(await within(tree).findByText('Users')).toBeTruthy()
        expect(within(tree).getByText('日志')).toBeTruthy()
        expect(within(tree).queryByText('系统管理')).toBeNull()
      } finally {
        await act(() => activateLocale('zh'))
      }
    },
  )
})
