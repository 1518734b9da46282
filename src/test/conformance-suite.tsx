// Conformance suite generated from every entity declaration (docs/architecture.md house rule 8): the engine's
// contract (list and paging, search params, export, create/edit validation and bodies, delete, bulk
// delete, permissions) is checked for each registered entity against msw handlers of the generic
// endpoints. One render per entity drives every check in turn (rendering and loading the list is
// what costs), so each step leaves the screen as the next one expects it: page 1, no filters.
import { i18n } from '@lingui/core'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import {
  componentOf,
  exportFieldsOf,
  fieldsOf,
  type EntityDef,
  type FieldDef,
} from '@/domain/entity'
import { entities } from '@/domain/registry'
import { isVisible, validateField } from '@/domain/validate'
import { setupMsw } from './msw'
import { CrudScreen } from '@/crud/crud-screen'
import { PAGED } from '@/crud/entity-api'
import { formFields, toFormValues, toWireRecord } from '@/crud/form/form-values'
import { renderMessage } from '@/crud/message'
import { renderScreen } from './render-screen'
import {
  calls,
  entityHandlers,
  lastCall,
  optionHandlers,
  optionLabel,
  sampleKey,
  sampleRow,
  sampleValue,
  TEXT_COMPONENTS,
  TOTAL,
} from './conformance-fixtures'

let user = 0

function signIn(def: EntityDef, actions: string[]) {
  user += 1
  sessionStore.login({
    access_token: 't',
    tenant_id: '000000',
    user_id: String(user),
    account: 'tester',
  })
  sessionStore.setPermission(
    Object.fromEntries(actions.map((a) => [`${def.permission}_${a}`, true])),
  )
}

const labelOf = (def: EntityDef, name: string) =>
  i18n._(def.fields.find((f) => f.name === name)!.label)
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The control of a labelled field (the label may carry Mantine's required asterisk). */
const field = (root: HTMLElement, label: string) => {
  // Mantine's listbox of a select carries the label too: the control is the input.
  const all = within(root).getAllByLabelText(new RegExp(`^${escape(label)}( \\*)?$`))
  return all.find((el) => el.matches('input, textarea')) ?? all[0]
}

/** Toasts live in a module-level store that outlives each step: cleared before the next one. */
async function clearToasts() {
  act(() => notifications.clean())
  await waitFor(() => expect(document.querySelector('.mantine-Notification-root')).toBeNull())
}

/**
 * The suite for every `of`-th entity of the registry from the `shard`-th: the files
 * crud-conformance-<n>.test.tsx run it in parts, so that the parts run side by side on the
 * machine's workers instead of one worker taking minutes over every entity.
 */
export function crudConformance(shard: number, of: number) {
  const server = setupMsw(...optionHandlers(entities))
  vi.setConfig({ testTimeout: 90_000 })
  afterEach(() => {
    vi.restoreAllMocks()
    notifications.clean()
  })

  describe.each(entities.filter((_, i) => i % of === shard).map((def) => [def.name, def] as const))(
    'CRUD conformance: %s',
    (_name, def) => {
      const layout = def.layout ?? {}
      const textSearch = fieldsOf(def, 'search').filter((f) => f.search !== 'between' && !f.options)
      const addFields = formFields(def, 'add')
      // Fields hidden by visibleWhen under the defaults are not on the form.
      const start = toWireRecord(addFields, toFormValues(def, 'add'))
      const shown = addFields.filter((f) => isVisible(f, start))
      const typed = shown.filter((f) => TEXT_COMPONENTS.has(componentOf(f)))
      // Selects without a default are picked; fields with a default keep it.
      const picked = shown.filter(
        (f) =>
          (componentOf(f) === 'select' || componentOf(f) === 'tree') &&
          f.defaultValue === undefined,
      )
      // Dates are picked from the calendar: the 15th of the shown month.
      const dated = shown.filter(
        (f) =>
          (componentOf(f) === 'date' || componentOf(f) === 'datetime') &&
          f.type !== 'month' &&
          f.defaultValue === undefined,
      )
      // Months are picked from the month list: its first month.
      const months = shown.filter((f) => f.type === 'month' && f.defaultValue === undefined)
      const rowsFields = shown.filter((f) => f.type === 'rows')
      const canAdd = !layout.readOnly && layout.add !== false
      const canEdit = !layout.readOnly && layout.edit !== false
      const canDelete = !layout.readOnly && layout.del !== false
      // A generic tree entity lists a level at a time on its screen (that source has its own tests in
      // crud-slots.test.tsx); here it is listed by pages like the others, so every step below applies.
      const Screen = () => (
        <CrudScreen entity={def} slots={def.tree && !def.custom ? { source: PAGED } : undefined} />
      )

      beforeEach(() => {
        // Fails here, with the field named, when a declaration needs an `example` for its pattern.
        sampleRow(def, 1)
        calls.length = 0
        server.use(...entityHandlers(def))
      })

      async function search(u: UserEvent, f: FieldDef, text: string) {
        const form = screen.getByRole('search')
        await u.type(field(form, labelOf(def, f.name)), `${text}{Enter}`)
        await waitFor(() =>
          expect(lastCall('GET', 'list')?.query).toMatchObject({
            [f.name]: text,
            current: '1',
            size: '10',
          }),
        )
      }
      async function reset(u: UserEvent, f: FieldDef) {
        await u.click(within(screen.getByRole('search')).getByRole('button', { name: '清空' }))
        await waitFor(() => expect(lastCall('GET', 'list')?.query).not.toHaveProperty(f.name))
      }

      async function pick(u: UserEvent, dialog: HTMLElement, f: FieldDef) {
        if (componentOf(f) === 'tree' && f.multiple) {
          // A checkbox tree: the option is a checkbox inside the field's group.
          return u.click(
            await within(field(dialog, i18n._(f.label))).findByRole('checkbox', {
              name: optionLabel(f),
            }),
          )
        }
        await u.click(field(dialog, i18n._(f.label)))
        await u.click(await screen.findByRole('option', { name: optionLabel(f) }))
      }

      async function create(u: UserEvent) {
        await u.click(screen.getByRole('button', { name: '新增' }))
        const dialog = await screen.findByRole('dialog')
        // A required field says nothing until the user changed it; emptied again, it says what it needs.
        for (const f of typed.filter((x) => x.required && !x.requiredWhen)) {
          const input = field(dialog, i18n._(f.label))
          await u.click(input)
          await u.paste(String(sampleValue(f, 7)))
          await u.clear(input)
          await u.tab()
          expect(
            await within(dialog).findByText(renderMessage(i18n, validateField(f, '')!)),
          ).toBeTruthy()
        }
        for (const f of typed) {
          const input = field(dialog, i18n._(f.label))
          await u.clear(input)
          await u.click(input)
          await u.paste(String(sampleValue(f, 7)))
        }
        for (const f of picked) await pick(u, dialog, f)
        for (const f of dated) {
          await u.click(field(dialog, i18n._(f.label)))
          await u.click(screen.getAllByRole('button', { name: /^15 / })[0])
          if (componentOf(f) === 'datetime')
            await u.click(screen.getByRole('button', { name: '确定' }))
        }
        for (const f of months) {
          await u.click(field(dialog, i18n._(f.label)))
          await u.click(
            document.querySelector<HTMLElement>('.mantine-MonthPickerInput-monthsListControl')!,
          )
        }
        for (const f of rowsFields) {
          // One sub-record, its text cells typed and its selects picked (cells are named "<column> <row>").
          await u.click(
            within(field(dialog, i18n._(f.label))).getByRole('button', { name: '添加行' }),
          )
          for (const sub of (f.rows ?? []).filter(
            (x) => componentOf(x) === 'select' && x.required,
          )) {
            await u.click(
              within(dialog)
                .getAllByLabelText(`${i18n._(sub.label)} 1`)
                .find((el) => el.matches('input'))!,
            )
            await u.click(await screen.findByRole('option', { name: optionLabel(sub) }))
          }
          for (const sub of (f.rows ?? []).filter(
            (x) => TEXT_COMPONENTS.has(componentOf(x)) && !x.readOnly,
          )) {
            const cell = within(dialog).getByLabelText(`${i18n._(sub.label)} 1`)
            await u.clear(cell)
            await u.click(cell)
            await u.paste(String(sampleValue(sub, 7)))
          }
        }
        await u.click(within(dialog).getByRole('button', { name: '保存' }))
        await screen.findByText('新增成功')
        const body = lastCall('POST', 'submit')?.body as Record<string, unknown>
        for (const f of [...typed, ...picked])
          expect(String(body[f.name])).toBe(String(sampleValue(f, 7)))
        for (const f of dated)
          expect(body[f.name]).toMatch(
            componentOf(f) === 'datetime'
              ? /^\d{4}-\d{2}-15 \d{2}:\d{2}:\d{2}$/
              : /^\d{4}-\d{2}-15$/,
          )
        for (const f of months) expect(body[f.name]).toMatch(/^\d{4}-01$/)
        for (const f of rowsFields) expect(body[f.name]).toHaveLength(1)
        expect(body.id).toBeUndefined()
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      }

      async function edit(u: UserEvent, table: HTMLElement) {
        await u.click(within(table).getAllByRole('button', { name: '编辑' })[0])
        const row = sampleRow(def, 1)
        const key = def.key ?? 'id'
        await waitFor(() =>
          expect(lastCall('GET', 'detail')?.query).toEqual({ [key]: sampleKey(def, 1) }),
        )
        const dialog = await screen.findByRole('dialog')
        // The key of a keyed entity is shown, not edited: another text field is (when there is one).
        const f = typed.find(
          (x) => (x.type === 'string' || x.type === 'text') && x.name !== def.key,
        )
        const changed: Record<string, string> = {}
        if (f) {
          const input = await waitFor(() => field(dialog, i18n._(f.label)))
          expect((input as HTMLInputElement).value).toBe(String(row[f.name]))
          await u.clear(input)
          await u.click(input)
          await u.paste(String(sampleValue(f, 9)))
          changed[f.name] = String(sampleValue(f, 9))
        }
        // A write-only field shows that it is set, is not required, and is not sent when left empty.
        const secrets = formFields(def, 'edit').filter((x) => x.secret && isVisible(x, row))
        for (const s of secrets)
          expect(field(dialog, i18n._(s.label)).getAttribute('placeholder')).toBe(
            '已设置，留空则保持不变',
          )
        // A field fixed once made (editable: false) is shown, read-only, with its value.
        for (const x of formFields(def, 'edit').filter(
          (y) => y.editable === false && isVisible(y, row),
        ))
          expect(field(dialog, i18n._(x.label)).hasAttribute('readonly'), x.name).toBe(true)
        await u.click(within(dialog).getByRole('button', { name: '修改' }))
        await screen.findByText('修改成功')
        const body = lastCall('POST', 'submit')?.body as Record<string, unknown>
        // The version the form was opened with goes back, so a stale save is refused instead of overwriting.
        expect(body).toMatchObject({ [key]: sampleKey(def, 1), version: row.version, ...changed })
        for (const s of secrets) expect(body).not.toHaveProperty(s.name)
        if (def.key) expect(body).not.toHaveProperty('id')
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      }

      /** What remove was called with: ids=a,b (or one id=<key> per row for keyed entities). */
      const removed = () =>
        calls.filter((c) => c.method === 'POST' && c.verb === 'remove').map((c) => c.query)
      const removeOf = (...n: number[]) =>
        def.key
          ? n.map((i) => ({ id: sampleKey(def, i) }))
          : [{ ids: n.map((i) => sampleKey(def, i)).join(',') }]

      async function remove(u: UserEvent, table: HTMLElement) {
        await u.click(within(table).getAllByRole('button', { name: '删除' })[0])
        await u.click(
          within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
        )
        expect(removed()).toEqual([])
        await u.click(within(table).getAllByRole('button', { name: '删除' })[0])
        expect(await screen.findByText(/^确定删除 1 条数据/)).toBeTruthy()
        await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }))
        await screen.findByText('删除成功')
        expect(removed()).toEqual(removeOf(1))
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      }

      async function bulkRemove(u: UserEvent, table: HTMLElement) {
        calls.length = 0
        const toolbarDelete = () =>
          screen.getAllByRole('button', { name: '删除' }).find((b) => !table.contains(b))!
        await u.click(toolbarDelete())
        expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
        await u.click(within(table).getByRole('checkbox', { name: '选择第1行' }))
        await u.click(within(table).getByRole('checkbox', { name: '选择第2行' }))
        await u.click(toolbarDelete())
        await u.click(
          within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
        )
        await screen.findByText('删除成功')
        expect(removed()).toEqual(removeOf(1, 2))
      }

      it('lists, pages, searches, exports, creates, edits, deletes and hides what is not granted', async () => {
        signIn(def, ['add', 'edit', 'delete', 'export'])
        const created = vi.fn((_: Blob) => 'blob:export')
        Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() })
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
        // No pauses between keystrokes (the suite types a lot), and no hover before each click: the
        // engine's contract is what a click does; the hover's events drew the screen again each time
        // (a sixth of the suite's CPU) and are tested where hovering shows something.
        const u = userEvent.setup({ delay: null, skipHover: true })
        renderScreen(Screen, '/?current=1&size=10')
        // The first screen of a fresh test process waits for its modules to load (slow on a busy machine).
        await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 20_000 })
        const table = screen.getByRole('table')

        // The list: current/size, a page of rows.
        expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '1', size: '10' })
        expect(within(table).getAllByRole('row')).toHaveLength(11)

        // Default filters (a date range from yesterday) are cleared first, so the filters below are the only ones.
        if (layout.defaultDateRange) {
          await u.click(within(screen.getByRole('search')).getByRole('button', { name: '清空' }))
          await waitFor(() =>
            expect(lastCall('GET', 'list')?.query).toEqual({ current: '1', size: '10' }),
          )
        }

        // A search maps to the list params; export sends those filters (and no paging) and saves a
        // file; reset drops them.
        const filter = textSearch[0]
        if (filter) await search(u, filter, 'abc')
        await u.click(screen.getByRole('button', { name: '导出' }))
        // The export dialog's code loads on first use (slow on a busy machine).
        await u.click(
          within(await screen.findByRole('dialog', undefined, { timeout: 20_000 })).getByRole(
            'button',
            { name: '开始导出' },
          ),
        )
        await screen.findByText(new RegExp(`已导出 ${TOTAL} 条`))
        const exported = lastCall('GET', 'export')!
        const columns = exportFieldsOf(def)
          .map((f) => f.name)
          .join(',')
        if (filter) expect(exported.query).toEqual({ [filter.name]: 'abc', columns })
        else expect(exported.query).toMatchObject({ columns })
        expect(exported.query).not.toHaveProperty('current')
        expect(created.mock.calls[0][0].size).toBeGreaterThan(0)
        expect(click).toHaveBeenCalledOnce()
        if (filter) await reset(u, filter)

        if (canAdd) {
          await create(u)
          await clearToasts()
        }
        if (canEdit) {
          await edit(u, table)
          await clearToasts()
        }
        if (canDelete) {
          await remove(u, table)
          await clearToasts()
        }
        if (canDelete && layout.selection !== false) {
          await bulkRemove(u, table)
          await clearToasts()
        }

        // Paging: the next page, then a page size (back on page 1); last, as a longer table slows every later step.
        await u.click(screen.getByRole('button', { name: '下一页' }))
        await waitFor(() =>
          expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '2', size: '10' }),
        )
        await u.click(screen.getByRole('combobox', { name: '每页条数' }))
        await u.click(await screen.findByRole('option', { name: '30 条/页' }))
        await waitFor(() =>
          expect(lastCall('GET', 'list')?.query).toMatchObject({ current: '1', size: '30' }),
        )
        await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(TOTAL + 1))

        // Nothing granted: no add, delete, edit, view or export buttons.
        act(() => sessionStore.setPermission({}))
        await waitFor(() => expect(screen.queryByRole('button', { name: '新增' })).toBeNull())
        for (const name of ['新增', '删除', '编辑', '查看', '导出'])
          expect(screen.queryByRole('button', { name })).toBeNull()
      })
    },
  )
}
