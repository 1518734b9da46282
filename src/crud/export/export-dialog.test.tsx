// The export dialog on a list screen: it asks which rows (all matching the filter, this page, the
// selection) and which columns, sends them as `ids` and `columns` with the list's filters, and
// offers the columns last chosen again (remembered per user).
import { i18n } from '@lingui/core'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { exportFieldsOf } from '@/domain/entity'
import { param } from '@/domain/system/param'
import { setupMsw } from '@/test/msw'
import { calls, entityHandlers, lastCall, sampleKey, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from '../crud-screen'
import { renderScreen } from '@/test/render-screen'

setupMsw(...entityHandlers(param))
vi.setConfig({ testTimeout: 30_000 })

const all = exportFieldsOf(param).map((f) => f.name)

beforeEach(() => {
  calls.length = 0
  sessionStore.login({
    access_token: 'token',
    tenant_id: '000000',
    user_id: `export-${Math.random()}`,
  })
  sessionStore.setPermission({ param_export: true })
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
})

async function openDialog(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: '导出' }))
  // The dialog's code loads on first use.
  return screen.findByRole('dialog', undefined, { timeout: 20_000 })
}

it('exports the selected rows with the chosen columns, then offers those columns again', async () => {
  const u = userEvent.setup({ delay: null })
  renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  await u.click(screen.getByRole('checkbox', { name: '选择第2行' }))
  await u.click(screen.getByRole('checkbox', { name: '选择第4行' }))

  let dialog = await openDialog(u)
  // With a selection, the selection is what is offered first.
  expect(
    (within(dialog).getByRole('radio', { name: '选中的数据（2 条）' }) as HTMLInputElement).checked,
  ).toBe(true)
  expect(
    (
      within(dialog).getByRole('radio', {
        name: `符合查询条件的全部数据（${TOTAL} 条）`,
      }) as HTMLInputElement
    ).checked,
  ).toBe(false)
  const dropped = exportFieldsOf(param)[1]!
  await u.click(within(dialog).getByRole('checkbox', { name: i18n._(dropped.label) }))
  await u.click(within(dialog).getByRole('button', { name: '开始导出' }))
  await screen.findByText(/已导出 2 条/)
  expect(lastCall('GET', 'export')!.query).toEqual({
    ids: `${sampleKey(param, 2)},${sampleKey(param, 4)}`,
    columns: all.filter((n) => n !== dropped.name).join(','),
  })

  // Again: the dropped column stays dropped; this page sends the page's ten keys.
  dialog = await openDialog(u)
  expect(
    (within(dialog).getByRole('checkbox', { name: i18n._(dropped.label) }) as HTMLInputElement)
      .checked,
  ).toBe(false)
  await u.click(within(dialog).getByRole('radio', { name: '本页数据（10 条）' }))
  await u.click(within(dialog).getByRole('button', { name: '开始导出' }))
  await screen.findByText(/已导出 10 条/)
  expect(lastCall('GET', 'export')!.query.ids!.split(',')).toEqual(
    Array.from({ length: 10 }, (_, i) => sampleKey(param, i + 1)),
  )
})

it('exports every row of the filter without ids, and cannot export without a column', async () => {
  const u = userEvent.setup({ delay: null })
  renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  await u.type(screen.getByRole('textbox', { name: '参数键名' }), 'abc{Enter}')
  const dialog = await openDialog(u)
  expect(
    (within(dialog).getByRole('radio', { name: '选中的数据（0 条）' }) as HTMLInputElement)
      .disabled,
  ).toBe(true)
  await u.click(within(dialog).getByRole('button', { name: '全不选' }))
  expect(
    (within(dialog).getByRole('button', { name: '开始导出' }) as HTMLButtonElement).disabled,
  ).toBe(true)
  expect(within(dialog).getByRole('alert').textContent).toBe('请至少选择一列')
  await u.click(within(dialog).getByRole('button', { name: '全选' }))
  await u.click(within(dialog).getByRole('button', { name: '开始导出' }))
  await screen.findByText(new RegExp(`已导出 ${TOTAL} 条`))
  expect(lastCall('GET', 'export')!.query).toEqual({ paramKey: 'abc', columns: all.join(',') })
})
