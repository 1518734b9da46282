import { msg } from '@lingui/core/macro'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router'
import { http as mock, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/api/session'
import { activateLocale } from '@/i18n'
import { API, setupMsw } from '@/test/msw'
import { renderRouter } from '@/test/render-shell'
import { errorLogStore } from '../error-log/error-log-store'
import { RouteError } from '../error-log/route-error'
import { topMenuState } from '../menu/top-menu-state'
import { registerScreens } from '../screen-registry'
import { MenuScreen } from '../screens/menu-screen'
import { tabStore } from '../tabs/tab-store'
import { MainLayout } from './main-layout'

const server = setupMsw()
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, data, msg: '操作成功' })
let clearCacheCalls = 0
let routeCalls: string[] = []
/** Paths whose route loader ran as a preload (a menu entry hovered or focused). */
let preloads: string[] = []

const MENU = [
  {
    id: '1',
    code: 'system',
    name: '系统管理',
    alias: 'System',
    path: '/system',
    source: 'IconSettings',
    isOpen: 1,
    children: [
      {
        id: '11',
        code: 'user',
        name: '用户管理',
        alias: 'Users',
        path: '/system/user',
        source: 'IconUsers',
        isOpen: 1,
      },
      {
        id: '12',
        code: 'role',
        name: '角色管理',
        alias: 'Roles',
        path: '/system/role',
        source: 'IconUserShield',
        isOpen: 1,
      },
      {
        id: '13',
        code: 'secret',
        name: '秘密菜单',
        alias: 'Secret',
        path: '/system/secret',
        source: '',
        isOpen: 1,
        meta: { roles: ['boss'] },
      },
    ],
  },
]

function buildRouter(path: string) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const main = createRoute({ getParentRoute: () => root, id: '_main', component: MainLayout })
  const home = createRoute({
    getParentRoute: () => main,
    path: '/wel/index',
    staticData: { title: msg`首页` },
    component: () => <p>home page</p>,
  })
  const info = createRoute({
    getParentRoute: () => main,
    path: '/info/index',
    staticData: { title: msg`个人信息` },
    component: () => <p>info page</p>,
  })
  const splat = createRoute({
    getParentRoute: () => main,
    path: '$',
    loader: ({ location, preload }) => {
      if (preload) preloads.push(location.pathname)
    },
    component: function Splat() {
      const { _splat } = splat.useParams()
      return <MenuScreen path={`/${_splat ?? ''}`} />
    },
  })
  const broken = createRoute({
    getParentRoute: () => main,
    path: '/broken',
    staticData: { title: msg`测试页` },
    component: function Broken(): never {
      throw new Error('screen exploded')
    },
    errorComponent: RouteError,
  })
  const notFound = createRoute({
    getParentRoute: () => root,
    path: '/404',
    component: () => <p>not found page</p>,
  })
  const forbidden = createRoute({
    getParentRoute: () => root,
    path: '/403',
    component: () => <p>forbidden page</p>,
  })
  const lock = createRoute({
    getParentRoute: () => root,
    path: '/lock',
    component: () => <p>lock page</p>,
  })
  const routeTree = root.addChildren([
    main.addChildren([home, info, broken, splat]),
    notFound,
    forbidden,
    lock,
  ])
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  sessionStore.reload()
  errorLogStore.reload()
  sessionStore.login({
    access_token: 'a1',
    refresh_token: 'r1',
    tenant_id: '000000',
    user_id: '1',
    account: 'admin',
    real_name: '管理员',
  })
  tabStore.reload()
  clearCacheCalls = 0
  routeCalls = []
  preloads = []
  topMenuState.set('')
  server.use(
    mock.get(`${API}/blade-system/user/info`, () =>
      ok({ id: '1', account: 'admin', realName: '管理员', roles: ['administrator'] }),
    ),
    mock.get(`${API}/blade-system/menu/buttons`, () =>
      ok([{ code: 'user', children: [{ code: 'user_add' }, { code: 'user_edit' }] }]),
    ),
    mock.get(`${API}/blade-system/menu/routes`, ({ request }) => {
      routeCalls.push(new URL(request.url).searchParams.get('topMenuId') ?? '')
      return ok(MENU)
    }),
    mock.get(`${API}/blade-system/menu/top-menu`, () =>
      ok([{ id: '900', name: '业务中心', source: 'IconBriefcase', path: '' }]),
    ),
    mock.get(`${API}/blade-desk/notice/list`, () =>
      ok({
        records: [{ id: 'n1', title: '系统升级通知', releaseTime: '2024-05-01 10:00:00' }],
        total: 1,
      }),
    ),
    mock.get(`${API}/blade-auth/oauth/clear-cache`, () => {
      clearCacheCalls++
      return ok(null)
    }),
  )
})

const sidebar = () => within(screen.getByTestId('sidebar'))
const tabPaths = () => tabStore.getState().tabs.map((t) => t.path)

describe('main layout', () => {
  it('loads roles, button codes and the menu; the sidebar shows the menu filtered by roles', async () => {
    renderRouter(buildRouter('/wel/index'))
    expect(await screen.findByText('home page')).toBeTruthy()
    await waitFor(() => expect(sessionStore.getState().menu).toHaveLength(1))
    expect(sessionStore.getState().roles).toEqual(['administrator'])
    expect(sessionStore.getState().permission).toEqual({ user_add: true, user_edit: true })
    await userEvent.setup().click(sidebar().getByText('系统管理'))
    expect(await sidebar().findByText('用户管理')).toBeTruthy()
    expect(sidebar().queryByText('秘密菜单')).toBeNull()
    expect(screen.getByRole('link', { name: '跳到主要内容' }).getAttribute('href')).toBe(
      '#main-content',
    )
    expect(document.getElementById('main-content')).not.toBeNull()
    // The default theme (hey) colours the shell through CSS variables.
    expect(screen.getByTestId('main-layout').getAttribute('style')).toContain(
      '--shell-sidebar-bg: #2b2f3a',
    )
  })

  it('hovering or focusing a sidebar entry preloads its route (the loader starts a list before the click)', async () => {
    const user = userEvent.setup()
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await user.click(await sidebar().findByText('系统管理'))
    await user.hover(await sidebar().findByText('角色管理'))
    await waitFor(() => expect(preloads).toContain('/system/role'))
    expect(router.state.location.pathname).toBe('/wel/index')
    const entry = sidebar().getByTestId('menu-/system/user')
    // A real link: reachable with the Tab key, and opened in a new tab with a modifier click.
    expect(entry.getAttribute('href')).toBe('/system/user')
    entry.focus()
    await waitFor(() => expect(preloads).toContain('/system/user'))
    expect(router.state.location.pathname).toBe('/wel/index')
  })

  it('a screen that throws is recorded in the error log and shown in place, the shell stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRouter(buildRouter('/broken'))
    expect(await screen.findByTestId('content-error')).toBeTruthy()
    expect(screen.getByText('screen exploded')).toBeTruthy()
    expect(screen.getByTestId('sidebar')).toBeTruthy()
    await waitFor(() =>
      expect(
        errorLogStore.getState().some((l) => l.type === 'error' && l.message === 'screen exploded'),
      ).toBe(true),
    )
    vi.restoreAllMocks()
  })

  it('opening a menu screen adds its tab; the title follows; closing it returns to the previous tab', async () => {
    const user = userEvent.setup()
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await user.click(await sidebar().findByText('系统管理'))
    await user.click(await sidebar().findByText('用户管理'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'))
    expect(await screen.findByTestId('screen-pending')).toBeTruthy()
    expect(within(screen.getByTestId('screen-pending')).getByText('用户管理')).toBeTruthy()
    await waitFor(() => expect(tabPaths()).toEqual(['/wel/index', '/system/user']))
    await waitFor(() => expect(document.title).toBe('用户管理 - 越南电商管理平台'))
    const tab = screen.getByTestId('tab-/system/user')
    await user.click(within(tab).getByTitle('关闭 用户管理'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'))
    expect(tabPaths()).toEqual(['/wel/index'])
    // The home tab alone has no close button.
    expect(within(screen.getByTestId('tab-/wel/index')).queryByTitle(/关闭/)).toBeNull()
  })

  it('the tab bar is a tablist: arrows move between the tabs, Delete closes the focused one', async () => {
    const user = userEvent.setup()
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await user.click(await sidebar().findByText('系统管理'))
    await user.click(await sidebar().findByText('用户管理'))
    await waitFor(() => expect(tabPaths()).toEqual(['/wel/index', '/system/user']))
    const tablist = screen.getByRole('tablist')
    const [home, users] = within(tablist).getAllByRole('tab')
    // Only the tabs are in the tablist (their close buttons are not), and the open one is selected and focusable.
    expect(within(tablist).queryAllByRole('button')).toEqual([])
    expect([home!.getAttribute('aria-selected'), users!.getAttribute('aria-selected')]).toEqual([
      'false',
      'true',
    ])
    expect([home!.tabIndex, users!.tabIndex]).toEqual([-1, 0])
    users!.focus()
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(home)
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(users)
    // Home cannot be closed: Delete on it does nothing.
    await user.keyboard('{Home}{Delete}')
    expect(tabPaths()).toEqual(['/wel/index', '/system/user'])
    await user.keyboard('{End}{Delete}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'))
    expect(tabPaths()).toEqual(['/wel/index'])
  })

  it('a path outside the menu goes to /404 and leaves no tab for either (error pages are not tabs)', async () => {
    const { router } = renderRouter(buildRouter('/not/in/menu'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'))
    expect(await screen.findByText('not found page')).toBeTruthy()
    expect(tabPaths()).toEqual(['/wel/index'])
    // Back in the shell, the tab bar shows home only.
    await router.navigate({ to: '/wel/index' })
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(screen.queryByTestId('tab-/not/in/menu')).toBeNull()
    expect(screen.queryByTestId('tab-/404')).toBeNull()
  })

  it('a screen the roles do not include goes to /403: an entry for other roles, or a screen of the app outside the menu', async () => {
    const first = renderRouter(buildRouter('/system/secret'))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/403'))
    expect(await screen.findByText('forbidden page')).toBeTruthy()
    first.unmount()
    registerScreens({
      '/stock/only-for-warehouse': () =>
        Promise.resolve({ default: () => <p>warehouse screen</p> }),
    })
    const second = renderRouter(buildRouter('/stock/only-for-warehouse'))
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/403'))
    expect(screen.queryByText('warehouse screen')).toBeNull()
  })

  it('an entry added after the menu was loaded opens: the menu is asked again before /404', async () => {
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await waitFor(() => expect(routeCalls.length).toBeGreaterThan(0))
    const added = {
      id: '14',
      code: 'added',
      name: '新加菜单',
      alias: 'Added',
      path: '/system/added',
      source: '',
      isOpen: 1,
    }
    server.use(
      mock.get(`${API}/blade-system/menu/routes`, () =>
        ok([{ ...MENU[0], children: [...MENU[0].children, added] }]),
      ),
    )
    await act(() => router.navigate({ to: '/system/added' as never }))
    expect(await screen.findByTestId('screen-pending')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/system/added')
  })

  it('close all from the tab dropdown returns to home', async () => {
    const user = userEvent.setup()
    const { router } = renderRouter(buildRouter('/info/index'))
    await screen.findByText('info page')
    await waitFor(() => expect(tabPaths()).toEqual(['/wel/index', '/info/index']))
    await user.click(screen.getByTestId('tab-actions'))
    await user.click(await screen.findByRole('menuitem', { name: '关闭全部' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'))
    expect(tabPaths()).toEqual(['/wel/index'])
  })

  it('clear cache asks first, then clears and says so', async () => {
    const user = userEvent.setup()
    const { queryClient } = renderRouter(buildRouter('/info/index'))
    await screen.findByText('info page')
    await waitFor(() => expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0))
    localStorage.setItem(
      'saber-someCache',
      JSON.stringify({ dataType: 'string', content: 'x', datetime: 0 }),
    )
    await user.click(screen.getByTestId('tab-actions'))
    await user.click(await screen.findByRole('menuitem', { name: '清除缓存' }))
    expect(await screen.findByText('确定清除缓存?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '确定' }))
    expect(await screen.findByText('清除成功')).toBeTruthy()
    expect(clearCacheCalls).toBe(1)
    expect(localStorage.getItem('saber-someCache')).toBeNull()
    expect(sessionStore.getState().accessToken).toBe('a1')
    expect(localStorage.getItem('saber-token')).not.toBeNull()
  })

  it('the search panel matches by prefix and opens the entry with Enter', async () => {
    const user = userEvent.setup()
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await waitFor(() => expect(sessionStore.getState().menu).toHaveLength(1))
    await user.click(screen.getByTestId('tab-actions'))
    await user.click(await screen.findByRole('menuitem', { name: '搜索' }))
    const input = within(
      await screen.findByRole('dialog', { name: '菜单搜索' }),
    ).getByPlaceholderText('搜索菜单')
    await user.type(input, 'ROL')
    const list = within(screen.getByRole('listbox', { name: '搜索结果' }))
    expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual(['角色管理/system/role'])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/role'))
  })

  it('a route whose query has a target flag opens in a new window; the tab bar stays where it was', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { router } = renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await router.navigate({ href: '/info/index?target=1&x=2' })
    await waitFor(() => expect(open).toHaveBeenCalledWith('/info/index?x=2', '_blank', 'noopener'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'))
    expect(tabPaths()).toEqual(['/wel/index'])
    open.mockRestore()
  })

  it('choosing a top menu reloads the sidebar menu with its topMenuId', async () => {
    const user = userEvent.setup()
    topMenuState.set('')
    renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    await waitFor(() => expect(routeCalls).toContain(''))
    // The top bar asks for each top menu's routes to know whether it holds anything: the choice
    // itself is what narrows the sidebar.
    await user.click(await screen.findByRole('button', { name: '业务中心' }))
    await waitFor(() => expect(topMenuState.get()).toBe('900'))
    expect(routeCalls).toContain('900')
  })

  it('a top menu whose routes hold nothing for the user is not shown', async () => {
    server.use(
      mock.get(`${API}/blade-system/menu/top-menu`, () =>
        ok([
          { id: '900', name: '业务中心', source: 'IconBriefcase', path: '' },
          { id: '901', name: '研发工具', source: 'IconCode', path: '' },
        ]),
      ),
      mock.get(`${API}/blade-system/menu/routes`, ({ request }) =>
        ok(new URL(request.url).searchParams.get('topMenuId') === '901' ? [] : MENU),
      ),
    )
    renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    const nav = within(screen.getByRole('navigation', { name: '顶部菜单' }))
    expect(await nav.findByRole('button', { name: '业务中心' })).toBeTruthy()
    await waitFor(() => expect(nav.queryByRole('button', { name: '研发工具' })).toBeNull())
  })

  it('the top menu follows the language: the English name in English', async () => {
    server.use(
      mock.get(`${API}/blade-system/menu/top-menu`, () =>
        ok([{ id: '900', name: '业务中心', alias: 'Business', source: 'IconBriefcase', path: '' }]),
      ),
    )
    renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    const nav = within(screen.getByRole('navigation', { name: '顶部菜单' }))
    expect(await nav.findByRole('button', { name: '业务中心' })).toBeTruthy()
    try {
      await act(() => activateLocale('en'))
      expect(await screen.findByRole('button', { name: 'Business' })).toBeTruthy()
      expect(screen.queryByRole('button', { name: '业务中心' })).toBeNull()
    } finally {
      await act(() => activateLocale('zh'))
    }
  })

  it('the error-log badge is capped at 99+', async () => {
    for (let i = 0; i < 120; i++) errorLogStore.add({ message: `e${i}` })
    renderRouter(buildRouter('/wel/index'))
    await screen.findByText('home page')
    const button = screen.getByTestId('error-log-button')
    expect(button.parentElement?.textContent).toContain('99+')
  })

  it('a tablet in portrait starts with the icons-only sidebar; the toggle opens it, and the choice holds', async () => {
    const width = window.innerWidth
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 820 })
    try {
      const user = userEvent.setup()
      renderRouter(buildRouter('/wel/index'))
      await screen.findByText('home page')
      // Icons only: the group is an icon button named by its label, no text entry.
      expect(await sidebar().findByRole('button', { name: '系统管理' })).toBeTruthy()
      expect(sidebar().queryByText('系统管理')).toBeNull()
      await user.click(screen.getByTestId('nav-toggle'))
      expect(await sidebar().findByText('系统管理')).toBeTruthy()
      // A resize to another tablet width keeps the user's choice.
      Object.defineProperty(window, 'innerWidth', {
        configurable: true,
        writable: true,
        value: 800,
      })
      act(() => void window.dispatchEvent(new Event('resize')))
      expect(sidebar().getByText('系统管理')).toBeTruthy()
    } finally {
      Object.defineProperty(window, 'innerWidth', {
        configurable: true,
        writable: true,
        value: width,
      })
    }
  })
})
