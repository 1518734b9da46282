// Enabling a storage configuration sends the version of the row shown; one changed since is refused
// (409): the screen says so and refreshes the list instead of claiming success.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import OssScreen from './oss-screen'

const MINIO = {
  id: '22',
  category: 2,
  ossCode: 'minio',
  endpoint: 'http://b',
  status: 1,
  version: 6,
}
const sent: Record<string, string>[] = []
let lists = 0

setupMsw(
  mock.get(`${API}/blade-resource/oss/list`, () => {
    lists++
    return HttpResponse.json({
      code: 200,
      success: true,
      data: { records: [MINIO], total: 1, size: 10, current: 1, pages: 1 },
      msg: '操作成功',
    })
  }),
  mock.post(`${API}/blade-resource/oss/enable`, ({ request }) => {
    sent.push(Object.fromEntries(new URL(request.url).searchParams))
    return HttpResponse.json(
      {
        code: 409,
        success: false,
        data: { ...MINIO, version: 7 },
        msg: '数据已被他人修改，请刷新后重试',
      },
      { status: 409 },
    )
  }),
)

beforeEach(() => {
  sent.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '9' })
  sessionStore.setPermission({ oss_enable: true })
})
afterEach(() => notifications.clean())

it('enables with the row’s version; a stale row is said and the list refreshed', async () => {
  const u = userEvent.setup()
  renderScreen(OssScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  await within(table).findByText('minio')
  const before = lists
  await u.click(within(table).getByRole('button', { name: '启用' }))
  await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
  expect(await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作')).toBeTruthy()
  expect(sent).toEqual([{ id: '22', version: '6' }])
  await waitFor(() => expect(lists).toBeGreaterThan(before))
  expect(screen.queryByText('操作成功')).toBeNull()
})
