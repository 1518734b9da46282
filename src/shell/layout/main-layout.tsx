// The main layout (docs/product.md §2 "Main layout"): header, collapsible sidebar (a drawer below
// 768 px), tab bar, menu search panel and the content area, with a skip link to the content.
import { useLingui } from '@lingui/react/macro'
import { AppShell, Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react'
import { startTokenRefresh, stopTokenRefresh } from '@/api/token-refresh'
import { ContentBoundary } from '../error-log/content-boundary'
import { useShellData } from '../menu/menu-queries'
import { Sidebar } from '../menu/sidebar'
import classes from '../shell.module.css'
import { TabBar } from '../tabs/tab-bar'
import { activeTab } from '../tabs/tab-rules'
import { useTabs } from '../tabs/tab-store'
import { tabTitle } from '../tabs/tab-title'
import { useRouteTabs } from '../tabs/use-route-tabs'
import { usePrefs } from '../theme/prefs-store'
import { themeVars } from '../theme/themes'
import { TopBar } from '../topbar/top-bar'
import { useWidthClass } from './width-class'

// Loads when first opened: the shell's first download does not need it.
const MenuSearchPanel = lazy(() =>
  import('../menu/search-panel').then((m) => ({ default: m.MenuSearchPanel })),
)

/** The open screen's name as the page's one h1, for screen readers: the tab above shows it already. */
function ScreenHeading() {
  const { i18n } = useLingui()
  const title = useTabs((s) => tabTitle(activeTab(s), i18n))
  return <h1 className={classes.srOnly}>{title}</h1>
}

export function MainLayout() {
  const { t } = useLingui()
  const width = useWidthClass()
  const small = width === 'xs'
  const [drawerOpened, drawer] = useDisclosure(false)
  // A tablet in portrait (768–991 px) starts with the icons-only sidebar, so a list keeps its width;
  // once the user toggles it, their choice holds at any width.
  const [collapsedChoice, setCollapsed] = useState<boolean | null>(null)
  const collapsed = collapsedChoice ?? width === 'sm'
  const [searchOpened, search] = useDisclosure(false)
  const themeName = usePrefs((p) => p.themeName)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useShellData()
  useRouteTabs()
  useEffect(() => {
    startTokenRefresh()
    return stopTokenRefresh
  }, [])
  const iconsOnly = collapsed && !small
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: iconsOnly ? 64 : 230,
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpened },
      }}
      padding={0}
      style={themeVars(themeName) as CSSProperties}
      data-width={width}
      data-testid="main-layout"
    >
      <a href="#main-content" className={classes.skip}>
        {t`跳到主要内容`}
      </a>
      <AppShell.Header className={classes.header}>
        <TopBar
          navOpened={small ? drawerOpened : !collapsed}
          onToggleNav={small ? drawer.toggle : () => setCollapsed(!collapsed)}
          onSearch={search.open}
        />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} data-testid="sidebar">
        <Sidebar collapsed={iconsOnly} onNavigate={small ? drawer.close : undefined} />
      </AppShell.Navbar>
      <AppShell.Main>
        <TabBar onSearch={search.open} />
        <Box
          id="main-content"
          tabIndex={-1}
          p={{ base: 'xs', sm: 'md' }}
          className={classes.content}
        >
          <ScreenHeading />
          <ContentBoundary resetKey={pathname}>
            <Outlet />
          </ContentBoundary>
        </Box>
      </AppShell.Main>
      <Suspense fallback={null}>
        {searchOpened && <MenuSearchPanel opened onClose={search.close} />}
      </Suspense>
    </AppShell>
  )
}
