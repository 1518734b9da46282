// The enable switch sends the version of the job shown; a job changed since is refused (409): the
// screen says so and refreshes the list instead of claiming it switched.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import JobInfoScreen from './job-info-screen'

const JOB = {
  id: '1001',
  jobName: '夜间清理',
  jobServerId: '1900000000000000060',
  timeExpressionType: 1,
  processorInfo: 'http',
  enable: 1,
  version: 7,
}
const sent: string[] = []
let lists = 0
setupMsw(
  mock.get(`${API}/blade-job/job-info/list`, () => {
    lists++
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { records: [JOB], total: 1, size: 10, current: 1, pages: 1 },
    })
  }),
  mock.get(`${API}/blade-job/job-server/select`, () =>
    HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: [] }),
  ),
  mock.post(`${API}/blade-job/job-info/change`, ({ request }) => {
    sent.push(new URL(request.url).search)
    return HttpResponse.json(
      {
        code: 409,
        success: false,
        msg: '数据已被他人修改，请刷新后重试',
        data: { ...JOB, enable: 0, version: 8 },
      },
      { status: 409 },
    )
  }),
)
afterEach(() => notifications.clean())

it('switches with the job’s version; a stale job is said and the list refreshed', async () => {
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ job_change: true })
  const u = userEvent.setup()
  renderScreen(JobInfoScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  const before = lists
  await u.click((await within(table).findAllByRole('switch'))[0]!)
  expect(await screen.findByText('所选数据已被他人修改，列表已刷新，请核对后重新操作')).toBeTruthy()
  expect(sent).toEqual(['?id=1001&enable=0&version=7'])
  await waitFor(() => expect(lists).toBeGreaterThan(before))
  expect(screen.queryByText('已停用')).toBeNull()
})
