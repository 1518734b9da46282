// Keeps the tab bar in step with the router: every route opened under the shell adds or activates
// its tab; a route whose query has a target flag opens in a new window instead; the page title
// follows the active tab.
import { useLingui } from '@lingui/react/macro'
import { useMatches, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useFullMenu } from '../menu/menu-queries'
import { hasTargetFlag } from '../menu/menu-target'
import { recordUsage } from '../menu/menu-usage'
import { hrefOf } from '../menu/use-open-menu'
import { menuNodeFor, tabForRoute } from './route-tab'
import { activeTab } from './tab-rules'
import { tabStore, useTabs } from './tab-store'
import { tabTitle } from './tab-title'

export function useRouteTabs(): void {
  const location = useRouterState({ select: (s) => s.location })
  const matches = useMatches()
  const { menu } = useFullMenu()
  const navigate = useNavigate()
  const { i18n, t } = useLingui()
  const leaf = matches[matches.length - 1]
  const counted = useRef('')

  useEffect(() => {
    const search = (location.search ?? {}) as Record<string, unknown>
    if (hasTargetFlag(search)) {
      const { target: _target, ...rest } = search
      window.open(hrefOf(location.pathname, rest), '_blank', 'noopener')
      const back = activeTab(tabStore.getState())
      void navigate({ href: hrefOf(back.path, back.query), replace: true })
      return
    }
    const tab = tabForRoute({
      pathname: location.pathname,
      search,
      params: (leaf?.params ?? {}) as Record<string, string>,
      staticData: leaf?.staticData ?? {},
      menu,
    })
    if (!tab) return
    tabStore.open(tab)
    // A late menu load re-runs this to refresh the label; usage counts each navigation once.
    if (counted.current !== location.href && menuNodeFor(menu, location.pathname)) {
      counted.current = location.href
      recordUsage(location.pathname)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.href, menu])

  const active = useTabs((s) => s.tabs.find((x) => x.path === s.active))
  const title = active ? tabTitle(active, i18n) : ''
  const product = t`越南电商管理平台`
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product
  }, [title, product])
}
