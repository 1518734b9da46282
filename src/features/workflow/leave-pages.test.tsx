// The leave request: the form checks its fields, shows the days, and starts the process with the
// chosen times, reason and approver, then goes to 已发事务; handling approves (flag ok) or
// rejects (flag reject, a comment needed), then goes back to 待办事务; the detail shows the status,
// the diagram and the history; 请假流程 lists the caller's leave requests and applies with the newest
// active leave definition.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock } from 'msw'
import type { ComponentProps } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { renderScreen } from '@/test/render-screen'
import { axeViolations } from '@/test/axe'
import { API, setupMsw } from '@/test/msw'
import type FlowDiagramCanvas from './flow-diagram-canvas'
import { LeaveDetailPage } from './leave-detail-page'
import { LeaveFormPage } from './leave-form-page'
import { LeaveHandlePage } from './leave-handle-page'
import LeaveScreen from './leave-screen'
import {
  commonHandlers,
  leave,
  leaveProcess,
  log,
  oldLeave,
  ok,
  page,
  refuse,
  sent,
  sentTo,
  task,
} from './test-fixtures'

vi.mock('./flow-diagram-canvas', () => ({
  default: (p: ComponentProps<typeof FlowDiagramCanvas>) => (
    <div role="group" aria-label={p.label} data-marks={JSON.stringify([...p.marks])} />
  ),
}))

let completeAnswer: 'ok' | 'refuse' = 'ok'
setupMsw(
  ...commonHandlers,
  mock.get(`${API}/blade-system/user/list`, () =>
    page([{ id: '3', account: 'boss', realName: '王经理' }]),
  ),
  mock.post(
    `${API}/blade-desk/process/leave/start-process`,
    async ({ request }) => (await log(request), ok({ ...leave, id: '999' })),
  ),
  mock.get(`${API}/blade-desk/process/leave/detail`, async ({ request }) => {
    const s = await log(request)
    return s.query.businessId === '901'
      ? ok(leave)
      : ok({
          ...leave,
          id: s.query.businessId,
          flow: task(1, { processIsFinished: 'finished', status: 'finished' }),
        })
  }),
  mock.post(
    `${API}/blade-flow/work/complete-task`,
    async ({ request }) => (
      await log(request),
      completeAnswer === 'ok' ? ok(null) : refuse('任务不存在或已办理')
    ),
  ),
  mock.get(
    `${API}/blade-flow/work/send-list`,
    async ({ request }) => (await log(request), page([task(1, { startUserName: '阿梅' })])),
  ),
  mock.get(
    `${API}/blade-flow/work/start-list`,
    async ({ request }) => (await log(request), page([oldLeave, leaveProcess])),
  ),
)

beforeEach(() => {
  sent.length = 0
  completeAnswer = 'ok'
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '6' })
  sessionStore.setPermission({ leave_add: true, leave_view: true })
})
afterEach(() => notifications.clean())

/** Picks a day of the shown month in a date-time picker. */
async function pickDay(u: ReturnType<typeof userEvent.setup>, label: string, day: number) {
  await u.click(screen.getByRole('button', { name: label }))
  await u.click(screen.getAllByRole('button', { name: new RegExp(`^${day} `) })[0]!)
  await u.click(screen.getByRole('button', { name: '确定' }))
}

describe('leave form', () => {
  it("checks the required fields, then starts the process with the form's values and goes to 已发事务", async () => {
    const u = userEvent.setup()
    const { router } = renderScreen(() => <LeaveFormPage processDefinitionId={leaveProcess.id} />)
    await u.click(await screen.findByRole('button', { name: '提交' }))
    for (const m of ['请选择开始时间', '请选择结束时间', '请输入请假理由'])
      expect(await screen.findByText(m)).toBeTruthy()
    expect(sentTo('/blade-desk/process/leave/start-process')).toEqual([])
    expect(await axeViolations()).toEqual([])

    await pickDay(u, '开始时间', 10)
    await pickDay(u, '结束时间', 12)
    expect(screen.getByTestId('leave-days').textContent).toBe('请假天数：3 天')
    await u.type(screen.getByRole('textbox', { name: /请假理由/ }), '回老家探亲')
    await u.click(screen.getByPlaceholderText('管理员角色'))
    await u.click(await screen.findByRole('option', { name: '王经理 (boss)' }))
    await u.click(screen.getByRole('button', { name: '提交' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/send'))
    const body = sentTo('/blade-desk/process/leave/start-process')[0]!.body as Record<
      string,
      string
    >
    expect(body).toMatchObject({
      processDefinitionId: leaveProcess.id,
      reason: '回老家探亲',
      taskUser: '3',
    })
    expect(body.startTime).toMatch(/^\d{4}-\d{2}-10 \d{2}:\d{2}:\d{2}$/)
    expect(body.endTime).toMatch(/^\d{4}-\d{2}-12 \d{2}:\d{2}:\d{2}$/)
    expect(sentTo('/blade-flow/process/model-view')[0]!.query).toEqual({
      processDefinitionId: leaveProcess.id,
    })
  })

  it('refuses an end before the start', async () => {
    const u = userEvent.setup()
    renderScreen(() => <LeaveFormPage processDefinitionId={leaveProcess.id} />)
    await screen.findByRole('button', { name: '提交' })
    await pickDay(u, '开始时间', 12)
    await pickDay(u, '结束时间', 10)
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeTruthy()
    expect(screen.getByTestId('leave-days').textContent).toBe('请假天数：选择开始与结束时间后计算')
  })
})

describe('leave handling', () => {
  const props = { taskId: '701', processInstanceId: '501', businessId: '901' }

  it('shows the request and its flow, and approves with flag ok', async () => {
    const u = userEvent.setup()
    const { router } = renderScreen(() => <LeaveHandlePage {...props} />)
    expect(await screen.findByText('回老家探亲')).toBeTruthy()
    expect(screen.getByText('阿梅')).toBeTruthy()
    expect(screen.getByText('2.5 天')).toBeTruthy()
    expect(await screen.findByText('当前环节：经理审批')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await u.type(screen.getByRole('textbox', { name: '批复意见' }), '同意，注意安全')
    await u.click(screen.getByRole('button', { name: '同意' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/todo'))
    expect(sentTo('/blade-flow/work/complete-task').map((s) => s.body)).toEqual([
      { taskId: '701', processInstanceId: '501', flag: 'ok', comment: '同意，注意安全' },
    ])
  })

  it('rejects only with a comment, with a flag other than ok', async () => {
    const u = userEvent.setup()
    renderScreen(() => <LeaveHandlePage {...props} />)
    await screen.findByText('回老家探亲')
    await u.click(screen.getByRole('button', { name: '驳回' }))
    expect(await screen.findByText('驳回时请填写批复意见')).toBeTruthy()
    expect(sentTo('/blade-flow/work/complete-task')).toEqual([])
    await u.type(screen.getByRole('textbox', { name: '批复意见' }), '项目上线期间')
    await u.click(screen.getByRole('button', { name: '驳回' }))
    await waitFor(() => expect(sentTo('/blade-flow/work/complete-task')).toHaveLength(1))
    expect(sentTo('/blade-flow/work/complete-task')[0]!.body).toEqual({
      taskId: '701',
      processInstanceId: '501',
      flag: 'reject',
      comment: '项目上线期间',
    })
  })

  it('shows a refusal and stays', async () => {
    completeAnswer = 'refuse'
    const u = userEvent.setup()
    const { router } = renderScreen(() => <LeaveHandlePage {...props} />, '/here')
    await screen.findByText('回老家探亲')
    await u.click(screen.getByRole('button', { name: '同意' }))
    expect(await screen.findByText('任务不存在或已办理')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/here')
  })
})

describe('leave detail and list', () => {
  it('shows a finished request as finished, with its diagram and history', async () => {
    renderScreen(() => <LeaveDetailPage processInstanceId="501" businessId="902" />)
    expect((await screen.findByTestId('leave-status')).textContent).toBe('已办结')
    expect(await screen.findByRole('group', { name: '流程图，当前环节：经理审批' })).toBeTruthy()
    expect(screen.getByTestId('flow-history').textContent).toContain('处理人：阿梅')
    expect(await axeViolations()).toEqual([])
  })

  it("lists the caller's leave requests and applies with the newest active leave definition", async () => {
    const u = userEvent.setup()
    const { router } = renderScreen(LeaveScreen, '/?current=1&size=10')
    const row = (await screen.findByText('2026-02-01 10:00:00')).closest('tr')!
    expect(within(row).getByText('进行中')).toBeTruthy()
    expect(sentTo('/blade-flow/work/send-list')[0]!.query).toMatchObject({ category: 'flow_1' })
    expect(await axeViolations()).toEqual([])
    await waitFor(() => expect(sentTo('/blade-flow/work/start-list')).toHaveLength(1))
    await u.click(screen.getByRole('button', { name: '申请' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/work/process/leave/form/Leave%3A2%3A2002'),
    )
  })
})
