import { describe, expect, it } from 'vitest'
import {
  activeTab,
  canClose,
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  HOME_TAB,
  initialTabs,
  normalize,
  openTab,
  type Tab,
  type TabState,
} from './tab-rules'

const tab = (path: string, extra: Partial<Tab> = {}): Tab => ({
  label: path.slice(1),
  path,
  ...extra,
})
const paths = (s: TabState) => s.tabs.map((t) => t.path)

function opened(...list: string[]): TabState {
  return list.reduce((s, p) => openTab(s, tab(p)), initialTabs())
}

describe('tab rules', () => {
  it('starts with the home tab only, active', () => {
    expect(initialTabs()).toEqual({ tabs: [HOME_TAB], active: HOME_PATH })
    expect(HOME_TAB).toMatchObject({ label: '首页', path: '/wel/index' })
  })

  it('opening a route adds its tab at the end and activates it', () => {
    const s = opened('/system/user', '/system/role')
    expect(paths(s)).toEqual([HOME_PATH, '/system/user', '/system/role'])
    expect(s.active).toBe('/system/role')
  })

  it('re-opening a path adds no duplicate, activates it and refreshes its query', () => {
    let s = opened('/system/user', '/system/role')
    s = openTab(s, tab('/system/user', { query: { deptId: '7' } }))
    expect(paths(s)).toEqual([HOME_PATH, '/system/user', '/system/role'])
    expect(s.active).toBe('/system/user')
    expect(s.tabs[1].query).toEqual({ deptId: '7' })
  })

  it('re-opening home keeps its fixed label', () => {
    const s = openTab(opened('/a'), { label: 'Something else', path: HOME_PATH, query: { x: 1 } })
    expect(s.tabs[0].label).toBe('首页')
    expect(s.tabs[0].query).toEqual({ x: 1 })
    expect(s.active).toBe(HOME_PATH)
  })

  it('a route flagged as not a tab changes nothing', () => {
    const before = opened('/a')
    expect(openTab(before, tab('/b', { meta: { isTab: false } }))).toBe(before)
  })

  it('the first tab is never closable', () => {
    const s = opened('/a', '/b')
    expect(canClose(s, HOME_PATH)).toBe(false)
    expect(closeTab(s, HOME_PATH)).toBe(s)
  })

  it('the last remaining tab is not closable', () => {
    const only: TabState = { tabs: [tab('/a')], active: '/a' }
    expect(canClose(only, '/a')).toBe(false)
    expect(closeTab(only, '/a')).toBe(only)
    expect(canClose(initialTabs(), HOME_PATH)).toBe(false)
  })

  it('unknown paths are not closable', () => {
    const s = opened('/a')
    expect(canClose(s, '/nope')).toBe(false)
    expect(closeTab(s, '/nope')).toBe(s)
  })

  it('closing the active tab opens the previous tab', () => {
    const s = closeTab(opened('/a', '/b', '/c'), '/c')
    expect(paths(s)).toEqual([HOME_PATH, '/a', '/b'])
    expect(s.active).toBe('/b')
  })

  it('closing the active tab in the middle opens the one before it', () => {
    let s = opened('/a', '/b', '/c')
    s = openTab(s, tab('/b'))
    s = closeTab(s, '/b')
    expect(paths(s)).toEqual([HOME_PATH, '/a', '/c'])
    expect(s.active).toBe('/a')
  })

  it('closing the active second tab falls back to the first (home)', () => {
    const s = closeTab(opened('/a'), '/a')
    expect(paths(s)).toEqual([HOME_PATH])
    expect(s.active).toBe(HOME_PATH)
  })

  it('closing an inactive tab keeps the active one', () => {
    const s = closeTab(opened('/a', '/b'), '/a')
    expect(paths(s)).toEqual([HOME_PATH, '/b'])
    expect(s.active).toBe('/b')
  })

  it('close others keeps home and the given (or active) tab', () => {
    const s = opened('/a', '/b', '/c')
    expect(paths(closeOthers(s))).toEqual([HOME_PATH, '/c'])
    const kept = closeOthers(s, '/a')
    expect(paths(kept)).toEqual([HOME_PATH, '/a'])
    expect(kept.active).toBe('/a')
    const fromHome = closeOthers(openTab(s, tab(HOME_PATH)))
    expect(paths(fromHome)).toEqual([HOME_PATH])
    expect(fromHome.active).toBe(HOME_PATH)
  })

  it('close all returns to the home tab alone', () => {
    const s = closeAll(opened('/a', '/b'))
    expect(s).toEqual({ tabs: [HOME_TAB], active: HOME_PATH })
  })

  it('normalize repairs stored state: home first, no duplicates, valid active', () => {
    const s = normalize({ tabs: [tab('/a'), tab('/a'), HOME_TAB, tab('/b')], active: '/zzz' })
    expect(paths(s)).toEqual([HOME_PATH, '/a', '/b'])
    expect(s.active).toBe(HOME_PATH)
    expect(normalize(undefined)).toEqual(initialTabs())
    expect(normalize({ tabs: [tab('/a')], active: '/a' }).active).toBe('/a')
  })

  it('activeTab finds the active tab or falls back to the first', () => {
    expect(activeTab(opened('/a')).path).toBe('/a')
    expect(activeTab({ tabs: [HOME_TAB], active: '/gone' }).path).toBe(HOME_PATH)
  })
})
