// The local error log keeps errors, not refusals: uncaught UI errors, 5xx answers and lost
// connections are recorded once; a refused write (4xx), shown by its form, is not.
import { http as mock, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import '@/test/i18n'
import { request } from '@/api/http'
import { API, setupMsw } from '@/test/msw'
import { captureToasts } from '@/test/toasts'
import { installErrorCapture } from './capture'
import { errorLogStore } from './error-log-store'

const server = setupMsw()
captureToasts()
let uninstall: () => void = () => {}

beforeEach(() => {
  localStorage.clear()
  errorLogStore.reload()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  uninstall = installErrorCapture()
})
afterEach(() => {
  uninstall()
  vi.restoreAllMocks()
})

/** A rejection nobody handled, as the browser reports it. */
function unhandled(reason: unknown) {
  const e = new Event('unhandledrejection') as PromiseRejectionEvent
  Object.assign(e, { reason })
  window.dispatchEvent(e)
}

const messages = () => errorLogStore.getState().map((l) => l.message)

it('records a 5xx answer once, even when the caller leaves it unhandled', async () => {
  server.use(
    mock.post(`${API}/blade-x/submit`, () =>
      HttpResponse.json({ code: 500, success: false, msg: '数据库异常' }, { status: 500 }),
    ),
  )
  const err = await request('/api/blade-x/submit', { method: 'POST', body: {} }).catch(
    (e: unknown) => e,
  )
  unhandled(err)
  expect(messages()).toEqual(['数据库异常'])
  expect(errorLogStore.getState()[0]!.info).toBe('POST /api/blade-x/submit')
})

it('records a lost connection', async () => {
  server.use(mock.get(`${API}/blade-x/list`, () => HttpResponse.error()))
  await request('/api/blade-x/list').catch(() => undefined)
  expect(errorLogStore.getState()).toHaveLength(1)
  expect(errorLogStore.getState()[0]!.info).toBe('GET /api/blade-x/list')
})

it('does not record a refused write (400, 409), handled or not', async () => {
  server.use(
    mock.post(`${API}/blade-x/submit`, () =>
      HttpResponse.json({ code: 400, success: false, msg: '请输入名称' }, { status: 400 }),
    ),
    mock.post(`${API}/blade-x/save`, () =>
      HttpResponse.json({ code: 409, success: false, msg: '数据已被修改' }, { status: 409 }),
    ),
  )
  unhandled(
    await request('/api/blade-x/submit', { method: 'POST', body: {} }).catch((e: unknown) => e),
  )
  unhandled(
    await request('/api/blade-x/save', { method: 'POST', body: {} }).catch((e: unknown) => e),
  )
  expect(messages()).toEqual([])
})

it('still records uncaught UI errors', () => {
  unhandled(new TypeError('row is undefined'))
  expect(messages()).toEqual(['row is undefined'])
})
