// Job server screen: 同步 per row posts sync for that server and says what it answered (the
// embedded scheduler's state, or an external PowerJob server's app id); without the sync button
// permission there is no 同步.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers, sampleKey } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { jobServer } from '@/domain/job/job-server'
import { API, setupMsw } from '@/test/msw'
import JobServerScreen from './job-server-screen'

const synced: string[] = []
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
setupMsw(
  ...entityHandlers(jobServer),
  mock.post(`${API}/blade-job/job-server/sync`, ({ request }) => {
    const id = new URL(request.url).searchParams.get('id')!
    synced.push(id)
    return ok(
      id === sampleKey(jobServer, 1)
        ? { running: true, external: true, appId: '42' }
        : {
            running: true,
            enabledJobs: 3,
            activeInstances: 1,
            nextTriggerTime: '2026-03-02 03:00:00',
          },
    )
  }),
)

beforeEach(() => {
  synced.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ job_server_add: true, job_server_edit: true, job_server_sync: true })
})
afterEach(() => notifications.clean())

describe('job server screen', () => {
  it('syncs a server and says what it answered', async () => {
    const u = userEvent.setup()
    renderScreen(JobServerScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    const buttons = await within(table).findAllByRole('button', { name: /^同步 / })
    await u.click(buttons[0]!)
    expect(await screen.findByText('任务服务可用，应用 ID：42')).toBeTruthy()
    await u.click(buttons[1]!)
    expect(
      await screen.findByText(
        '内置调度器运行中：3 个启用的任务，1 个实例运行中，下次触发 2026-03-02 03:00:00',
      ),
    ).toBeTruthy()
    expect(synced).toEqual([sampleKey(jobServer, 1), sampleKey(jobServer, 2)])
  })

  it('has no sync without the sync button', async () => {
    sessionStore.setPermission({ job_server_add: true })
    renderScreen(JobServerScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1))
    expect(within(table).queryByRole('button', { name: /^同步 / })).toBeNull()
  })
})
