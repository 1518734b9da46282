// Job info screen: the enable switch posts change, run now posts run, the drawer lists a job's
// instances and opens one's log lines, and the form, grouped as PowerJob's, shows the next trigger
// times of its timing.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { calls, entityHandlers } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { jobInfo } from '@/domain/job/job-info'
import { API, setupMsw } from '@/test/msw'
import JobInfoScreen from './job-info-screen'

const posted: string[] = []
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
setupMsw(
  ...entityHandlers(jobInfo),
  mock.get(`${API}/blade-job/job-server/select`, () =>
    ok([{ id: '1900000000000000060', jobServerName: '内置调度器' }]),
  ),
  mock.post(`${API}/blade-job/job-info/change`, ({ request }) => {
    posted.push(`change ${new URL(request.url).search}`)
    return ok({})
  }),
  mock.post(`${API}/blade-job/job-info/run`, ({ request }) => {
    posted.push(`run ${new URL(request.url).search}`)
    return ok({ instanceId: '77' })
  }),
  mock.get(`${API}/blade-job/job-instance/list`, () =>
    ok({
      records: [
        {
          id: '77',
          status: 5,
          triggerType: 2,
          triggerTime: '2026-03-01 09:00:00',
          startTime: '2026-03-01 09:00:00',
          endTime: '2026-03-01 09:00:01',
          duration: 850,
          attempt: 1,
          result: 'HTTP 200',
        },
      ],
      total: 1,
    }),
  ),
  mock.get(`${API}/blade-job/job-instance/detail`, () =>
    ok({
      id: '77',
      logs: [
        {
          time: '2026-03-01 09:00:00',
          logLevel: 2,
          content: 'GET /api/blade-system/param/list (admin)',
        },
      ],
    }),
  ),
  mock.get(`${API}/blade-job/job-info/next-triggers`, ({ request }) => {
    const expr = new URL(request.url).searchParams.get('timeExpression')
    if (expr === 'bad')
      return HttpResponse.json(
        { code: 400, success: false, msg: 'CRON 表达式无效: bad', data: {} },
        { status: 400 },
      )
    return ok([
      '2026-03-02 03:00:00',
      '2026-03-03 03:00:00',
      '2026-03-04 03:00:00',
      '2026-03-05 03:00:00',
      '2026-03-06 03:00:00',
    ])
  }),
)

beforeEach(() => {
  posted.length = 0
  calls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ job_add: true, job_edit: true, job_change: true, job_run: true })
})
afterEach(() => notifications.clean())

describe('job info screen', () => {
  it('pauses a job with its switch and runs one now', async () => {
    const u = userEvent.setup()
    renderScreen(JobInfoScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    const switches = (await within(table).findAllByRole('switch')) as HTMLInputElement[]
    expect(switches[0]!.checked).toBe(true)
    await u.click(switches[0]!)
    // The version the list shows goes along (a job changed since is refused).
    await waitFor(() => expect(posted).toEqual(['change ?id=1001&enable=0&version=3']))
    await u.click((await within(table).findAllByRole('button', { name: '运行' }))[0]!)
    await waitFor(() => expect(posted).toContain('run ?id=1001'))
  })

  it('shows a job’s instances and an instance’s log lines', async () => {
    const u = userEvent.setup()
    renderScreen(JobInfoScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await u.click((await within(table).findAllByRole('button', { name: '运行记录' }))[0]!)
    const drawer = await screen.findByRole('dialog')
    await within(drawer).findByText('HTTP 200')
    // By keyboard too: each row's log button says which instance and whether its lines are open.
    const logButton = within(drawer).getByRole('button', { name: '查看日志 2026-03-01 09:00:00' })
    expect(logButton.getAttribute('aria-expanded')).toBe('false')
    logButton.focus()
    await u.keyboard('{Enter}')
    expect(logButton.getAttribute('aria-expanded')).toBe('true')
    expect((await within(drawer).findByTestId('job-instance-logs')).textContent).toContain(
      '[INFO] GET /api/blade-system/param/list (admin)',
    )
    expect(within(drawer).getByText('成功')).toBeTruthy()
  })

  it('groups the form as PowerJob does, each heading above its fields', async () => {
    const u = userEvent.setup()
    renderScreen(JobInfoScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 })
    const headings = within(dialog).getAllByRole('heading', { level: 3 })
    expect(headings.map((h) => h.textContent)).toEqual([
      '基本信息',
      '定时信息',
      '执行配置',
      '运行限制',
      '报警配置',
      '日志配置',
    ])
    // In document order: each group's first field comes after its heading and before the next one.
    const firstFields = [
      '任务应用',
      '定时类型',
      '执行类型',
      '最大实例数',
      '报警用户',
      '日志类型',
    ].map((label) => within(dialog).getAllByText(new RegExp(`^${label}`))[0]!)
    headings.forEach((h, n) => {
      expect(
        h.compareDocumentPosition(firstFields[n]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy()
      if (headings[n + 1])
        expect(
          firstFields[n]!.compareDocumentPosition(headings[n + 1]!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy()
    })
  })

  it('shows the next five trigger times of the typed timing, or why there are none', async () => {
    const u = userEvent.setup()
    renderScreen(JobInfoScreen, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 })
    const expr = within(dialog)
      .getAllByLabelText(/^时间表达式/)
      .find((el) => el.matches('input')) as HTMLInputElement
    await u.type(expr, '0 0 3 * * *')
    const preview = await within(dialog).findByTestId('job-next-triggers')
    await waitFor(() => expect(within(preview).getAllByRole('listitem')).toHaveLength(5))
    // Inside the timing group: after its heading, before the execution group's.
    const heading = (name: string) => within(dialog).getByRole('heading', { level: 3, name })
    expect(
      heading('定时信息').compareDocumentPosition(preview) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(
      preview.compareDocumentPosition(heading('执行配置')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    await u.clear(expr)
    await u.type(expr, 'bad')
    expect(await within(dialog).findByText('CRON 表达式无效: bad')).toBeTruthy()
  })
})
