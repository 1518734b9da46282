// List state beyond the conformance suite: the saved page size and filters come back on a fresh
// open, a deep link wins over them, and a date range from yesterday through today is the default
// where declared; opening and typing in a form leaves the list's cells and the form's other fields
// undrawn.
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import dayjs from 'dayjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { defineEntity } from '@/domain/entity'
import { param } from '@/domain/system/param'
import { setupMsw } from '@/test/msw'
import { calls, entityHandlers, lastCall, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from './crud-screen'
import { getPreference } from './preferences'
import { renderScreen } from '@/test/render-screen'

const log = defineEntity({
  name: 'demoLog',
  title: msg`日志`,
  api: '/demo/log',
  table: 'demo_log',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'demo_log',
  layout: { readOnly: true, defaultDateRange: 'yesterday' },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, readOnly: true },
    {
      name: 'createTime',
      label: msg`日志时间`,
      type: 'datetime',
      search: 'between',
      readOnly: true,
    },
  ],
})

setupMsw(...entityHandlers(param), ...entityHandlers(log))
vi.setConfig({ testTimeout: 20_000 })
let user = 100

beforeEach(() => {
  calls.length = 0
  user += 1
  sessionStore.login({ access_token: 't', tenant_id: '000000', user_id: String(user) })
  sessionStore.setPermission({})
})

describe('CrudScreen list state', () => {
  it('saves the page size and filters, and restores them on a fresh open', async () => {
    const u = userEvent.setup()
    const first = renderScreen(() => <CrudScreen entity={param} />)
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    await u.click(screen.getByRole('combobox', { name: '每页条数' }))
    await u.click(await screen.findByRole('option', { name: '50 条/页' }))
    await u.type(screen.getByRole('textbox', { name: '参数键名' }), 'k{Enter}')
    await waitFor(() =>
      expect(lastCall('GET', 'list')?.query).toEqual({ current: '1', size: '50', paramKey: 'k' }),
    )
    await waitFor(async () =>
      expect(
        await getPreference({ tenantId: '000000', userId: String(user) }, 'crud:param'),
      ).toEqual({ size: 50, filters: { paramKey: 'k' } }),
    )
    first.unmount()

    calls.length = 0
    const again = renderScreen(() => <CrudScreen entity={param} />)
    await waitFor(() =>
      expect(lastCall('GET', 'list')?.query).toEqual({ current: '1', size: '50', paramKey: 'k' }),
    )
    expect(calls.filter((c) => c.verb === 'list')).toHaveLength(1)
    expect(again.router.state.location.search).toMatchObject({ size: 50, paramKey: 'k' })
    again.unmount()

    calls.length = 0
    renderScreen(() => <CrudScreen entity={param} />, '/?current=2&size=30')
    await waitFor(() =>
      expect(lastCall('GET', 'list')?.query).toEqual({ current: '2', size: '30' }),
    )
  })

  it('hides a column from the column menu and remembers it', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    expect(screen.getByRole('columnheader', { name: '参数键值' })).toBeTruthy()
    await u.click(screen.getByRole('button', { name: '列显隐' }))
    await u.click(await screen.findByRole('menuitem', { name: '参数键值' }))
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '参数键值' })).toBeNull())
    expect(await getPreference({ tenantId: '000000', userId: String(user) }, 'crud:param')).toEqual(
      { hiddenColumns: ['paramValue'] },
    )
  })

  it("starts a declared hidden column hidden, and shows it from the column menu (Avue's hide)", async () => {
    const u = userEvent.setup()
    const hiddenValue = {
      ...param,
      fields: param.fields.map((f) =>
        f.name === 'paramValue' ? { ...f, list: 'hidden' as const } : f,
      ),
    }
    renderScreen(() => <CrudScreen entity={hiddenValue} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    expect(screen.getByRole('columnheader', { name: '参数键名' })).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: '参数键值' })).toBeNull()
    await u.click(screen.getByRole('button', { name: '列显隐' }))
    await u.click(await screen.findByRole('menuitem', { name: '参数键值' }))
    await waitFor(() => expect(screen.getByRole('columnheader', { name: '参数键值' })).toBeTruthy())
    expect(await getPreference({ tenantId: '000000', userId: String(user) }, 'crud:param')).toEqual(
      { hiddenColumns: [] },
    )
  })

  it('opens a date range from yesterday through today where the layout declares it', async () => {
    renderScreen(() => <CrudScreen entity={log} />)
    const y = dayjs().subtract(1, 'day').format('YYYY-MM-DD')
    const today = dayjs().format('YYYY-MM-DD')
    await waitFor(() =>
      expect(lastCall('GET', 'list')?.query).toEqual({
        current: '1',
        size: '10',
        createTime_ge: `${y} 00:00:00`,
        createTime_le: `${today} 23:59:59`,
      }),
    )
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull()
  })

  it('on a phone starts with the search panel closed, opens it from the toolbar, and shows it while a filter is in force', async () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 767.98px'),
    })) as typeof window.matchMedia
    try {
      const u = userEvent.setup()
      const first = renderScreen(() => <CrudScreen entity={param} />)
      await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
      const toggle = screen.getByRole('button', { name: '显示/隐藏搜索' })
      expect(toggle.getAttribute('aria-expanded')).toBe('false')
      expect(screen.queryByRole('textbox', { name: '参数键名' })).toBeNull()
      await u.click(toggle)
      expect(toggle.getAttribute('aria-expanded')).toBe('true')
      await u.type(await screen.findByRole('textbox', { name: '参数键名' }), 'k{Enter}')
      await waitFor(() =>
        expect(lastCall('GET', 'list')?.query).toEqual({ current: '1', size: '10', paramKey: 'k' }),
      )
      first.unmount()
      // A list opened with a filter (a deep link) shows the panel that says so.
      renderScreen(() => <CrudScreen entity={param} />, '/?paramKey=k')
      expect(
        ((await screen.findByRole('textbox', { name: '参数键名' })) as HTMLInputElement).value,
      ).toBe('k')
      expect(
        screen.getByRole('button', { name: '显示/隐藏搜索' }).getAttribute('aria-expanded'),
      ).toBe('true')
    } finally {
      window.matchMedia = original
    }
  }, 20_000)
})

describe('CrudScreen list cells', () => {
  it('are not drawn again while the add form opens and is typed in', async () => {
    const u = userEvent.setup()
    sessionStore.setPermission({ [`${param.permission}_add`]: true })
    const keyCell = vi.fn((_row: unknown, value: unknown) => String(value))
    renderScreen(() => <CrudScreen entity={param} slots={{ cells: { paramKey: keyCell } }} />)
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    const drawn = keyCell.mock.calls.length
    expect(drawn).toBeGreaterThan(0)
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    await u.type(within(dialog).getAllByRole('textbox')[0]!, 'abc')
    expect(keyCell.mock.calls.length).toBe(drawn)
  })
})

describe('CrudScreen form fields', () => {
  it('are not drawn again while another field of the form is typed in', async () => {
    const u = userEvent.setup()
    sessionStore.setPermission({ [`${param.permission}_add`]: true })
    renderScreen(() => <CrudScreen entity={param} />)
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    await u.click(screen.getByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    const [name, key] = ['paramName', 'paramKey'].map((n) =>
      param.fields.find((f) => f.name === n)!,
    )
    // A field reads its label on each draw: the key's label counts the key field's draws.
    const translate = vi.spyOn(i18n, '_')
    const keyDraws = () => translate.mock.calls.filter(([id]) => Object.is(id, key!.label)).length
    const nameInput = within(dialog).getByRole('textbox', {
      name: new RegExp(`^${i18n._(name!.label)}`),
    })
    await u.type(nameInput, 'abc')
    expect(nameInput).toHaveProperty('value', 'abc')
    expect(keyDraws()).toBe(0)
  })
})
