// The engine's slots beyond the conformance suite: add-time values, visibleWhen, the rows editor
// (form, list and view), tree sources, and multiple tree fields as checkbox trees.
import { msg } from '@lingui/core/runtime-macro'
import { notifications } from '@mantine/notifications'
import { Button } from '@mantine/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { defineEntity } from '@/domain/entity'
import { API, setupMsw } from '@/test/msw'
import { calls, entityHandlers, lastCall } from '@/test/conformance-fixtures'
import { CrudScreen } from './crud-screen'
import { renderScreen } from '@/test/render-screen'

const KINDS = {
  kind: 'static' as const,
  options: [
    { value: 1, label: msg`单库` },
    { value: 2, label: msg`分库分表` },
  ],
}

const demo = defineEntity({
  name: 'slotDemo',
  title: msg`演示`,
  api: '/demo/slot',
  table: 'demo_slot',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'slot_demo',
  tree: { parent: 'parentId' },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, readOnly: true },
    { name: 'name', label: msg`名称`, type: 'string', required: msg`请输入名称`, maxLength: 20 },
    { name: 'parentId', label: msg`上级`, type: 'id', list: false },
    { name: 'kind', label: msg`类型`, type: 'integer', defaultValue: 1, options: KINDS },
    {
      name: 'yaml',
      label: msg`配置`,
      type: 'text',
      required: msg`请输入配置`,
      requiredWhen: { field: 'kind', equals: 2 },
      visibleWhen: { field: 'kind', equals: 2 },
      list: false,
    },
    {
      name: 'depts',
      label: msg`部门`,
      type: 'ids',
      multiple: true,
      list: false,
      options: { kind: 'tree', url: '/demo/dept-tree' },
    },
    {
      name: 'schedule',
      label: msg`排期`,
      type: 'rows',
      rows: [
        { name: 'day', label: msg`日期`, type: 'string', required: msg`请输入日期`, maxLength: 10 },
        {
          name: 'price',
          label: msg`单价`,
          type: 'number',
          required: msg`请输入单价`,
          min: 0,
          max: 10000,
          rangeMessage: msg`单价不能超过10000`,
        },
      ],
    },
  ],
})

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const SCHEDULE = [
  { day: '周一', price: 100 },
  { day: '周二', price: 250.5 },
  { day: '周三', price: 300 },
]
const FOREST = [
  {
    id: '1',
    parentId: '0',
    name: '总部',
    kind: 1,
    schedule: SCHEDULE,
    children: [{ id: '11', parentId: '1', name: '研发部', kind: 1 }],
  },
  { id: '2', parentId: '0', name: '分部', kind: 2 },
]
const lazyCalls: Record<string, string>[] = []

setupMsw(
  mock.get(`${API}/demo/dept-tree`, () =>
    ok([{ title: '总部', value: '1', children: [{ title: '研发部', value: '11' }] }]),
  ),
  mock.get(`${API}/demo/slot/forest`, () => ok(FOREST)),
  mock.get(`${API}/demo/slot/lazy-list`, ({ request }) => {
    const q = Object.fromEntries(new URL(request.url).searchParams)
    lazyCalls.push(q)
    return ok(
      q.parentId === '1'
        ? FOREST[0].children
        : FOREST.map(({ children: _c, ...r }) => ({ ...r, hasChildren: r.id === '1' })),
    )
  }),
  mock.get(`${API}/demo/slot/detail`, () =>
    ok({ id: '1', name: '总部', kind: 1, schedule: JSON.stringify(SCHEDULE) }),
  ),
  ...entityHandlers(demo),
)
vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  calls.length = 0
  lazyCalls.length = 0
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: '9' })
  sessionStore.setPermission({ slot_demo_add: true, slot_demo_view: true })
})
afterEach(() => notifications.clean())

const control = (root: HTMLElement, name: RegExp) =>
  within(root)
    .getAllByLabelText(name)
    .find((el) => el.matches('input, textarea')) as HTMLInputElement

describe('add-time values', () => {
  it('opens add with the screen’s defaults and openAdd’s values, and submits them', async () => {
    const u = userEvent.setup()
    renderScreen(
      () => (
        <CrudScreen
          entity={demo}
          slots={{
            addDefaults: { name: '预设' },
            toolbar: (ctx) => <Button onClick={() => ctx.openAdd({ parentId: '42' })}>子项</Button>,
          }}
        />
      ),
      '/?current=1&size=10',
    )
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '子项' }))
    const dialog = await screen.findByRole('dialog')
    expect(control(dialog, /^名称/).value).toBe('预设')
    expect(control(dialog, /^上级/).value).toBe('42')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(lastCall('POST', 'submit')?.body).toMatchObject({
        name: '预设',
        parentId: '42',
        kind: '1',
      }),
    )
  })
})

describe('visibleWhen', () => {
  it('shows a field only while the controlling select has its value, and validates it only then', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={demo} />, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByLabelText(/^配置/)).toBeNull()
    await u.type(control(dialog, /^名称/), 'a')
    await u.click(control(dialog, /^类型/))
    await u.click(await screen.findByRole('option', { name: '分库分表' }))
    const yaml = await waitFor(() => control(dialog, /^配置/))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    expect(await within(dialog).findByText('请输入配置')).toBeTruthy()
    expect(lastCall('POST', 'submit')).toBeUndefined()
    await u.type(yaml, 'rules: none')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(lastCall('POST', 'submit')?.body).toMatchObject({
        name: 'a',
        kind: '2',
        yaml: 'rules: none',
      }),
    )
  })

  it('does not send a hidden field', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={demo} />, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(control(dialog, /^名称/), 'b')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(lastCall('POST', 'submit')).toBeDefined())
    expect(lastCall('POST', 'submit')?.body).not.toHaveProperty('yaml')
  })
})

describe('rows field', () => {
  it('adds and removes rows, rejects a cell over the limit with its message and submits an array', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={demo} />, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(control(dialog, /^名称/), 'c')
    await u.click(within(dialog).getByRole('button', { name: '添加行' }))
    await u.click(within(dialog).getByRole('button', { name: '添加行' }))
    await u.type(within(dialog).getByLabelText('日期 1'), '周一')
    await u.type(within(dialog).getByLabelText('单价 1'), '20000')
    await u.tab()
    expect(await within(dialog).findByText('单价不能超过10000')).toBeTruthy()
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    // The empty second row is checked too, and nothing is sent.
    expect(await within(dialog).findByText('请输入日期')).toBeTruthy()
    expect(lastCall('POST', 'submit')).toBeUndefined()
    await u.click(within(dialog).getByRole('button', { name: '删除第2行' }))
    expect(within(dialog).queryByLabelText('日期 2')).toBeNull()
    await u.clear(within(dialog).getByLabelText('单价 1'))
    await u.type(within(dialog).getByLabelText('单价 1'), '500')
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(lastCall('POST', 'submit')).toBeDefined())
    expect((lastCall('POST', 'submit')?.body as Record<string, unknown>).schedule).toEqual([
      { day: '周一', price: 500 },
    ])
  })

  it('summarises the rows in the list and shows them as a table in the view', async () => {
    const u = userEvent.setup()
    renderScreen(
      () => <CrudScreen entity={demo} slots={{ source: { kind: 'forest', verb: 'forest' } }} />,
      '/?current=1&size=10',
    )
    const row = (await screen.findByText('总部')).closest('tr') as HTMLElement
    expect(within(row).getByText('3 行')).toBeTruthy()
    await u.click(within(row).getByRole('button', { name: '查看' }))
    const table = await within(await screen.findByRole('dialog')).findByRole('table', {
      name: '排期',
    })
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['日期单价', '周一100', '周二250.5', '周三300'])
  })
})

describe('tree sources', () => {
  it('renders a forest with children under their parents and adds a child under its parent', async () => {
    const u = userEvent.setup()
    renderScreen(
      () => (
        <CrudScreen
          entity={demo}
          slots={{ source: { kind: 'forest', verb: 'forest' }, tree: 'name' }}
        />
      ),
      '/?current=1&size=10',
    )
    await screen.findByText('研发部')
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryByText(/总部|研发部|分部/)?.textContent)
    expect(names).toEqual(['总部', '研发部', '分部'])
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull()
    await u.click(screen.getByRole('button', { name: '收起 总部' }))
    await waitFor(() => expect(screen.queryByText('研发部')).toBeNull())
    const parent = screen.getByText('总部').closest('tr') as HTMLElement
    await u.click(within(parent).getByRole('button', { name: '新增子项' }))
    expect(control(await screen.findByRole('dialog'), /^上级/).value).toBe('1')
  })

  it('loads a lazy tree’s roots with the filters and a row’s children when it is expanded', async () => {
    const u = userEvent.setup()
    renderScreen(
      () => <CrudScreen entity={demo} slots={{ source: { kind: 'lazy' }, tree: 'name' }} />,
      '/?current=1&size=10',
    )
    await screen.findByText('总部')
    expect(lazyCalls).toEqual([{}])
    expect(screen.queryByText('研发部')).toBeNull()
    await u.click(screen.getByRole('button', { name: '展开 总部' }))
    expect(await screen.findByText('研发部')).toBeTruthy()
    expect(lazyCalls).toContainEqual({ parentId: '1' })
  })
})

describe('multiple tree field', () => {
  it('is a searchable checkbox tree whose nodes are chosen each on their own', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={demo} />, '/?current=1&size=10')
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(control(dialog, /^名称/), 'd')
    const tree = within(dialog).getByRole('group', { name: '部门' })
    await u.type(within(tree).getByRole('textbox', { name: '输入关键字进行过滤' }), '研发')
    await u.click(await within(tree).findByRole('checkbox', { name: '研发部' }))
    expect((within(tree).getByRole('checkbox', { name: '总部' }) as HTMLInputElement).checked).toBe(
      false,
    )
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(lastCall('POST', 'submit')?.body).toMatchObject({ depts: '11' }))
  })

  it('cascades where the screen asks: a child brings its parent', async () => {
    const u = userEvent.setup()
    renderScreen(
      () => <CrudScreen entity={demo} slots={{ cascade: ['depts'] }} />,
      '/?current=1&size=10',
    )
    await screen.findByRole('table')
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(control(dialog, /^名称/), 'e')
    await u.click(await within(dialog).findByRole('checkbox', { name: '研发部' }))
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(lastCall('POST', 'submit')?.body).toMatchObject({ depts: '11,1' }))
  })
})
