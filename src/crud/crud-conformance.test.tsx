// Conformance suite generated from every entity declaration (style.md principle 8): the engine's
// contract (list and paging, search params, create/edit validation and bodies, delete, permissions,
// export) is checked for each registered entity against msw handlers of the generic endpoints.
import { i18n } from '@lingui/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { componentOf, fieldsOf, type EntityDef } from '@/domain/entity'
import { entities } from '@/domain/registry'
import { validateField } from '@/domain/validate'
import { setupMsw } from '@/test/msw'
import { CrudScreen } from './crud-screen'
import { formFields } from './form-values'
import { renderMessage } from './message'
import { renderScreen } from './test-utils'
import { calls, entityHandlers, lastCall, optionHandlers, optionLabel, sampleRow, sampleValue, TEXT_COMPONENTS, TOTAL } from './conformance-fixtures'

const server = setupMsw(...optionHandlers(entities))
let user = 0

function signIn(def: EntityDef, actions: string[]) {
  user += 1
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: String(user), account: 'tester' })
  sessionStore.setPermission(Object.fromEntries(actions.map((a) => [`${def.permission}_${a}`, true])))
}

const labelOf = (def: EntityDef, name: string) => i18n._(def.fields.find((f) => f.name === name)!.label)
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The control of a labelled field (the label may carry Mantine's required asterisk). */
const field = (root: HTMLElement, label: string) => {
  // Mantine's listbox of a select carries the label too: the control is the input.
  const all = within(root).getAllByLabelText(new RegExp(`^${escape(label)}( \\*)?$`))
  return all.find((el) => el.matches('input, textarea')) ?? all[0]
}

vi.setConfig({ testTimeout: 30_000 })
afterEach(() => {
  vi.restoreAllMocks()
  // Toasts live in a module-level store that outlives each render.
  notifications.clean()
})

describe.each(entities.map((def) => [def.name, def] as const))('CRUD conformance: %s', (_name, def) => {
  const layout = def.layout ?? {}
  const textSearch = fieldsOf(def, 'search').filter((f) => f.search !== 'between' && !f.options)
  const addFields = formFields(def, 'add')
  const typed = addFields.filter((f) => TEXT_COMPONENTS.has(componentOf(f)))
  // Selects without a default are picked; fields with a default keep it.
  const picked = addFields.filter((f) => (componentOf(f) === 'select' || componentOf(f) === 'tree') && f.defaultValue === undefined)
  // Dates are picked from the calendar: the 15th of the shown month.
  const dated = addFields.filter((f) => (componentOf(f) === 'date' || componentOf(f) === 'datetime') && f.type !== 'month' && f.defaultValue === undefined)
  const Screen = () => <CrudScreen entity={def} />

  beforeEach(() => {
    // Fails here, with the field named, when a declaration needs an `example` for its pattern.
    sampleRow(def, 1)
    calls.length = 0
    server.use(...entityHandlers(def))
  })

  async function openList(url = '/?current=1&size=10') {
    const u = userEvent.setup()
    const view = renderScreen(Screen, url)
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    return { u, view, table: screen.getByRole('table') }
  }

  it('loads the list and pages with current/size', async () => {
    signIn(def, [])
    const { u, table } = await openList('/')
    expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '1', size: '10' })
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    await u.click(screen.getByRole('button', { name: '下一页' }))
    await waitFor(() => expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '2', size: '10' }))
    await u.click(screen.getByRole('combobox', { name: '每页条数' }))
    await u.click(await screen.findByRole('option', { name: '30 条/页' }))
    await waitFor(() => expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '1', size: '30' }))
  })

  it.skipIf(textSearch.length === 0)('maps a search to the list query params', async () => {
    signIn(def, [])
    const { u } = await openList()
    const form = screen.getByRole('search')
    const f = textSearch[0]
    await u.type(field(form, labelOf(def, f.name)), 'abc{Enter}')
    await waitFor(() => expect(lastCall('GET', 'list')?.query).toMatchObject({ [f.name]: 'abc', current: '1', size: '10' }))
    await u.click(within(form).getByRole('button', { name: '清空' }))
    await waitFor(() => expect(lastCall('GET', 'list')?.query).not.toHaveProperty(f.name))
  })

  it.skipIf(layout.readOnly || layout.add === false)('validates the create form on blur and submits the body', async () => {
    signIn(def, ['add'])
    const { u } = await openList()
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    for (const f of typed.filter((x) => x.required && !x.requiredWhen)) {
      await u.clear(field(dialog, i18n._(f.label)))
      await u.tab()
      expect(await within(dialog).findByText(renderMessage(i18n, validateField(f, '')!))).toBeTruthy()
    }
    for (const f of typed) {
      const input = field(dialog, i18n._(f.label))
      await u.clear(input)
      await u.click(input)
      await u.paste(String(sampleValue(f, 7)))
    }
    for (const f of picked) {
      await u.click(field(dialog, i18n._(f.label)))
      await u.click(await screen.findByRole('option', { name: optionLabel(f) }))
    }
    for (const f of dated) {
      await u.click(field(dialog, i18n._(f.label)))
      await u.click(screen.getAllByRole('button', { name: /^15 / })[0])
      if (componentOf(f) === 'datetime') await u.click(screen.getByRole('button', { name: '确定' }))
    }
    await u.click(within(dialog).getByRole('button', { name: '保存' }))
    await screen.findByText('新增成功')
    const body = lastCall('POST', 'submit')?.body as Record<string, unknown>
    for (const f of [...typed, ...picked]) expect(String(body[f.name])).toBe(String(sampleValue(f, 7)))
    for (const f of dated) expect(body[f.name]).toMatch(componentOf(f) === 'datetime' ? /^\d{4}-\d{2}-15 \d{2}:\d{2}:\d{2}$/ : /^\d{4}-\d{2}-15$/)
    expect(body.id).toBeUndefined()
  })

  it.skipIf(layout.readOnly || layout.edit === false)('loads the record to edit and submits it with its id', async () => {
    signIn(def, ['edit'])
    const { u, table } = await openList()
    await u.click(within(table).getAllByRole('button', { name: '编辑' })[0])
    const row = sampleRow(def, 1)
    await waitFor(() => expect(lastCall('GET', 'detail')?.query).toEqual({ id: row.id }))
    const dialog = await screen.findByRole('dialog')
    const f = typed.find((x) => x.type === 'string' || x.type === 'text')!
    const input = await waitFor(() => field(dialog, i18n._(f.label)))
    expect((input as HTMLInputElement).value).toBe(String(row[f.name]))
    await u.clear(input)
    await u.click(input)
    await u.paste(String(sampleValue(f, 9)))
    await u.click(within(dialog).getByRole('button', { name: '修改' }))
    await screen.findByText('修改成功')
    expect(lastCall('POST', 'submit')?.body).toMatchObject({ id: row.id, [f.name]: String(sampleValue(f, 9)) })
  })

  it.skipIf(layout.readOnly || layout.del === false)('asks before deleting, then calls remove with the ids', async () => {
    signIn(def, ['delete'])
    const { u, table } = await openList()
    await u.click(within(table).getAllByRole('button', { name: '删除' })[0])
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }))
    expect(lastCall('POST', 'remove')).toBeUndefined()
    await u.click(within(table).getAllByRole('button', { name: '删除' })[0])
    expect(await screen.findByText('确定删除选择的数据?')).toBeTruthy()
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }))
    await screen.findByText('删除成功')
    expect(lastCall('POST', 'remove')?.query).toEqual({ ids: sampleRow(def, 1).id })
  })

  it.skipIf(layout.readOnly || layout.del === false || layout.selection === false)('bulk delete warns without a selection and removes the selected rows', async () => {
    signIn(def, ['delete'])
    const { u, table } = await openList()
    const toolbarDelete = () => screen.getAllByRole('button', { name: '删除' }).find((b) => !table.contains(b))!
    await u.click(toolbarDelete())
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
    await u.click(within(table).getByRole('checkbox', { name: '选择第2行' }))
    await u.click(toolbarDelete())
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }))
    await screen.findByText('删除成功')
    expect(lastCall('POST', 'remove')?.query).toEqual({ ids: `${sampleRow(def, 1).id},${sampleRow(def, 2).id}` })
  })

  it('hides the buttons whose permission code is not granted', async () => {
    signIn(def, [])
    await openList()
    for (const name of ['新增', '删除', '编辑', '查看', '导出']) expect(screen.queryByRole('button', { name })).toBeNull()
  })

  it('exports the current filters as a file', async () => {
    signIn(def, ['export'])
    const created = vi.fn((_: Blob) => 'blob:export')
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const filter = textSearch[0]
    const { u } = await openList(filter ? `/?current=1&size=10&${filter.name}=abc` : undefined)
    await u.click(screen.getByRole('button', { name: '导出' }))
    await screen.findByText(new RegExp(`已导出 ${TOTAL} 条`))
    const call = lastCall('GET', 'export')!
    if (filter) expect(call.query).toEqual({ [filter.name]: 'abc' })
    expect(call.query).not.toHaveProperty('current')
    expect(created.mock.calls[0][0].size).toBeGreaterThan(0)
    expect(click).toHaveBeenCalledOnce()
  })
})

