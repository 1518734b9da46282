// The tenant actions carry the versions of the rows shown. The setting dialog opened on a tenant
// changed since opens the conflict dialog (its account number beside mine): reload theirs puts the
// server's values in the dialog, keep mine sends mine on the server's version. Recycling a stale
// tenant is said and the list refreshed.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import TenantScreen from './tenant-screen'

const T = `${API}/blade-system/tenant`
const HANOI = {
  id: '11',
  tenantId: '100001',
  tenantName: '河内分公司',
  linkman: 'A',
  status: 1,
  accountNumber: 5,
  expireTime: '2030-01-01 00:00:00',
  version: 2,
}
/** The platform administrator changed the account number since the list was read. */
const HANOI_NOW = {
  ...HANOI,
  accountNumber: 9,
  version: 3,
  updateTime: '2026-11-20 10:00:00',
  updateUserName: '阮文A',
}
const posts: { verb: string; query: Record<string, string> }[] = []
let lists = 0

setupMsw(
  mock.get(`${T}/list`, () => {
    lists++
    return HttpResponse.json({
      code: 200,
      success: true,
      data: { records: [HANOI], total: 1, size: 10, current: 1, pages: 1 },
      msg: '操作成功',
    })
  }),
  mock.get(`${API}/blade-develop/datasource/select`, () =>
    HttpResponse.json({
      code: 200,
      success: true,
      data: [{ id: '5', name: '越南库' }],
      msg: '操作成功',
    }),
  ),
  mock.post(`${T}/datasource`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    posts.push({ verb: 'datasource', query })
    return HttpResponse.json(
      {
        code: 409,
        success: false,
        data: HANOI_NOW,
        msg: '数据已被 阮文A 于 2026-11-20 10:00:00 修改，请刷新后重试',
      },
      { status: 409 },
    )
  }),
  ...['setting', 'recycle'].map((verb) =>
    mock.post(`${T}/${verb}`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams)
      posts.push({ verb, query })
      if (query.versions !== String(HANOI_NOW.version))
        return HttpResponse.json(
          {
            code: 409,
            success: false,
            data: HANOI_NOW,
            msg: '数据已被 阮文A 于 2026-11-20 10:00:00 修改，请刷新后重试',
          },
          { status: 409 },
        )
      return HttpResponse.json({ code: 200, success: true, data: {}, msg: '操作成功' })
    }),
  ),
)

beforeEach(() => {
  posts.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '1' })
  sessionStore.setPermission({
    tenant_setting: true,
    tenant_recycle: true,
    tenant_datasource: true,
  })
})
afterEach(() => notifications.clean())

async function settingOnStale() {
  const u = userEvent.setup()
  renderScreen(TenantScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  await within(table).findByText('河内分公司')
  await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
  await u.click(screen.getByRole('button', { name: '授权配置' }))
  const dialog = await screen.findByRole('dialog', { name: '授权配置' })
  const input = within(dialog).getByRole('textbox', { name: /账号额度/ })
  await u.clear(input)
  await u.type(input, '7')
  await u.click(within(dialog).getByRole('button', { name: '确定' }))
  const conflict = await screen.findByRole('dialog', { name: /保存冲突/ })
  return { u, dialog, conflict }
}

describe('tenant actions on versions', () => {
  it('setting on a stale tenant shows theirs beside mine; keep mine sends mine on their version', async () => {
    const { u, conflict } = await settingOnStale()
    expect(posts[0]).toEqual({
      verb: 'setting',
      query: { ids: '11', accountNumber: '7', expireTime: '2030-01-01 00:00:00', versions: '2' },
    })
    const line = within(within(conflict).getByTestId('conflict-table'))
      .getByText('账号额度')
      .closest('tr') as HTMLElement
    expect(line.textContent).toContain('7')
    expect(line.textContent).toContain('9')
    await u.click(within(conflict).getByRole('button', { name: '保留我的' }))
    await screen.findByText('操作成功')
    expect(posts[1]).toEqual({
      verb: 'setting',
      query: { ids: '11', accountNumber: '7', expireTime: '2030-01-01 00:00:00', versions: '3' },
    })
  })

  it('reload theirs puts the server’s account number in the setting dialog', async () => {
    const { u, dialog, conflict } = await settingOnStale()
    await u.click(within(conflict).getByRole('button', { name: '载入服务器的' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /保存冲突/ })).toBeNull())
    expect(
      (within(dialog).getByRole('textbox', { name: /账号额度/ }) as HTMLInputElement).value,
    ).toBe('9')
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    await screen.findByText('操作成功')
    expect(posts[1]).toEqual({
      verb: 'setting',
      query: { ids: '11', accountNumber: '9', expireTime: '2030-01-01 00:00:00', versions: '3' },
    })
  })

  it('recycling a stale tenant is said and the list refreshed', async () => {
    const u = userEvent.setup()
    renderScreen(TenantScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('河内分公司')
    const before = lists
    await u.click(within(table).getByRole('button', { name: '回收' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    expect(
      await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作'),
    ).toBeTruthy()
    expect(posts[0]).toEqual({ verb: 'recycle', query: { ids: '11', versions: '2' } })
    await waitFor(() => expect(lists).toBeGreaterThan(before))
  })

  it('binding a data source to a stale tenant sends the version listed; the refusal is said, the dialog closed and the list refreshed', async () => {
    const u = userEvent.setup()
    renderScreen(TenantScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('河内分公司')
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(screen.getByRole('button', { name: '数据源配置' }))
    const dialog = await screen.findByRole('dialog', { name: '数据源配置' })
    await u.click(within(dialog).getByRole('combobox', { name: '数据源' }))
    await u.click(await screen.findByRole('option', { name: '越南库' }))
    const before = lists
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(
      await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作'),
    ).toBeTruthy()
    expect(posts[0]).toEqual({
      verb: 'datasource',
      query: { tenantId: '100001', datasourceId: '5', version: '2' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '数据源配置' })).toBeNull())
    await waitFor(() => expect(lists).toBeGreaterThan(before))
  })
})
