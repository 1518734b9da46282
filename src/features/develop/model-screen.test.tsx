// Data model screen: 模型配置 opens the grid of the model's columns as the server offers them; the
// flags are edited in place and saved as the whole list with each row's id and version; a list saved
// meanwhile by someone else (409) says so and reloads theirs; an invalid row is not sent; closing
// with edits asks first; without the model_prototype button there is no 模型配置.
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { entityHandlers, optionHandlers, sampleKey } from '@/test/conformance-fixtures'
import { renderScreen } from '@/test/render-screen'
import { model } from '@/domain/develop/model'
import { API, setupMsw } from '@/test/msw'
import ModelScreen from './model-screen'

const MODEL = sampleKey(model, 1)
const column = (
  id: string,
  jdbcName: string,
  propertyName: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  version: 3,
  modelId: MODEL,
  jdbcName,
  jdbcType: 'varchar(255)',
  jdbcComment: '',
  propertyName,
  propertyEntity: 'String',
  isList: 1,
  isForm: 1,
  isRow: 0,
  isRequired: 0,
  isQuery: 0,
  componentType: 'input',
  queryType: 'equal',
  dictCode: '',
  sort: Number(id) - 10,
  ...extra,
})
const COLUMNS = [
  column('11', 'param_key', 'paramKey', { isRequired: 1 }),
  column('12', 'param_name', 'paramName'),
  column('13', 'param_value', 'paramValue'),
]
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data })
const reads: string[] = []
const sent: unknown[] = []
const server = setupMsw(
  ...entityHandlers(model),
  ...optionHandlers([model]),
  mock.get(`${API}/blade-develop/model/model-prototype`, ({ request }) => {
    reads.push(new URL(request.url).searchParams.get('modelId')!)
    return ok(COLUMNS)
  }),
  mock.get(`${API}/blade-system/dict/parent-list`, () =>
    ok({ records: [{ code: 'yes_no', dictValue: '是否' }], total: 1 }),
  ),
  mock.post(`${API}/blade-develop/model-prototype/submit-list`, async ({ request }) => {
    const list = (await request.json()) as { version: number }[]
    sent.push(list)
    return ok(list.map((r) => ({ ...r, version: r.version + 1 })))
  }),
)

beforeEach(() => {
  reads.length = 0
  sent.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '3' })
  sessionStore.setPermission({ model_add: true, model_edit: true, model_prototype: true })
})
afterEach(() => notifications.clean())

async function openEditor() {
  const u = userEvent.setup()
  renderScreen(ModelScreen, '/?current=1&size=10')
  const table = await screen.findByRole('table')
  await u.click((await within(table).findAllByRole('button', { name: /^模型配置 / }))[0]!)
  const grid = await screen.findByRole('table', { name: /的字段配置$/ })
  return { u, grid }
}

describe('data model screen', () => {
  it('loads the offered columns and saves the edited list with their ids and versions', async () => {
    const { u, grid } = await openEditor()
    expect(reads).toEqual([MODEL])
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['param_key', 'param_name', 'param_value'])
    expect(within(grid).getByRole('checkbox', { name: 'param_key 必填' })).toHaveProperty(
      'checked',
      true,
    )
    await u.click(within(grid).getByRole('checkbox', { name: 'param_name 查询配置' }))
    await u.selectOptions(
      within(grid).getByRole('combobox', { name: 'param_name 查询类型' }),
      'like',
    )
    await u.click(within(grid).getByRole('checkbox', { name: 'param_value 列表显示' }))
    await u.selectOptions(
      within(grid).getByRole('combobox', { name: 'param_value 组件类型' }),
      'select',
    )
    await u.type(within(grid).getByRole('combobox', { name: 'param_value 字典编号' }), 'yes_no')
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('保存成功')).toBeTruthy()
    expect(sent).toEqual([
      [
        COLUMNS[0],
        { ...COLUMNS[1], isQuery: 1, queryType: 'like' },
        { ...COLUMNS[2], isList: 0, componentType: 'select', dictCode: 'yes_no' },
      ],
    ])
  })

  it('ticks or clears a flag on every row from its header', async () => {
    const { u, grid } = await openEditor()
    const all = within(grid).getByRole('checkbox', { name: '全部查询配置' })
    await u.click(all)
    expect(
      within(grid)
        .getAllByRole('checkbox', { name: /查询配置$/ })
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, true, true])
    await u.click(all)
    await u.click(within(grid).getByRole('checkbox', { name: '全部列表显示' }))
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('保存成功')).toBeTruthy()
    expect(sent).toEqual([COLUMNS.map((c) => ({ ...c, isList: 0 }))])
  })

  it('says the columns were changed by someone else and reloads theirs', async () => {
    server.use(
      mock.post(`${API}/blade-develop/model-prototype/submit-list`, () =>
        HttpResponse.json(
          { code: 409, success: false, msg: '数据已被他人修改', data: null },
          { status: 409 },
        ),
      ),
    )
    const { u, grid } = await openEditor()
    await u.click(within(grid).getByRole('checkbox', { name: 'param_name 查询配置' }))
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText('该模型的字段配置在你打开后已被他人修改。重新载入会放弃你的修改。'),
    ).toBeTruthy()
    await u.click(screen.getByRole('button', { name: '重新载入' }))
    await waitFor(() => expect(reads).toEqual([MODEL, MODEL]))
    expect(within(grid).getByRole('checkbox', { name: 'param_name 查询配置' })).toHaveProperty(
      'checked',
      false,
    )
  })

  it('shows the message of a refused list and keeps the edits', async () => {
    server.use(
      mock.post(`${API}/blade-develop/model-prototype/submit-list`, () =>
        HttpResponse.json(
          { code: 400, success: false, msg: '物理列名 param_key 重复', data: null },
          { status: 400 },
        ),
      ),
    )
    const { u, grid } = await openEditor()
    await u.click(within(grid).getByRole('checkbox', { name: 'param_name 查询配置' }))
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('物理列名 param_key 重复')).toBeTruthy()
    expect(within(grid).getByRole('checkbox', { name: 'param_name 查询配置' })).toHaveProperty(
      'checked',
      true,
    )
  })

  it('checks each row by the declaration before sending', async () => {
    const { u, grid } = await openEditor()
    await u.clear(within(grid).getByRole('textbox', { name: 'param_name 实体属性' }))
    await u.type(within(grid).getByRole('textbox', { name: 'param_key 实体属性' }), '-x')
    await u.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('有 2 处需要修改')).toBeTruthy()
    expect(within(grid).getByText('请输入实体属性')).toBeTruthy()
    expect(within(grid).getByText('属性名须以小写字母开头，只含字母和数字')).toBeTruthy()
    expect(document.activeElement).toBe(
      within(grid).getByRole('textbox', { name: 'param_key 实体属性' }),
    )
    expect(sent).toEqual([])
  })

  it('asks before closing with unsaved edits', async () => {
    const { u, grid } = await openEditor()
    await u.click(within(grid).getByRole('checkbox', { name: 'param_key 独占一行' }))
    await u.click(screen.getByRole('button', { name: '取消' }))
    expect(await screen.findByText('放弃未保存的内容？')).toBeTruthy()
    await u.click(screen.getByRole('button', { name: '放弃' }))
    await waitFor(() => expect(screen.queryByRole('table', { name: /的字段配置$/ })).toBeNull())
  })

  it('has no 模型配置 without its button', async () => {
    sessionStore.setPermission({ model_add: true })
    renderScreen(ModelScreen, '/?current=1&size=10')
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1))
    expect(within(table).queryByRole('button', { name: /^模型配置 / })).toBeNull()
  })
})
