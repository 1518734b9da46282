// The edit form and a record changed meanwhile: the save carries the version the form opened with;
// a 409 opens the conflict dialog with the differing fields (theirs beside mine, declared labels);
// "keep mine" sends my values on the server's version, "reload theirs" refills the form with the
// server's record and version. Against msw.
import { msg } from '@lingui/core/runtime-macro'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineEntity } from '@/domain/entity'
import { API, setupMsw } from '@/test/msw'
import { CrudForm } from './crud-form'
import { entityQueries } from '../entity-api'
import { renderScreen } from '@/test/render-screen'

const note = defineEntity({
  name: 'conflictNote',
  title: msg`便签`,
  api: '/demo/note',
  table: 'demo_note',
  tenant: false,
  base: true,
  softDelete: false,
  permission: 'conflict_note',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', readOnly: true, form: false },
    { name: 'title', label: msg`标题`, type: 'string', required: msg`请输入标题` },
    { name: 'amount', label: msg`金额`, type: 'number' },
  ],
})

const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
const OPENED = { id: '1', title: 'Opened', amount: 5, version: 3 }
const THEIRS = {
  id: '1',
  title: 'Theirs',
  amount: '5.00',
  version: 4,
  updateUser: '7',
  updateTime: '2026-11-20 10:00:00',
}
let stored: Record<string, unknown> = OPENED
const bodies: Record<string, unknown>[] = []

setupMsw(
  mock.get(`${API}/demo/note/detail`, () => ok(stored)),
  mock.post(`${API}/demo/note/submit`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    bodies.push(body)
    if (body.version !== stored.version)
      return HttpResponse.json(
        {
          code: 409,
          success: false,
          data: { ...stored, updateUserName: '阮文A' },
          msg: '数据已被 阮文A 于 2026-11-20 10:00:00 修改，请刷新后重试',
        },
        { status: 409 },
      )
    stored = { ...stored, ...body, version: Number(stored.version) + 1 }
    return ok(stored)
  }),
)

beforeEach(() => {
  stored = OPENED
  bodies.length = 0
})

async function openAndChange(title: string) {
  const onClose = vi.fn()
  renderScreen(() => <CrudForm def={note} mode="edit" id="1" onClose={onClose} />)
  const u = userEvent.setup()
  const input = await screen.findByRole('textbox', { name: /标题/ })
  await waitFor(() => expect((input as HTMLInputElement).value).toBe('Opened'))
  // Someone else saves meanwhile.
  stored = THEIRS
  await u.clear(input)
  await u.type(input, title)
  await u.click(screen.getByRole('button', { name: '修改' }))
  return { u, onClose, input }
}

describe('the edit form on a record changed meanwhile', { timeout: 90_000 }, () => {
  it('sends the opened version, shows the differing fields and keeps mine on the server version', async () => {
    const { u, onClose } = await openAndChange('Mine')
    const dialog = await screen.findByRole('dialog', { name: /保存冲突/ })
    expect(bodies[0]).toMatchObject({ id: '1', title: 'Mine', version: 3 })
    expect(
      within(dialog).getByText('阮文A 于 2026-11-20 10:00:00 修改了这条记录。', { exact: false }),
    ).toBeTruthy()
    // The dialog says it all: no error toast of the server's message beside it.
    expect(screen.queryByText(/请刷新后重试/)).toBeNull()
    // Only the field that differs: the amount is the same number (5 and 5.00).
    const table = within(dialog).getByTestId('conflict-table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((r) => [
        within(r).getAllByRole('cell')[0]!.textContent,
        r.querySelector('[data-side="mine"]')!.textContent,
        r.querySelector('[data-side="theirs"]')!.textContent,
      ]),
    ).toEqual([['标题', 'Mine', 'Theirs']])
    expect(stored.title).toBe('Theirs')
    await u.click(within(dialog).getByRole('button', { name: '保留我的' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bodies[1]).toMatchObject({ id: '1', title: 'Mine', version: 4 })
    expect(stored).toMatchObject({ title: 'Mine', version: 5 })
  })

  it('opens with the record as the server has it now, not an older cached one', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    })
    client.setQueryData(entityQueries(note).detail('1').queryKey, {
      ...OPENED,
      title: 'Cached',
      version: 2,
    })
    const onClose = vi.fn()
    renderScreen(() => <CrudForm def={note} mode="edit" id="1" onClose={onClose} />, '/', client)
    const u = userEvent.setup()
    const input = await screen.findByRole('textbox', { name: /标题/ })
    expect((input as HTMLInputElement).value).toBe('Opened')
    await u.click(screen.getByRole('button', { name: '修改' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bodies[0]).toMatchObject({ title: 'Opened', version: 3 })
  })

  it('reloads theirs into the form with their version', async () => {
    const { u, input, onClose } = await openAndChange('Mine')
    const dialog = await screen.findByRole('dialog', { name: /保存冲突/ })
    await u.click(within(dialog).getByRole('button', { name: '载入服务器的' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /保存冲突/ })).toBeNull())
    expect((input as HTMLInputElement).value).toBe('Theirs')
    expect(bodies).toHaveLength(1)
    await u.type(input, ' and more')
    await u.click(screen.getByRole('button', { name: '修改' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(bodies[1]).toMatchObject({ title: 'Theirs and more', version: 4 })
  })
})
