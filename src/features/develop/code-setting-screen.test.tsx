// Code setting screen: 启用 on each setting not enabled (none on the enabled one) asks first, then
// posts enable with the setting's id and refreshes the list; cancel sends nothing; without the
// code_setting_enable button there is no 启用.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers, optionHandlers, sampleKey, sampleRow } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { codeSetting } from '@/domain/develop/code-setting'
import { API, setupMsw } from '@/test/msw'
import CodeSettingScreen from './code-setting-screen'

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
const enabled: Record<string, string>[] = []
let stale = false
let lists = 0
setupMsw(
  // The first setting is the enabled one.
  mock.get(`${API}/blade-develop/code-setting/list`, () => {
    lists++
    const records = [1, 2, 3].map((n) => ({
      ...sampleRow(codeSetting, n),
      name: `设置${n}`,
      status: n === 1 ? 1 : 0,
    }))
    return ok({ records, total: 3, size: 10, current: 1, pages: 1 })
  }),
  ...entityHandlers(codeSetting),
  ...optionHandlers([codeSetting]),
  mock.post(`${API}/blade-develop/code-setting/enable`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams)
    enabled.push(query)
    if (stale)
      return HttpResponse.json(
        {
          code: 409,
          success: false,
          data: { ...sampleRow(codeSetting, 2), version: 40 },
          msg: '数据已被他人修改，请刷新后重试',
        },
        { status: 409 },
      )
    return ok(null)
  }),
)

beforeEach(() => {
  enabled.length = 0
  stale = false
  lists = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({
    code_setting_add: true,
    code_setting_edit: true,
    code_setting_enable: true,
  })
})
afterEach(() => notifications.clean())

async function list() {
  renderScreen(CodeSettingScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  await within(table).findByRole('button', { name: '启用 设置2' })
  return table
}

describe('code setting screen', () => {
  it('shows the status and no 启用 on the enabled setting', async () => {
    const table = await list()
    expect(within(table).queryByRole('button', { name: '启用 设置1' })).toBeNull()
    expect(within(table).getByRole('button', { name: '启用 设置3' })).toBeTruthy()
    expect(within(table).getByText('已启用')).toBeTruthy()
    expect(within(table).getAllByText('未启用')).toHaveLength(2)
  })

  it('asks, then enables the setting by its id and refreshes the list', async () => {
    const u = userEvent.setup()
    const table = await list()
    const before = lists
    await u.click(within(table).getByRole('button', { name: '启用 设置2' }))
    expect(await screen.findByText('确定启用该配置？')).toBeTruthy()
    expect(enabled).toEqual([])
    await u.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('启用成功')).toBeTruthy()
    // The version the list showed goes along.
    expect(enabled).toEqual([
      { id: sampleKey(codeSetting, 2), version: String(sampleRow(codeSetting, 2).version) },
    ])
    await waitFor(() => expect(lists).toBeGreaterThan(before))
  })

  it('says a setting changed since it was listed and refreshes the list instead of claiming success', async () => {
    stale = true
    const u = userEvent.setup()
    const table = await list()
    const before = lists
    await u.click(within(table).getByRole('button', { name: '启用 设置2' }))
    await u.click(await screen.findByRole('button', { name: '确定' }))
    expect(
      await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作'),
    ).toBeTruthy()
    await waitFor(() => expect(lists).toBeGreaterThan(before))
    expect(screen.queryByText('启用成功')).toBeNull()
  })

  it('sends nothing when the question is cancelled', async () => {
    const u = userEvent.setup()
    const table = await list()
    await u.click(within(table).getByRole('button', { name: '启用 设置3' }))
    await u.click(await screen.findByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByText('确定启用该配置？')).toBeNull())
    expect(enabled).toEqual([])
  })

  it('has no 启用 without its button', async () => {
    sessionStore.setPermission({ code_setting_add: true })
    renderScreen(CodeSettingScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('设置2')
    expect(within(table).queryByRole('button', { name: /^启用 / })).toBeNull()
  })
})
