// The export on an iOS home-screen app, where a Blob cannot be saved through an object URL: the
// screen asks the server for a download ticket for the export and opens its URL (with the list's
// filters and the ticket, never the token) in a window opened by the tap itself; no Blob is fetched.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { exportFieldsOf } from '@/domain/entity'
import { param } from '@/domain/system/param'
import { API, setupMsw } from '@/test/msw'
import { calls, entityHandlers, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from '../crud-screen'
import { renderScreen } from '@/test/render-screen'

const ticketPaths: string[] = []
const server = setupMsw(
  ...entityHandlers(param),
  mock.post(`${API}/blade-resource/download-ticket`, ({ request }) => {
    ticketPaths.push(new URL(request.url).searchParams.get('path') ?? '')
    return HttpResponse.json({
      code: 200,
      success: true,
      data: { ticket: 'T-1', expiresIn: 60 },
      msg: '操作成功',
    })
  }),
)
vi.setConfig({ testTimeout: 20_000 })

beforeEach(() => {
  calls.length = 0
  ticketPaths.length = 0
  sessionStore.login({ access_token: 'secret-token', tenant_id: '000000', user_id: '7' })
  sessionStore.setPermission({ param_export: true })
  Object.defineProperty(navigator, 'standalone', { value: true, configurable: true })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'standalone')
  vi.restoreAllMocks()
})

it('opens the export by a ticketed URL with the filters', async () => {
  const tab = { location: { href: '' }, close: vi.fn() }
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  const u = userEvent.setup()
  renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  await u.type(screen.getByRole('textbox', { name: '参数键名' }), 'abc{Enter}')
  await u.click(screen.getByRole('button', { name: '导出' }))
  await u.click(
    within(await screen.findByRole('dialog', undefined, { timeout: 20_000 })).getByRole('button', {
      name: '开始导出',
    }),
  )

  await screen.findByText(`已在新窗口打开 ${TOTAL} 条数据的导出文件`)
  expect(open).toHaveBeenCalledOnce()
  expect(ticketPaths).toEqual(['/api/blade-system/param/export'])
  const url = new URL(tab.location.href)
  expect(`${url.origin}${url.pathname}`).toBe(`${API}/blade-system/param/export`)
  expect(Object.fromEntries(url.searchParams)).toEqual({
    paramKey: 'abc',
    columns: exportFieldsOf(param)
      .map((f) => f.name)
      .join(','),
    ticket: 'T-1',
  })
  expect(tab.location.href).not.toContain('secret-token')
  expect(calls.filter((c) => c.verb === 'export')).toEqual([])
})

it('closes the opened window when no ticket comes', async () => {
  const tab = { location: { href: '' }, close: vi.fn() }
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  const u = userEvent.setup()
  renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
  await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
  // The server refuses the ticket (the permission was withdrawn meanwhile).
  server.use(
    mock.post(`${API}/blade-resource/download-ticket`, () =>
      HttpResponse.json(
        { code: 403, success: false, data: {}, msg: '请求被拒绝' },
        { status: 403 },
      ),
    ),
  )
  await u.click(screen.getByRole('button', { name: '导出' }))
  await u.click(
    within(await screen.findByRole('dialog', undefined, { timeout: 20_000 })).getByRole('button', {
      name: '开始导出',
    }),
  )
  await waitFor(() => expect(tab.close).toHaveBeenCalledOnce())
  expect(tab.location.href).toBe('')
  expect(screen.queryByText(/已在新窗口打开/)).toBeNull()
})
