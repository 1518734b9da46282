// 流程跟踪 and 流程图: the follow list with its filters, the delete that needs a reason (and shows a
// refusal), and the diagram screen finding a process by business id.
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
import FlowDiagramScreen from './flow-diagram-screen'
import FlowFollowScreen from './flow-follow-screen'
import { commonHandlers, execution, log, ok, page, refuse, sent, sentTo } from './test-fixtures'

vi.mock('./flow-diagram-canvas', () => ({
  default: (p: ComponentProps<typeof FlowDiagramCanvas>) => (
    <div role="group" aria-label={p.label} data-marks={JSON.stringify([...p.marks])} />
  ),
}))

let running = [execution(1), execution(2, { processIsFinished: 'finished', activityId: '' })]
let deleteAnswer: 'ok' | 'refuse' = 'ok'
setupMsw(
  ...commonHandlers,
  mock.get(`${API}/blade-flow/follow/list`, async ({ request }) => {
    const s = await log(request)
    return page(
      running.filter(
        (e) =>
          (!s.query.businessId || e.businessId === s.query.businessId) &&
          (!s.query.processInstanceId || e.processInstanceId === s.query.processInstanceId) &&
          (!s.query.processDefinitionKey ||
            e.processDefinitionKey === s.query.processDefinitionKey),
      ),
    )
  }),
  mock.post(`${API}/blade-flow/follow/delete-process-instance`, async ({ request }) => {
    const s = await log(request)
    if (deleteAnswer === 'refuse') return refuse('流程实例不存在', 404)
    running = running.filter((e) => e.processInstanceId !== s.query.processInstanceId)
    return ok(null)
  }),
)

beforeEach(() => {
  sent.length = 0
  running = [execution(1), execution(2, { processIsFinished: 'finished', activityId: '' })]
  deleteAnswer = 'ok'
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '1' })
  sessionStore.setPermission({
    flow_follow_view: true,
    flow_follow_delete: true,
    flow_diagram_view: true,
  })
})
afterEach(() => notifications.clean())

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!

describe('流程跟踪', () => {
  it('lists the instances with their status, and filters by business id', async () => {
    // A user of its own: the list keeps a user's last filters for their next visit.
    sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '99' })
    const u = userEvent.setup()
    renderScreen(FlowFollowScreen, '/?current=1&size=10')
    expect(within(await rowOf('501')).getByText('进行中')).toBeTruthy()
    expect(within(await rowOf('502')).getByText('已办结')).toBeTruthy()
    await u.type(screen.getByRole('textbox', { name: '业务ID' }), '902')
    await u.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(screen.queryByText('501')).toBeNull())
    expect(sentTo('/blade-flow/follow/list').at(-1)?.query).toMatchObject({
      businessId: '902',
      current: '1',
    })
    expect(screen.getByText('502')).toBeTruthy()
  })

  it('deletes an instance only with a reason, sending the instance and the reason', async () => {
    const u = userEvent.setup()
    renderScreen(FlowFollowScreen, '/?current=1&size=10')
    await u.click(within(await rowOf('501')).getByRole('button', { name: '删除' }))
    const dialog = await screen.findByRole('dialog', { name: '删除流程实例' })
    await u.click(within(dialog).getByRole('button', { name: '删除' }))
    expect(await within(dialog).findByText('请输入删除理由')).toBeTruthy()
    expect(sentTo('/blade-flow/follow/delete-process-instance')).toEqual([])
    expect(await axeViolations()).toEqual([])
    await u.type(within(dialog).getByRole('textbox', { name: /删除理由/ }), '  重复提交  ')
    await u.click(within(dialog).getByRole('button', { name: '删除' }))
    expect(await screen.findByText('流程实例已删除')).toBeTruthy()
    expect(sentTo('/blade-flow/follow/delete-process-instance').map((s) => s.query)).toEqual([
      { processInstanceId: '501', deleteReason: '重复提交' },
    ])
    await waitFor(() => expect(screen.queryByText('501')).toBeNull())
  })

  it('shows a refused delete and keeps the dialog open', async () => {
    deleteAnswer = 'refuse'
    const u = userEvent.setup()
    renderScreen(FlowFollowScreen, '/?current=1&size=10')
    await u.click(within(await rowOf('501')).getByRole('button', { name: '删除' }))
    const dialog = await screen.findByRole('dialog', { name: '删除流程实例' })
    await u.type(within(dialog).getByRole('textbox', { name: /删除理由/ }), '错误')
    await u.click(within(dialog).getByRole('button', { name: '删除' }))
    expect(await screen.findByText('流程实例不存在')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: '删除流程实例' })).toBeTruthy()
  })

  it('has no delete without the delete button, no export (its server answers none), and passes axe', async () => {
    sessionStore.setPermission({ flow_follow_view: true })
    renderScreen(FlowFollowScreen, '/?current=1&size=10')
    const row = await rowOf('501')
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull()
    expect(within(row).getByRole('button', { name: '流程图' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull()
    expect(await axeViolations()).toEqual([])
  })
})

describe('流程图', () => {
  it('finds a process by its business id and shows its diagram and history', async () => {
    const u = userEvent.setup()
    renderScreen(FlowDiagramScreen)
    expect(await screen.findByText('请选择或查询一个流程，查看其流程图与流转记录')).toBeTruthy()
    await u.type(screen.getByRole('textbox', { name: '流程实例ID或业务ID' }), '901')
    await u.click(screen.getByRole('button', { name: '查询' }))
    expect(await screen.findByRole('group', { name: '流程图，当前环节：经理审批' })).toBeTruthy()
    expect(
      sentTo('/blade-flow/follow/list')
        .slice(-2)
        .map((s) => s.query),
    ).toEqual([
      { current: '1', size: '50', processInstanceId: '901' },
      { current: '1', size: '50', businessId: '901' },
    ])
    expect(sentTo('/blade-flow/process/model-view').at(-1)?.query).toEqual({
      processInstanceId: '501',
    })
    expect(screen.getByTestId('flow-history').textContent).toContain('经理审批')
    expect(await axeViolations()).toEqual([])
  })

  it('says when nothing has that id', async () => {
    const u = userEvent.setup()
    renderScreen(FlowDiagramScreen)
    await u.type(await screen.findByRole('textbox', { name: '流程实例ID或业务ID' }), 'nope')
    await u.click(screen.getByRole('button', { name: '查询' }))
    expect(await screen.findByText('没有找到流程实例或业务ID为「nope」的流程')).toBeTruthy()
  })
})
