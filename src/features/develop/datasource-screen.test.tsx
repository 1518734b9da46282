// Data source form: the JDBC fields only for a single database, the sharding YAML only for a
// sharding source; "test connection" posts the typed values from the form, or the id from a row,
// and shows the server's answer.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { calls, entityHandlers, lastCall } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { datasource } from '@/domain/develop/datasource'
import { API, setupMsw } from '@/test/msw'
import DatasourceScreen from './datasource-screen'

const tests: unknown[] = []
setupMsw(
  ...entityHandlers(datasource),
  mock.get(`${API}/blade-system/dict/dictionary`, () =>
    HttpResponse.json({
      code: 200,
      success: true,
      msg: '',
      data: [
        { dictKey: 1, dictValue: '单库' },
        { dictKey: 2, dictValue: '分库分表' },
      ],
    }),
  ),
  mock.post(`${API}/blade-develop/datasource/test-connection`, async ({ request }) => {
    tests.push(await request.json())
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '连接成功',
      data: { connected: true, version: 'PostgreSQL 16.4' },
    })
  }),
)

beforeEach(() => {
  tests.length = 0
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ datasource_add: true, datasource_edit: true })
})
afterEach(() => notifications.clean())

const input = (root: HTMLElement, name: RegExp) =>
  within(root)
    .getAllByLabelText(name)
    .find((el) => el.matches('input, textarea')) as HTMLInputElement

describe('data source screen', () => {
  it('shows the fields of the category, tests the typed connection and saves them', async () => {
    const u = userEvent.setup()
    renderScreen(DatasourceScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByLabelText(/分库分表配置/)).toBeNull()
    await u.type(input(dialog, /^名称/), '订单库')
    const url = await waitFor(() => input(dialog, /^连接地址/))
    await u.click(url)
    await u.tab()
    // A field the user only passed through shows no message yet; saving would.
    expect(within(dialog).queryByText('请输入连接地址')).toBeNull()
    await u.click(input(dialog, /^驱动类/))
    await u.click(await screen.findByRole('option', { name: 'PostgreSQL' }))
    await u.type(url, 'jdbc:postgresql://127.0.0.1:5432/shop')
    await u.type(input(dialog, /^用户名/), 'shop')
    await u.type(input(dialog, /^密码/), 'pw')
    await u.click(within(dialog).getByRole('button', { name: '测试连接' }))
    expect(await screen.findByText('PostgreSQL 16.4')).toBeTruthy()
    expect(tests).toEqual([
      {
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/shop',
        username: 'shop',
        password: 'pw',
      },
    ])
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    expect(lastCall('POST', 'submit')?.body).toMatchObject({
      name: '订单库',
      category: '1',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/shop',
      username: 'shop',
      password: 'pw',
    })
  })

  it('a sharding source shows the YAML config and no JDBC fields or test', async () => {
    const u = userEvent.setup()
    renderScreen(DatasourceScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.click(input(dialog, /^类型/))
    await u.click(await screen.findByRole('option', { name: '分库分表' }))
    expect(await within(dialog).findByLabelText(/分库分表配置/)).toBeTruthy()
    expect(within(dialog).queryByLabelText(/^连接地址/)).toBeNull()
    expect(within(dialog).queryByRole('button', { name: '测试连接' })).toBeNull()
  })

  it('tests a saved data source by its id from the row', async () => {
    const u = userEvent.setup()
    renderScreen(DatasourceScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: '测试连接' }))[0])
    expect(await screen.findByText('PostgreSQL 16.4')).toBeTruthy()
    expect(tests).toEqual([{ id: '1001' }])
  })
})
