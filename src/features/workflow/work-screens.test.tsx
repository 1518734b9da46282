// 我的事务: each list shows its answer's rows; 签收 confirms, posts claim-task with the task and
// drops the row; 发起, 办理 and 详情 open the screens the flow dictionary names for the category,
// and an unknown category is said so; 流程图 opens the 流程图展示 dialog; a refusal is shown.
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
import WorkClaimScreen from './work-claim-screen'
import { WorkDoneScreen, WorkSendScreen } from './work-process-screens'
import WorkStartScreen from './work-start-screen'
import WorkTodoScreen from './work-todo-screen'
import {
  commonHandlers,
  leaveProcess,
  log,
  otherProcess,
  page,
  refuse,
  sent,
  sentTo,
  task,
  ok,
} from './test-fixtures'

vi.mock('./flow-diagram-canvas', () => ({
  default: (p: ComponentProps<typeof FlowDiagramCanvas>) => (
    <div role="group" aria-label={p.label} data-marks={JSON.stringify([...p.marks])} />
  ),
}))

let claimable = [task(1), task(2, { category: 'flow_9', categoryName: '报销流程' })]
let claimAnswer: 'ok' | 'refuse' = 'ok'
setupMsw(
  ...commonHandlers,
  mock.get(
    `${API}/blade-flow/work/start-list`,
    async ({ request }) => (await log(request), page([leaveProcess, otherProcess])),
  ),
  mock.get(
    `${API}/blade-flow/work/claim-list`,
    async ({ request }) => (await log(request), page(claimable)),
  ),
  mock.post(`${API}/blade-flow/work/claim-task`, async ({ request }) => {
    const s = await log(request)
    if (claimAnswer === 'refuse') return refuse('任务已被他人签收')
    claimable = claimable.filter((t) => t.taskId !== s.query.taskId)
    return ok(null)
  }),
  mock.get(
    `${API}/blade-flow/work/todo-list`,
    async ({ request }) => (
      await log(request),
      page([task(3), task(4, { category: 'flow_9', categoryName: '报销流程' })])
    ),
  ),
  mock.get(
    `${API}/blade-flow/work/send-list`,
    async ({ request }) => (
      await log(request),
      page([task(5, { processIsFinished: 'finished', status: 'finished' })])
    ),
  ),
  mock.get(
    `${API}/blade-flow/work/done-list`,
    async ({ request }) => (await log(request), page([task(6)])),
  ),
)

const ALL = [
  'work_start_view',
  'work_start_launch',
  'work_claim_view',
  'work_claim_sign',
  'work_todo_view',
  'work_todo_handle',
  'work_send_view',
  'work_done_view',
]
beforeEach(() => {
  sent.length = 0
  claimable = [task(1), task(2, { category: 'flow_9', categoryName: '报销流程' })]
  claimAnswer = 'ok'
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '6' })
  sessionStore.setPermission(Object.fromEntries(ALL.map((c) => [c, true])))
})
afterEach(() => notifications.clean())

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!

describe('work lists', () => {
  it('claims a task after a confirmation: claim-task with its id, and the row leaves the list', async () => {
    const u = userEvent.setup()
    renderScreen(WorkClaimScreen, '/?current=1&size=10')
    const row = await rowOf('申请人1')
    expect(within(row).getByText('审批')).toBeTruthy()
    await u.click(within(row).getByRole('button', { name: '签收' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('确定签收任务「审批」（请假流程）？')
    await u.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(await screen.findByText('签收成功，任务已转入待办事务')).toBeTruthy()
    expect(sentTo('/blade-flow/work/claim-task').map((s) => s.query)).toEqual([{ taskId: '701' }])
    await waitFor(() => expect(screen.queryByText('申请人1')).toBeNull())
    expect(screen.getByText('申请人2')).toBeTruthy()
  })

  it('shows a refused claim and keeps the row', async () => {
    claimAnswer = 'refuse'
    const u = userEvent.setup()
    renderScreen(WorkClaimScreen, '/?current=1&size=10')
    await u.click(within(await rowOf('申请人1')).getByRole('button', { name: '签收' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    expect(await screen.findByText('任务已被他人签收')).toBeTruthy()
    expect(screen.getByText('申请人1')).toBeTruthy()
  })

  it('has no 签收 without the sign button', async () => {
    sessionStore.setPermission({ work_claim_view: true })
    renderScreen(WorkClaimScreen, '/?current=1&size=10')
    const row = await rowOf('申请人1')
    expect(within(row).queryByRole('button', { name: '签收' })).toBeNull()
    expect(within(row).getByRole('button', { name: '流程图' })).toBeTruthy()
  })

  it('handles a to-do task in the screen its category has, and says so for a category without one', async () => {
    const u = userEvent.setup()
    const { router } = renderScreen(WorkTodoScreen, '/?current=1&size=10')
    await u.click(within(await rowOf('申请人4')).getByRole('button', { name: '办理' }))
    expect(
      await screen.findByText('流程分类「报销流程」没有配置表单页面（字典 flow），无法打开'),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    await u.click(within(await rowOf('申请人3')).getByRole('button', { name: '办理' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/work/process/leave/handle/703/503/903'),
    )
  })

  it("starts a process through its category's form, and shows a definition's diagram", async () => {
    const u = userEvent.setup()
    const { router } = renderScreen(WorkStartScreen, '/?current=1&size=10')
    const row = (await screen.findAllByText('请假流程'))
      .map((e) => e.closest('tr'))
      .find((r) => r && within(r).queryByText('Leave'))!
    await u.click(within(row).getByRole('button', { name: '流程图' }))
    const dialog = await screen.findByRole('dialog', { name: '流程图展示' })
    expect(await within(dialog).findByText('流程定义（未发起）')).toBeTruthy()
    expect(sentTo('/blade-flow/process/model-view').at(-1)?.query).toEqual({
      processDefinitionId: leaveProcess.id,
    })
    expect(sentTo('/blade-flow/process/history-flow-list')).toEqual([])
    await u.keyboard('{Escape}')
    await u.click(within(row).getByRole('button', { name: '发起' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/work/process/leave/form/Leave%3A2%3A2002'),
    )
  })

  it('opens the detail of a sent and of a done process, with the process status shown', async () => {
    const u = userEvent.setup()
    const sentView = renderScreen(WorkSendScreen, '/?current=1&size=10')
    const row = await rowOf('2026-02-05 10:00:00')
    expect(within(row).getByText('已办结')).toBeTruthy()
    await u.click(within(row).getByRole('button', { name: '详情' }))
    await waitFor(() =>
      expect(sentView.router.state.location.pathname).toBe('/work/process/leave/detail/505/905'),
    )
    sentView.unmount()
    const done = renderScreen(WorkDoneScreen, '/?current=1&size=10')
    const doneRow = await rowOf('2026-02-06 10:00:00')
    expect(within(doneRow).getByText('进行中')).toBeTruthy()
    await u.click(within(doneRow).getByRole('button', { name: '详情' }))
    await waitFor(() =>
      expect(done.router.state.location.pathname).toBe('/work/process/leave/detail/506/906'),
    )
  })

  it("shows a row's diagram with its path and history in the 流程图展示 dialog, and passes axe", async () => {
    const u = userEvent.setup()
    renderScreen(WorkTodoScreen, '/?current=1&size=10')
    await u.click(within(await rowOf('申请人3')).getByRole('button', { name: '流程图' }))
    const dialog = await screen.findByRole('dialog', { name: '流程图展示' })
    const img = await within(dialog).findByRole('group', { name: '流程图，当前环节：经理审批' })
    expect(JSON.parse(img.getAttribute('data-marks')!)).toEqual([
      ['start', 'done'],
      ['flow1', 'done'],
      ['approve', 'active'],
    ])
    expect(within(dialog).getByText('当前环节：经理审批')).toBeTruthy()
    expect(within(dialog).getByText('处理人：管理员')).toBeTruthy()
    expect(sentTo('/blade-flow/process/history-flow-list').at(-1)?.query).toEqual({
      processInstanceId: '503',
    })
    expect(await axeViolations()).toEqual([])
  })

  it('passes axe on a list with its rows', async () => {
    renderScreen(WorkClaimScreen, '/?current=1&size=10')
    await rowOf('申请人1')
    expect(await axeViolations()).toEqual([])
  })

  it('shows the tasks as cards with their actions on a phone, and the diagram dialog full screen', async () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767.98px'),
    })) as typeof window.matchMedia
    try {
      const u = userEvent.setup()
      renderScreen(WorkClaimScreen, '/?current=1&size=10')
      await waitFor(() => expect(screen.getAllByTestId('crud-card')).toHaveLength(2))
      expect(screen.queryByRole('table')).toBeNull()
      const card = screen.getAllByTestId('crud-card')[0]!
      expect(card.textContent).toContain('申请人1')
      expect(within(card).getByRole('button', { name: '签收' })).toBeTruthy()
      await u.click(within(card).getByRole('button', { name: '流程图' }))
      const dialog = await screen.findByRole('dialog', { name: '流程图展示' })
      expect(await within(dialog).findByText('当前环节：经理审批')).toBeTruthy()
      expect(await axeViolations()).toEqual([])
    } finally {
      window.matchMedia = original
    }
  })
})
