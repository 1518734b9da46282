// Appearance preferences of the shell: theme name (default hey) and primary colour (default
// #409EFF), remembered in local storage.
import { useSyncExternalStore } from 'react'
import { getStore, setStore } from '@/api/storage'
import { DEFAULT_COLOR, isValidColor } from './palette'
import { DEFAULT_THEME, isThemeName, type ThemeName } from './themes'

export interface ShellPrefs {
  themeName: ThemeName
  color: string
}

function read(): ShellPrefs {
  const themeName = getStore<string>({ name: 'themeName' })
  const color = getStore<string>({ name: 'colorName' })
  return {
    themeName: isThemeName(themeName) ? themeName : DEFAULT_THEME,
    color: color && isValidColor(color) ? color : DEFAULT_COLOR,
  }
}

let prefs = read()
const listeners = new Set<() => void>()

function commit(next: ShellPrefs) {
  prefs = next
  for (const l of listeners) l()
}

export const prefsStore = {
  getState: (): ShellPrefs => prefs,
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  setTheme(themeName: ThemeName): void {
    setStore({ name: 'themeName', content: themeName })
    commit({ ...prefs, themeName })
  },
  /** Ignores anything that is not a hex colour. */
  setColor(color: string): void {
    if (!isValidColor(color)) return
    setStore({ name: 'colorName', content: color })
    commit({ ...prefs, color })
  },
  reload(): void {
    commit(read())
  },
}

export function usePrefs<T>(select: (p: ShellPrefs) => T): T {
  return useSyncExternalStore(
    prefsStore.subscribe,
    () => select(prefs),
    () => select(prefs),
  )
}
