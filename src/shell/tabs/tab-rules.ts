// The tab bar's rules (docs/product.md §2 "Tab bar"), as pure functions over {tabs, active}. The
// first tab (home, /wel/index) is always present and never closable; the last remaining tab is not
// closable; closing the active tab activates the previous one, or the first.

export interface Tab {
  /** Chinese label (menu name or page title); the bar may show a translation. */
  label: string
  /** Pathname: the tab's identity. */
  path: string
  params?: Record<string, string>
  query?: Record<string, unknown>
  meta?: { i18n?: string; isTab?: boolean; [k: string]: unknown }
  group?: string[]
}

export interface TabState {
  tabs: Tab[]
  /** Path of the active tab. */
  active: string
}

export const HOME_PATH = '/wel/index'
export const HOME_TAB: Tab = { label: '首页', path: HOME_PATH, meta: { i18n: 'home' } }

export function initialTabs(): TabState {
  return { tabs: [HOME_TAB], active: HOME_PATH }
}

/** Repairs a stored state: home first and once, no duplicate paths, a valid active path. */
export function normalize(state: Partial<TabState> | undefined): TabState {
  const seen = new Set<string>([HOME_PATH])
  const tabs: Tab[] = [state?.tabs?.find((t) => t.path === HOME_PATH) ?? HOME_TAB]
  for (const t of state?.tabs ?? []) {
    if (!t || typeof t.path !== 'string' || seen.has(t.path)) continue
    seen.add(t.path)
    tabs.push(t)
  }
  const active = tabs.some((t) => t.path === state?.active) ? (state!.active as string) : HOME_PATH
  return { tabs, active }
}

/** Opening a route: adds its tab (or refreshes the existing one) and makes it active. */
export function openTab(state: TabState, tab: Tab): TabState {
  if (tab.meta?.isTab === false) return state
  const i = state.tabs.findIndex((t) => t.path === tab.path)
  if (i < 0) return { tabs: [...state.tabs, tab], active: tab.path }
  const tabs = state.tabs.slice()
  // Keep the first tab's fixed label; refresh params/query of the re-opened route.
  tabs[i] = i === 0 ? { ...tabs[i], params: tab.params, query: tab.query } : { ...tabs[i], ...tab }
  return { tabs, active: tab.path }
}

export function canClose(state: TabState, path: string): boolean {
  return path !== HOME_PATH && state.tabs.length > 1 && state.tabs.some((t) => t.path === path)
}

export function closeTab(state: TabState, path: string): TabState {
  if (!canClose(state, path)) return state
  const i = state.tabs.findIndex((t) => t.path === path)
  const tabs = state.tabs.filter((t) => t.path !== path)
  if (state.active !== path) return { tabs, active: state.active }
  const next = tabs[i - 1] ?? tabs[0]
  return { tabs, active: next.path }
}

/** Keeps the first tab and the given one (the active tab by default). */
export function closeOthers(state: TabState, path: string = state.active): TabState {
  const keep = state.tabs.filter((t, i) => i === 0 || t.path === path)
  return { tabs: keep, active: keep.some((t) => t.path === path) ? path : HOME_PATH }
}

/** Back to the home tab alone. */
export function closeAll(state: TabState): TabState {
  return { tabs: [state.tabs[0] ?? HOME_TAB], active: HOME_PATH }
}

export function activeTab(state: TabState): Tab {
  return state.tabs.find((t) => t.path === state.active) ?? state.tabs[0] ?? HOME_TAB
}
