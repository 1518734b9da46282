// The 11 shell themes (docs/product.md §2 "Top bar"): each a set of CSS variables for the header,
// the sidebar and the tab bar; 'dark' also switches Mantine to its dark colour scheme. Default
// 'hey'.
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'colourful',
  'smart',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const
export type ThemeName = (typeof THEME_NAMES)[number]
export const DEFAULT_THEME: ThemeName = 'hey'

export interface ShellColors {
  headerBg: string
  headerFg: string
  sidebarBg: string
  sidebarFg: string
  /** Background of the active menu item; 'primary' = the picked colour. */
  sidebarActiveBg: string
  sidebarActiveFg: string
  tabBg: string
  tabActiveBg: string
  tabActiveFg: string
}

const P = 'var(--mantine-primary-color-filled)'
const LIGHT_P = 'var(--mantine-primary-color-light)'
/** Text on LIGHT_P: the palette's darkest shade, readable on the light tint (the picked colour itself is not). */
const ON_LIGHT_P = 'var(--mantine-primary-color-light-color)'

export const THEMES: Record<ThemeName, ShellColors> = {
  default: {
    headerBg: '#ffffff',
    headerFg: '#303133',
    sidebarBg: '#20222a',
    sidebarFg: '#c0c4cc',
    sidebarActiveBg: P,
    sidebarActiveFg: '#ffffff',
    tabBg: '#ffffff',
    tabActiveBg: P,
    tabActiveFg: '#ffffff',
  },
  white: {
    headerBg: '#ffffff',
    headerFg: '#303133',
    sidebarBg: '#ffffff',
    sidebarFg: '#303133',
    sidebarActiveBg: LIGHT_P,
    sidebarActiveFg: ON_LIGHT_P,
    tabBg: '#ffffff',
    tabActiveBg: LIGHT_P,
    tabActiveFg: ON_LIGHT_P,
  },
  dark: {
    headerBg: '#191a23',
    headerFg: '#e5e5e5',
    sidebarBg: '#191a23',
    sidebarFg: '#a6a6a6',
    sidebarActiveBg: '#2d2f3b',
    sidebarActiveFg: '#ffffff',
    tabBg: '#232430',
    tabActiveBg: P,
    tabActiveFg: '#ffffff',
  },
  colourful: {
    headerBg: 'linear-gradient(90deg, #6a5af9, #409eff)',
    headerFg: '#ffffff',
    sidebarBg: 'linear-gradient(180deg, #3a3f8f, #5b3a8f)',
    sidebarFg: '#e8e8ff',
    sidebarActiveBg: 'rgba(255,255,255,0.18)',
    sidebarActiveFg: '#ffffff',
    tabBg: '#ffffff',
    tabActiveBg: '#6a5af9',
    tabActiveFg: '#ffffff',
  },
  smart: {
    headerBg: '#ffffff',
    headerFg: '#303133',
    sidebarBg: '#1f2d3d',
    sidebarFg: '#bfcbd9',
    sidebarActiveBg: '#263445',
    sidebarActiveFg: '#409eff',
    tabBg: '#f5f7fa',
    tabActiveBg: '#ffffff',
    tabActiveFg: P,
  },
  iview: {
    headerBg: '#ffffff',
    headerFg: '#515a6e',
    sidebarBg: '#001529',
    sidebarFg: 'rgba(255,255,255,0.7)',
    sidebarActiveBg: '#2d8cf0',
    sidebarActiveFg: '#ffffff',
    tabBg: '#f0f0f0',
    tabActiveBg: '#ffffff',
    tabActiveFg: '#2d8cf0',
  },
  vip: {
    headerBg: '#1c1c1c',
    headerFg: '#f0c78a',
    sidebarBg: '#262626',
    sidebarFg: '#d9b77a',
    sidebarActiveBg: '#3a3226',
    sidebarActiveFg: '#f0c78a',
    tabBg: '#ffffff',
    tabActiveBg: '#b8893d',
    tabActiveFg: '#ffffff',
  },
  cool: {
    headerBg: 'linear-gradient(90deg, #00b4db, #0083b0)',
    headerFg: '#ffffff',
    sidebarBg: '#0b2e3f',
    sidebarFg: '#b3e5fc',
    sidebarActiveBg: '#0083b0',
    sidebarActiveFg: '#ffffff',
    tabBg: '#ffffff',
    tabActiveBg: '#0083b0',
    tabActiveFg: '#ffffff',
  },
  d2: {
    headerBg: '#ebf1f6',
    headerFg: '#2f3f4f',
    sidebarBg: '#ebf1f6',
    sidebarFg: '#2f3f4f',
    sidebarActiveBg: '#d1dfea',
    sidebarActiveFg: P,
    tabBg: '#ebf1f6',
    tabActiveBg: '#ffffff',
    tabActiveFg: P,
  },
  hey: {
    headerBg: '#ffffff',
    headerFg: '#303133',
    sidebarBg: '#2b2f3a',
    sidebarFg: '#c8ccd4',
    sidebarActiveBg: P,
    sidebarActiveFg: '#ffffff',
    tabBg: '#ffffff',
    tabActiveBg: LIGHT_P,
    tabActiveFg: ON_LIGHT_P,
  },
  lte: {
    headerBg: '#3c8dbc',
    headerFg: '#ffffff',
    sidebarBg: '#222d32',
    sidebarFg: '#b8c7ce',
    sidebarActiveBg: '#1e282c',
    sidebarActiveFg: '#ffffff',
    tabBg: '#ffffff',
    tabActiveBg: '#3c8dbc',
    tabActiveFg: '#ffffff',
  },
}

export function isThemeName(v: unknown): v is ThemeName {
  return typeof v === 'string' && (THEME_NAMES as readonly string[]).includes(v)
}

/** The theme as CSS custom properties for the shell's root element. */
export function themeVars(name: ThemeName): Record<string, string> {
  const c = THEMES[name]
  return {
    '--shell-header-bg': c.headerBg,
    '--shell-header-fg': c.headerFg,
    '--shell-sidebar-bg': c.sidebarBg,
    '--shell-sidebar-fg': c.sidebarFg,
    '--shell-sidebar-active-bg': c.sidebarActiveBg,
    '--shell-sidebar-active-fg': c.sidebarActiveFg,
    '--shell-tab-bg': c.tabBg,
    '--shell-tab-active-bg': c.tabActiveBg,
    '--shell-tab-active-fg': c.tabActiveFg,
  }
}
