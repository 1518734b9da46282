// The tab a route opens (docs/product.md §2 "Tabs"): label, path, params, query, meta and group,
// unless the route is flagged as no tab. Menu screens take their node's label; fixed pages take the
// title their route declares in staticData. Error pages, and paths that are neither (an unknown
// path, whose screen sends it to /404), open none.
import type { MessageDescriptor } from '@lingui/core'
import type { MenuNode } from '@/api/session'
import { findMenu } from '../menu/menu-mapping'
import { iframeRouterPath, isExternal } from '../menu/menu-target'
import type { Tab } from './tab-rules'

export interface RouteTabInput {
  pathname: string
  search: Record<string, unknown>
  params: Record<string, string>
  staticData: { title?: MessageDescriptor; isTab?: boolean }
  menu: MenuNode[]
}

const IFRAME_PREFIX = '/myiframe/'
const ERROR_PAGES = new Set(['/403', '/404', '/500'])

/** The menu node a pathname belongs to, if any (embedded pages by their router path). */
export function menuNodeFor(menu: MenuNode[], pathname: string): MenuNode | undefined {
  if (pathname.startsWith(IFRAME_PREFIX)) {
    const routerPath = decodeURIComponent(pathname.slice(IFRAME_PREFIX.length))
    return findMenu(menu, (n) => isExternal(n.path) && iframeRouterPath(n) === routerPath)
  }
  return findMenu(menu, (n) => n.path === pathname)
}

export function tabForRoute(input: RouteTabInput): Tab | null {
  if (input.staticData.isTab === false || ERROR_PAGES.has(input.pathname)) return null
  const node = menuNodeFor(input.menu, input.pathname)
  const title = input.staticData.title
  // No node yet may also mean the menu is still loading: the tab opens when it arrives.
  if (node?.meta.isTab === false || (!node && !title)) return null
  const tab: Tab = {
    label: node?.label ?? title?.message ?? title?.id ?? input.pathname,
    path: input.pathname,
    meta: { ...(node?.meta ?? {}), ...(title && !node ? { title: title.id } : {}) },
  }
  if (Object.keys(input.params).length) tab.params = input.params
  if (Object.keys(input.search).length) tab.query = input.search
  if (node?.group) tab.group = node.group
  return tab
}
