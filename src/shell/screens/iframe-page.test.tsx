// /myiframe/{routerPath}: the menu entry's page framed, with its title and a link that opens it in a
// new window; a page the CSP refuses to frame is offered in a new window instead; an unknown entry is /404.
import { act, screen, waitFor } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, expect, it } from 'vitest'
import { sessionStore } from '@/api/session'
import { API, setupMsw } from '@/test/msw'
import { renderRouter } from '@/test/render-shell'
import { IframePage } from './iframe-page'

const REPORT = 'https://reports.example.com/design?auth=${token}'
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
setupMsw(
  mock.get(`${API}/blade-system/menu/routes`, () =>
    ok([
      {
        id: '1',
        code: 'report',
        name: '报表',
        alias: 'Reports',
        path: '/report',
        isOpen: 1,
        children: [
          {
            id: '2',
            code: 'designer',
            name: '报表设计',
            alias: 'Designer',
            path: REPORT,
            isOpen: 1,
          },
        ],
      },
    ]),
  ),
)

function buildRouter(path: string) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const frame = createRoute({
    getParentRoute: () => root,
    path: '/myiframe/$',
    component: function Frame() {
      const { _splat } = frame.useParams()
      return <IframePage routerPath={_splat ?? ''} />
    },
  })
  const notFound = createRoute({
    getParentRoute: () => root,
    path: '/404',
    component: () => <p>not found page</p>,
  })
  return createRouter({
    routeTree: root.addChildren([frame, notFound]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
}

beforeEach(() => {
  localStorage.clear()
  sessionStore.reload()
  sessionStore.login({
    access_token: 'tok1',
    refresh_token: 'r1',
    tenant_id: '000000',
    user_id: '1',
    account: 'admin',
  })
})

it('frames the entry’s URL with its title and offers it in a new window', async () => {
  renderRouter(buildRouter('/myiframe/designer'))
  const frame = await screen.findByTitle('报表设计')
  expect(frame.tagName).toBe('IFRAME')
  expect(frame.getAttribute('src')).toBe('https://reports.example.com/design?auth=tok1')
  expect(screen.getByRole('heading', { name: '报表设计' })).toBeTruthy()
  const link = screen.getByRole('link', { name: '在新窗口中打开' })
  expect(link.getAttribute('href')).toBe('https://reports.example.com/design?auth=tok1')
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toContain('noopener')
})

it('offers a page the CSP refuses to frame in a new window instead', async () => {
  renderRouter(buildRouter('/myiframe/designer'))
  await screen.findByTitle('报表设计')
  const violation = new Event('securitypolicyviolation') as SecurityPolicyViolationEvent
  Object.assign(violation, {
    effectiveDirective: 'frame-src',
    blockedURI: 'https://reports.example.com/design?auth=tok1',
  })
  act(() => void document.dispatchEvent(violation))
  expect(await screen.findByTestId('embedded-page-refused')).toBeTruthy()
  expect(screen.queryByTitle('报表设计')).toBeNull()
  expect(screen.getByRole('link', { name: '在新窗口中打开' })).toBeTruthy()
})

it('goes to /404 for an entry that is not in the menu', async () => {
  const { router } = renderRouter(buildRouter('/myiframe/nothing'))
  await waitFor(() => expect(router.state.location.pathname).toBe('/404'))
})
