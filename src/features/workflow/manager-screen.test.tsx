// 部署管理: the deployed definitions shown and searched by category (flow_<dictKey>) and key;
// 挂起/激活 and 删除 confirm, then send processId/state and deploymentIds; 上传部署 checks each file's
// ending and size before sending, then sends category, tenantIds (the platform administrator only)
// and the files as multipart; 查看 shows the definition's XML read-only; axe finds nothing.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { DEPLOY_FILE_MAX_BYTES } from '@/domain/workflow/flow-model-rules'
import { API, setupMsw } from '@/test/msw'
import {
  axeViolations,
  choiceHandlers,
  ok,
  page,
  PROCESSES,
  recorder,
  signIn,
} from './flow-test-fixtures'
import ManagerScreen from './manager-screen'

vi.mock('./bpmn-view', async () => ({ default: (await import('./flow-test-fixtures')).FakeView }))

const rec = recorder()
setupMsw(
  ...choiceHandlers,
  mock.get(`${API}/blade-flow/manager/list`, async ({ request }) => {
    const q = (await rec.record(request)).query
    return page(
      PROCESSES.filter(
        (p) => (!q.category || p.category === q.category) && (!q.key || p.key.includes(q.key)),
      ),
    )
  }),
  mock.post(
    `${API}/blade-flow/manager/change-state`,
    async ({ request }) => (await rec.record(request), ok(true)),
  ),
  mock.post(
    `${API}/blade-flow/manager/delete-deployment`,
    async ({ request }) => (await rec.record(request), ok(true)),
  ),
  mock.post(
    `${API}/blade-flow/manager/deploy-upload`,
    async ({ request }) => (await rec.record(request), ok(true)),
  ),
  mock.get(
    `${API}/blade-flow/process/model-view`,
    async ({ request }) => (
      await rec.record(request),
      ok({ xml: '<bpmn:definitions id="shown"/>', flow: [] })
    ),
  ),
)

const ALL = {
  flow_manager_upload: true,
  flow_manager_state: true,
  flow_manager_delete: true,
  flow_manager_view: true,
}
beforeEach(() => {
  rec.calls.length = 0
  signIn(ALL)
})
afterEach(() => notifications.clean())

const bpmn = (name: string, bytes = 200) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/xml' })

async function openList() {
  const table = await screen.findByRole('table')
  await within(table).findByText('Expense')
  return table
}

describe('部署管理', () => {
  it('lists the definitions and searches by category and key', async () => {
    signIn(ALL, { userId: '2' })
    const u = userEvent.setup()
    renderScreen(ManagerScreen, '/?current=1&size=10')
    const table = await openList()
    const rowOf = (key: string) => within(table).getByText(key).closest('tr')!
    expect(
      within(rowOf('Leave'))
        .getAllByText('激活')
        .map((e) => e.closest('button')),
    ).toEqual([null])
    expect(
      within(rowOf('Expense'))
        .getAllByText('挂起')
        .map((e) => e.closest('button')),
    ).toEqual([null])
    expect(within(table).getByText('2026-03-04 09:00:00')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    const category = screen.getByRole('combobox', { name: '流程分类' })
    await u.click(category)
    await u.click(await screen.findByRole('option', { name: '请假流程' }))
    await u.type(screen.getByRole('textbox', { name: '流程标识' }), 'Lea')
    await u.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Expense')).toBeNull())
    expect(rec.of('/blade-flow/manager/list').at(-1)!.query).toMatchObject({
      category: 'flow_1',
      key: 'Lea',
    })
  })

  it('suspends and activates after a confirmation', async () => {
    const u = userEvent.setup()
    renderScreen(ManagerScreen, '/?current=1&size=10')
    await openList()
    await u.click(screen.getByRole('button', { name: '挂起 请假流程 v2' }))
    const ask = await screen.findByRole('dialog')
    expect(ask.textContent).toContain('确定挂起流程 请假流程 v2')
    expect(rec.of('/blade-flow/manager/change-state')).toEqual([])
    await u.click(within(ask).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(rec.of('/blade-flow/manager/change-state').map((c) => c.query)).toEqual([
        { processId: PROCESSES[0]!.id, state: 'suspended' },
      ]),
    )
    await u.click(screen.getByRole('button', { name: '激活 报销流程 v1' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(rec.of('/blade-flow/manager/change-state').at(-1)!.query).toEqual({
        processId: PROCESSES[1]!.id,
        state: 'active',
      }),
    )
  })

  it('deletes a deployment after a confirmation, and the selected ones together', async () => {
    const u = userEvent.setup()
    renderScreen(ManagerScreen, '/?current=1&size=10')
    await openList()
    await u.click(screen.getByRole('button', { name: '删除 报销流程 v1' }))
    const ask = await screen.findByRole('dialog')
    await u.click(within(ask).getByRole('button', { name: '取消' }))
    expect(rec.of('/blade-flow/manager/delete-deployment')).toEqual([])
    await u.click(screen.getByRole('button', { name: '删除 报销流程 v1' }))
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(rec.of('/blade-flow/manager/delete-deployment').map((c) => c.query)).toEqual([
        { deploymentIds: PROCESSES[1]!.deploymentId },
      ]),
    )

    await u.click(screen.getByRole('checkbox', { name: '选择第1行' }))
    await u.click(screen.getByRole('checkbox', { name: '选择第2行' }))
    const toolbarDelete = screen
      .getAllByRole('button', { name: '删除' })
      .find((b) => !b.closest('tr'))!
    await u.click(toolbarDelete)
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(rec.of('/blade-flow/manager/delete-deployment').at(-1)!.query).toEqual({
        deploymentIds: `${PROCESSES[0]!.deploymentId},${PROCESSES[1]!.deploymentId}`,
      }),
    )
  })

  it('uploads files as the platform administrator: checked first, then category, tenants and files as multipart', async () => {
    const u = userEvent.setup({ applyAccept: false })
    renderScreen(ManagerScreen, '/?current=1&size=10')
    await openList()
    await u.click(screen.getByRole('button', { name: '上传部署' }))
    const dialog = await screen.findByRole('dialog', { name: '上传部署' })
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    expect(await within(dialog).findByText('请选择流程分类')).toBeTruthy()
    expect(within(dialog).getByText('请选择要部署的文件')).toBeTruthy()

    const category = within(dialog).getByRole('combobox', { name: /流程分类/ })
    await waitFor(() => expect(category).toHaveProperty('disabled', false))
    await u.click(category)
    await u.click(await screen.findByRole('option', { name: '报销流程' }))
    await u.click(within(dialog).getByRole('combobox', { name: /所属租户/ }))
    await u.click(await screen.findByRole('option', { name: '越南分部 (100001)' }))
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    await u.upload(input, [
      bpmn('Trip.bpmn'),
      bpmn('notes.txt'),
      bpmn('Big.bpmn20.xml', DEPLOY_FILE_MAX_BYTES + 1),
    ])
    const problems = await within(dialog).findByRole('alert')
    expect(problems.textContent).toContain('notes.txt：只能上传 .bpmn 或 .bpmn20.xml 文件')
    expect(problems.textContent).toContain('Big.bpmn20.xml：文件超过 5 MB')
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    expect(rec.of('/blade-flow/manager/deploy-upload')).toEqual([])
    expect(await axeViolations()).toEqual([])

    await u.upload(input, [bpmn('Trip.bpmn', 300), bpmn('Audit.bpmn20.xml', 400)])
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull())
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    await waitFor(() => expect(rec.of('/blade-flow/manager/deploy-upload')).toHaveLength(1))
    expect(rec.of('/blade-flow/manager/deploy-upload')[0]!.form).toEqual({
      category: ['flow_2'],
      tenantIds: ['100001'],
      files: ['file:Trip.bpmn:300', 'file:Audit.bpmn20.xml:400'],
    })
    await screen.findByText('已部署 2 个流程文件')
  })

  it('deploys into the own tenant for anyone else: no tenant choice, no tenantIds sent', async () => {
    signIn(ALL, { tenantId: '100001', roles: ['admin'] })
    const u = userEvent.setup()
    renderScreen(ManagerScreen, '/?current=1&size=10')
    await openList()
    await u.click(screen.getByRole('button', { name: '上传部署' }))
    const dialog = await screen.findByRole('dialog', { name: '上传部署' })
    expect(within(dialog).queryByText('所属租户')).toBeNull()
    const category = within(dialog).getByRole('combobox', { name: /流程分类/ })
    await waitFor(() => expect(category).toHaveProperty('disabled', false))
    await u.click(category)
    await u.click(await screen.findByRole('option', { name: '请假流程' }))
    await u.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, [
      bpmn('Leave.bpmn20.xml'),
    ])
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    await waitFor(() => expect(rec.of('/blade-flow/manager/deploy-upload')).toHaveLength(1))
    expect(rec.of('/blade-flow/manager/deploy-upload')[0]!.form).toEqual({
      category: ['flow_1'],
      files: ['file:Leave.bpmn20.xml:200'],
    })
  })

  it('shows a definition’s diagram read-only', async () => {
    const u = userEvent.setup()
    renderScreen(ManagerScreen, '/?current=1&size=10')
    const table = await openList()
    const row = within(table).getByText('Expense').closest('tr')!
    await u.click(within(row).getByRole('button', { name: '查看' }))
    const dialog = await screen.findByRole('dialog', { name: `流程图 · ${PROCESSES[1]!.id}` })
    expect((await within(dialog).findByTestId('bpmn-view')).textContent).toBe(
      '<bpmn:definitions id="shown"/>',
    )
    expect(rec.of('/blade-flow/process/model-view').map((c) => c.query)).toEqual([
      { processDefinitionId: PROCESSES[1]!.id },
    ])
  })

  it('shows no write without its button code', async () => {
    signIn({ flow_manager_view: true }, { userId: '3' })
    renderScreen(ManagerScreen, '/?current=1&size=10')
    await openList()
    expect(screen.queryByRole('button', { name: '上传部署' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^挂起 / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^删除/ })).toBeNull()
  })
})
