// 模型设计: the list answers shown and searched; 新增 checks the fields and saves the canvas's XML
// with the model key as process id; 编辑 sends the version read and shows a stale save's 409 with
// a reload; closing with unsaved changes asks; 部署 sends the chosen category and says the version;
// delete confirms; a phone shows the model read-only; axe finds nothing on the list and designer.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderScreen } from '@/test/render-screen'
import { API, setupMsw } from '@/test/msw'
import {
  axeViolations,
  canvasLog,
  choiceHandlers,
  MODELS,
  modelDetail,
  ok,
  page,
  PROCESSES,
  recorder,
  signIn,
} from './flow-test-fixtures'
import ModelScreen from './model-screen'

vi.mock('./bpmn-canvas', async () => ({
  default: (await import('./flow-test-fixtures')).FakeCanvas,
}))
vi.mock('./bpmn-view', async () => ({ default: (await import('./flow-test-fixtures')).FakeView }))

const rec = recorder()
/** The version the server holds now: a save with another is stale. */
let serverVersion = 2
let serverName = '请假流程'
setupMsw(
  ...choiceHandlers,
  mock.get(`${API}/blade-flow/model/list`, async ({ request }) => {
    const call = await rec.record(request)
    return page(
      MODELS.filter((m) => !call.query.modelKey || m.modelKey.includes(call.query.modelKey)),
    )
  }),
  mock.get(`${API}/blade-flow/model/detail`, async ({ request }) => {
    const call = await rec.record(request)
    const m = MODELS.find((x) => x.id === call.query.id)!
    return ok(
      modelDetail(m.id === MODELS[0]!.id ? { ...m, version: serverVersion, name: serverName } : m),
    )
  }),
  mock.post(`${API}/blade-flow/model/submit`, async ({ request }) => {
    const call = await rec.record(request)
    const body = call.body as { id?: string; version?: number }
    if (body.id && body.version !== serverVersion)
      return HttpResponse.json(
        { code: 409, success: false, msg: '数据已被他人修改，请刷新后重试', data: {} },
        { status: 409 },
      )
    return ok(true)
  }),
  mock.post(
    `${API}/blade-flow/model/remove`,
    async ({ request }) => (await rec.record(request), ok(true)),
  ),
  mock.post(
    `${API}/blade-flow/model/deploy`,
    async ({ request }) => (await rec.record(request), ok([{ ...PROCESSES[0], version: 3 }])),
  ),
)

beforeEach(() => {
  rec.calls.length = 0
  canvasLog.shown.length = 0
  canvasLog.saved.length = 0
  serverVersion = 2
  serverName = '请假流程'
  signIn({
    flow_model_add: true,
    flow_model_edit: true,
    flow_model_delete: true,
    flow_model_view: true,
    flow_model_deploy: true,
  })
})
afterEach(() => notifications.clean())

const field = (root: HTMLElement, label: string) =>
  within(root).getByRole('textbox', { name: new RegExp(`^${label}`) })

describe('模型设计', () => {
  it('lists the models and searches by model key', async () => {
    // Another user: the filters searched are kept as the user's preference, and the other tests start without them.
    signIn({ flow_model_view: true }, { userId: '2' })
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('Expense')
    expect(within(table).getByText('请假流程')).toBeTruthy()
    await u.type(screen.getByRole('textbox', { name: '模型标识' }), 'Lea')
    await u.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Expense')).toBeNull())
    expect(rec.of('/blade-flow/model/list').at(-1)!.query).toMatchObject({
      current: '1',
      size: '10',
      modelKey: 'Lea',
    })
    expect(await axeViolations()).toEqual([])
  })

  it('adds a model: checks its fields, then saves the canvas XML under the model key', async () => {
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    await screen.findByText('Expense')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog', { name: '新增流程模型' })
    await within(dialog).findByRole('button', { name: '画布修改' })
    // A new model starts from the minimal diagram: a start event joined to an end event.
    expect(canvasLog.shown[0]).toMatch(
      /<bpmn:startEvent id="start" name="开始">[\s\S]*<bpmn:endEvent id="end" name="结束">/,
    )
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('请输入模型标识')).toBeTruthy()
    expect(within(dialog).getByText('请输入模型名称')).toBeTruthy()
    expect(document.activeElement).toBe(field(dialog, '模型标识'))
    await u.type(field(dialog, '模型标识'), '1trip')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(
      await within(dialog).findByText('模型标识须以字母开头，只含字母、数字、下划线和中划线'),
    ).toBeTruthy()
    expect(rec.of('/blade-flow/model/submit')).toEqual([])

    await u.clear(field(dialog, '模型标识'))
    await u.type(field(dialog, '模型标识'), 'Trip_2')
    await u.type(field(dialog, '模型名称'), '出差申请')
    await u.type(field(dialog, '模型描述'), '两级审批')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(rec.of('/blade-flow/model/submit')).toHaveLength(1))
    expect(rec.of('/blade-flow/model/submit')[0]!.body).toEqual({
      modelKey: 'Trip_2',
      name: '出差申请',
      description: '两级审批',
      xml: '<definitions><process id="Trip_2" name="出差申请" /></definitions>',
    })
    expect(canvasLog.saved).toEqual([{ id: 'Trip_2', name: '出差申请' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增流程模型' })).toBeNull())
  })

  it('edits a model with the version read; a stale save says so and reloads theirs', async () => {
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    await screen.findByText('Expense')
    await u.click(screen.getByRole('button', { name: '编辑 请假流程' }))
    const dialog = await screen.findByRole('dialog', { name: /修改流程模型/ })
    await within(dialog).findByRole('button', { name: '画布修改' })
    expect(field(dialog, '模型标识')).toHaveProperty('value', 'Leave')
    expect(canvasLog.shown[0]).toContain('<bpmn:process id="Leave" />')
    expect(await axeViolations()).toEqual([])

    // Someone else saves meanwhile.
    serverVersion = 3
    serverName = '请假流程（新）'
    await u.clear(field(dialog, '模型名称'))
    await u.type(field(dialog, '模型名称'), '请假审批')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    const conflict = await screen.findByRole('dialog', { name: '保存冲突' })
    expect(rec.of('/blade-flow/model/submit')[0]!.body).toMatchObject({
      id: MODELS[0]!.id,
      version: 2,
      modelKey: 'Leave',
      name: '请假审批',
    })
    expect(within(conflict).getByRole('alert').textContent).toContain('已被他人保存')
    await u.click(within(conflict).getByRole('button', { name: '重新载入' }))
    await waitFor(() =>
      expect(
        field(screen.getByRole('dialog', { name: /修改流程模型/ }), '模型名称'),
      ).toHaveProperty('value', '请假流程（新）'),
    )
    expect(rec.of('/blade-flow/model/detail')).toHaveLength(2)

    // Saved again on the version now read.
    const again = screen.getByRole('dialog', { name: /修改流程模型/ })
    await within(again).findByRole('button', { name: '画布修改' })
    await u.click(within(again).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(rec.of('/blade-flow/model/submit')).toHaveLength(2))
    expect(rec.of('/blade-flow/model/submit')[1]!.body).toMatchObject({
      id: MODELS[0]!.id,
      version: 3,
      name: '请假流程（新）',
    })
  })

  it('asks before dropping unsaved changes, of the fields or of the canvas', async () => {
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    await screen.findByText('Expense')
    await u.click(screen.getByRole('button', { name: '编辑 报销流程' }))
    let dialog = await screen.findByRole('dialog', { name: /修改流程模型/ })
    await u.click(await within(dialog).findByRole('button', { name: '画布修改' }))
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    const ask = await screen.findByRole('dialog', { name: '放弃未保存的内容？' })
    await u.click(within(ask).getByRole('button', { name: '继续编辑' }))
    expect(screen.getByRole('dialog', { name: /修改流程模型/ })).toBeTruthy()
    dialog = screen.getByRole('dialog', { name: /修改流程模型/ })
    await u.click(within(dialog).getByRole('button', { name: '取消' }))
    await u.click(
      within(await screen.findByRole('dialog', { name: '放弃未保存的内容？' })).getByRole(
        'button',
        { name: '放弃' },
      ),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /修改流程模型/ })).toBeNull())
    expect(rec.of('/blade-flow/model/submit')).toEqual([])
  })

  it('deploys a model under the chosen category and says the version', async () => {
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    await screen.findByText('Expense')
    await u.click(screen.getByRole('button', { name: '部署 请假流程' }))
    const dialog = await screen.findByRole('dialog', { name: '部署流程模型' })
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    expect(await within(dialog).findByText('请选择流程分类')).toBeTruthy()
    const category = within(dialog).getByRole('combobox', { name: /流程分类/ })
    await waitFor(() => expect(category).toHaveProperty('disabled', false))
    await u.click(category)
    await u.click(await screen.findByRole('option', { name: '请假流程' }))
    expect(await axeViolations()).toEqual([])
    await u.click(within(dialog).getByRole('button', { name: '部署' }))
    await screen.findByText('请假流程 已部署为版本 3')
    expect(rec.of('/blade-flow/model/deploy').map((c) => c.query)).toEqual([
      { modelId: MODELS[0]!.id, category: 'flow_1' },
    ])
  })

  it('deletes a model after a confirmation', async () => {
    const u = userEvent.setup()
    renderScreen(ModelScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await within(table).findByText('Expense')
    const row = within(table).getByText('Expense').closest('tr')!
    await u.click(within(row).getByRole('button', { name: '删除' }))
    const confirm = await screen.findByRole('dialog')
    expect(rec.of('/blade-flow/model/remove')).toEqual([])
    await u.click(within(confirm).getByRole('button', { name: '确定' }))
    await waitFor(() =>
      expect(rec.of('/blade-flow/model/remove').map((c) => c.query)).toEqual([
        { ids: MODELS[1]!.id },
      ]),
    )
  })

  it('on a phone shows the model read-only and says editing needs a wider screen', async () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767.98px'),
    })) as typeof window.matchMedia
    try {
      const u = userEvent.setup()
      renderScreen(ModelScreen, '/?current=1&size=10')
      await u.click(await screen.findByRole('button', { name: '编辑 请假流程' }))
      const dialog = await screen.findByRole('dialog', { name: /修改流程模型/ })
      expect(within(dialog).getByRole('status').textContent).toContain('需要更宽的屏幕')
      expect((await within(dialog).findByTestId('bpmn-view')).textContent).toContain(
        '<bpmn:process id="Leave" />',
      )
      expect(field(dialog, '模型标识')).toHaveProperty('readOnly', true)
      expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull()
      expect(canvasLog.shown).toEqual([])
    } finally {
      window.matchMedia = original
    }
  })
})
