import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore, type MenuNode } from '@/api/session'
import { entityQueries } from '@/crud/entity-api'
import { param } from '@/domain/system/param'
import '@/test/i18n'
import { API, setupMsw } from '@/test/msw'
import { prefetchList } from './list-prefetch'
import { queryClient } from './query-client'

const node = (path: string, code: string): MenuNode => ({
  id: path,
  label: path,
  path,
  icon: '',
  children: [],
  meta: {},
  isOpen: 1,
  code,
})
const server = setupMsw()
const page = { records: [{ id: '1', paramName: 'a' }], total: 1, size: 10, current: 1, pages: 1 }

describe('prefetchList (the /_main/$ loader: a menu entry hovered or focused)', () => {
  beforeEach(() => {
    localStorage.clear()
    queryClient.clear()
    sessionStore.login({
      access_token: 'a1',
      refresh_token: 'r1',
      tenant_id: '000000',
      user_id: '1',
    })
    sessionStore.setMenu([node('/system/param', 'param'), node('/system/user', 'user')])
  })

  it("requests the generic list's first page and caches it under the screen's query key", async () => {
    const seen: string[] = []
    server.use(
      mock.get(`${API}/blade-system/param/list`, ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({ code: 200, success: true, data: page, msg: '' })
      }),
    )
    await prefetchList('/system/param', {})
    expect(seen).toHaveLength(1)
    expect(Object.fromEntries(new URLSearchParams(seen[0]))).toMatchObject({
      current: '1',
      size: '10',
    })
    expect(
      queryClient.getQueryData(entityQueries(param).list({ current: 1, size: 10 }).queryKey),
    ).toEqual(page)
    // Already cached: no second request.
    await prefetchList('/system/param', {})
    expect(seen).toHaveLength(1)
  })

  it("keeps a URL's own list state, and leaves paths without a generic list alone", async () => {
    const seen: string[] = []
    server.use(
      mock.get(`${API}/blade-system/param/list`, ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({ code: 200, success: true, data: page, msg: '' })
      }),
    )
    await prefetchList('/system/param', { current: 2, size: 30, paramName: 'x' })
    expect(Object.fromEntries(new URLSearchParams(seen[0]))).toMatchObject({
      current: '2',
      size: '30',
      paramName: 'x',
    })
    // Not in the menu, or a registered business screen: nothing is requested (msw fails on any call).
    await prefetchList('/nowhere', {})
  })
})
