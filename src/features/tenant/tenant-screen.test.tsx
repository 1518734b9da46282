// Tenant actions: each asks what it needs (selection, values, confirmation) and then posts exactly
// the params of the BladeX contract; the account number is validated before anything is sent.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import TenantScreen from './tenant-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const posts: { verb: string; query: Record<string, string> }[] = []
const ROWS = [
  {
    id: '11',
    tenantId: '100001',
    tenantName: '河内分公司',
    linkman: 'A',
    status: 1,
    accountNumber: 5,
    expireTime: '2030-01-01 00:00:00',
  },
  {
    id: '12',
    tenantId: '100002',
    tenantName: '胡志明分公司',
    linkman: 'B',
    status: 2,
    accountNumber: -1,
  },
]
const T = `${API}/blade-system/tenant`

setupMsw(
  mock.get(`${T}/list`, () => ok({ records: ROWS, total: 2, size: 10, current: 1, pages: 1 })),
  mock.get(`${API}/blade-develop/datasource/select`, () => ok([{ id: '5', name: '订单库' }])),
  mock.get(`${API}/blade-system/tenant-package/select`, () =>
    ok([
      { id: '7', packageName: '基础版' },
      { id: '8', packageName: '高级版' },
    ]),
  ),
  mock.get(`${T}/package-detail`, () => ok({ id: '7', packageName: '基础版' })),
  ...['setting', 'datasource', 'package-setting', 'recycle', 'pass'].map((verb) =>
    mock.post(`${T}/${verb}`, ({ request }) => {
      posts.push({ verb, query: Object.fromEntries(new URL(request.url).searchParams) })
      return ok(null)
    }),
  ),
)

beforeEach(() => {
  posts.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '1' })
  sessionStore.setPermission({
    tenant_setting: true,
    tenant_datasource: true,
    tenant_package_setting: true,
    tenant_recycle: true,
    tenant_pass: true,
  })
})
afterEach(() => notifications.clean())

async function open() {
  const u = userEvent.setup()
  renderScreen(TenantScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  await within(table).findByText('河内分公司')
  return { u, table }
}

describe('tenant screen', () => {
  it('shows normal and recycled tenants with the matching row action', async () => {
    const { table } = await open()
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first).getByText('正常')).toBeTruthy()
    expect(within(first).getByRole('button', { name: '回收' })).toBeTruthy()
    expect(within(second).getByText('已回收')).toBeTruthy()
    expect(within(second).getByRole('button', { name: '恢复' })).toBeTruthy()
  })

  it('authorization setting needs a selection, validates the account number and posts ids, accountNumber and expireTime', async () => {
    const { u, table } = await open()
    await u.click(screen.getByRole('button', { name: '授权配置' }))
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(screen.getByRole('button', { name: '授权配置' }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByRole('textbox', { name: /账号额度/ })
    expect((input as HTMLInputElement).value).toBe('5')
    for (const bad of ['-2', '1.5']) {
      await u.clear(input)
      await u.type(input, bad)
      await u.tab()
      expect(await within(dialog).findByText(/账号额度必须是大于等于 -1 的整数/)).toBeTruthy()
      await u.click(within(dialog).getByRole('button', { name: '确定' }))
      expect(posts).toEqual([])
    }
    await u.clear(input)
    await u.type(input, '-1')
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await screen.findByText('操作成功')
    expect(posts).toEqual([
      {
        verb: 'setting',
        query: { ids: '11', accountNumber: '-1', expireTime: '2030-01-01 00:00:00' },
      },
    ])
  })

  it('recycles only after the confirmation, which says the users can no longer log in', async () => {
    const { u, table } = await open()
    await u.click(within(table).getByRole('button', { name: '回收' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/用户将无法登录/)).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(posts).toEqual([])
    await u.click(within(table).getByRole('button', { name: '回收' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await screen.findByText('操作成功')
    expect(posts).toEqual([{ verb: 'recycle', query: { ids: '11' } }])
  })

  it('restores a recycled tenant with pass', async () => {
    const { u, table } = await open()
    await u.click(within(table).getByRole('button', { name: '恢复' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(posts).toEqual([{ verb: 'pass', query: { ids: '12' } }]))
  })

  it('binds a data source to one selected tenant', async () => {
    const { u, table } = await open()
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(within(table).getByRole('checkbox', { name: '选择第2行' }))
    await u.click(screen.getByRole('button', { name: '数据源配置' }))
    expect(await screen.findByText('请选择且只选择一条数据')).toBeTruthy()
    await u.click(within(table).getByRole('checkbox', { name: '选择第2行' }))
    await u.click(screen.getByRole('button', { name: '数据源配置' }))
    const dialog = await screen.findByRole('dialog')
    await u.click(within(dialog).getByRole('combobox', { name: '数据源' }))
    await u.click(await screen.findByRole('option', { name: '订单库' }))
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(posts).toEqual([
        { verb: 'datasource', query: { tenantId: '100001', datasourceId: '5' } },
      ]),
    )
  })

  it('shows the current package and posts the new one', async () => {
    const { u, table } = await open()
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(screen.getByRole('button', { name: '套餐配置' }))
    const dialog = await screen.findByRole('dialog')
    const select = within(dialog).getByRole('combobox', { name: '产品包' })
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('基础版'))
    await u.click(select)
    await u.click(await screen.findByRole('option', { name: '高级版' }))
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(posts).toEqual([
        { verb: 'package-setting', query: { tenantId: '100001', packageId: '8' } },
      ]),
    )
  })
})
