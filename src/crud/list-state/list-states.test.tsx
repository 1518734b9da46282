// A list says what happens to it: a failed refresh shows one inline error with retry and marks the
// kept rows stale; a slow refresh shows a progress line; an empty list says what is empty and
// offers add or clearing the filters.
import { http as mock, HttpResponse } from 'msw'
import { act, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { param } from '@/domain/system/param'
import { API, setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { calls, entityHandlers, TOTAL } from '@/test/conformance-fixtures'
import { CrudScreen } from '../crud-screen'
import { renderScreen } from '@/test/render-screen'
import { useDelayedFlag } from './use-delayed-flag'

const server = setupMsw(...entityHandlers(param))
const toasts = captureToasts()
vi.setConfig({ testTimeout: 20_000 })
let user = 500

beforeEach(() => {
  calls.length = 0
  user += 1
  sessionStore.login({
    access_token: 't',
    tenant_id: '000000',
    user_id: String(user),
    account: 'tester',
  })
  sessionStore.setPermission({ param_add: true })
})

const LIST = `${API}${param.api}/list`
const emptyPage = () =>
  HttpResponse.json({
    code: 200,
    success: true,
    data: { records: [], total: 0, size: 10, current: 1, pages: 0 },
    msg: '',
  })

describe('a failed refresh', () => {
  it('shows one inline error with retry, no toast, and marks the kept rows stale', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    expect(screen.queryByRole('alert')).toBeNull()

    server.use(
      mock.get(LIST, () =>
        HttpResponse.json({ code: 500, success: false, msg: '数据库不可用' }, { status: 500 }),
      ),
    )
    await u.click(screen.getByRole('button', { name: '刷新' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('列表刷新失败')
    expect(alert.textContent).toContain('数据库不可用')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(toasts).toEqual([])
    // The old rows stay, marked stale for the eye and for screen readers.
    const frame = screen.getByRole('table').closest('[data-stale]')!
    expect(frame).not.toBeNull()
    expect(frame.getAttribute('aria-describedby')).toBe(alert.id)
    expect(within(frame as HTMLElement).getByText('以下数据未能刷新，可能已过期。')).toBeTruthy()

    server.resetHandlers()
    await u.click(within(alert).getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(screen.getByRole('table').closest('[data-stale]')).toBeNull()
  })
})

describe('a slow refresh', () => {
  it('shows a progress line until the rows come', async () => {
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
    await screen.findByText(`共 ${TOTAL} 条`, undefined, { timeout: 5000 })
    expect(screen.queryByRole('progressbar', { name: '正在刷新列表' })).toBeNull()
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      mock.get(LIST, async () => {
        await held
        return emptyPage()
      }),
    )
    await u.click(screen.getByRole('button', { name: '刷新' }))
    expect(
      await screen.findByRole('progressbar', { name: '正在刷新列表' }, { timeout: 5000 }),
    ).toBeTruthy()
    answer()
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: '正在刷新列表' })).toBeNull(),
    )
  })
})

describe('the progress delay', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  it('turns on only after 300 ms of refreshing, and off with it', () => {
    const { result, rerender } = renderHook(({ on }) => useDelayedFlag(on, 300), {
      initialProps: { on: true },
    })
    act(() => void vi.advanceTimersByTime(299))
    expect(result.current).toBe(false)
    act(() => void vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
    rerender({ on: false })
    expect(result.current).toBe(false)
  })
})

describe('an empty list', () => {
  it('says the entity has no rows yet and offers add', async () => {
    server.use(mock.get(LIST, emptyPage))
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10')
    const empty = await screen.findByTestId('list-empty', undefined, { timeout: 5000 })
    expect(empty.textContent).toContain('“参数管理”中还没有数据')
    await u.click(within(empty).getByRole('button', { name: '添加第一条数据' }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })

  it('says no row matches the filters and clears them', async () => {
    server.use(
      mock.get(LIST, ({ request }) =>
        new URL(request.url).searchParams.get('paramKey')
          ? emptyPage()
          : HttpResponse.json({
              code: 200,
              success: true,
              data: {
                records: [{ id: '1', paramName: '甲', paramKey: 'a', paramValue: 'v' }],
                total: 1,
                size: 10,
                current: 1,
                pages: 1,
              },
              msg: '',
            }),
      ),
    )
    sessionStore.setPermission({})
    const u = userEvent.setup()
    renderScreen(() => <CrudScreen entity={param} />, '/?current=1&size=10&paramKey=zzz')
    const empty = await screen.findByTestId('list-empty', undefined, { timeout: 5000 })
    expect(empty.textContent).toContain('没有符合筛选条件的数据')
    expect(within(empty).queryByRole('button', { name: '添加第一条数据' })).toBeNull()
    await u.click(within(empty).getByRole('button', { name: '清空筛选条件' }))
    await screen.findByText('甲')
  })
})
