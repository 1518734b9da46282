// Business screens reached through menu paths (docs/product.md §2 "Menu routes").
// A feature registers its screens here by menu path; the catch-all route of the shell renders
// the registered screen, loaded lazily with the 120 s chunk time-out.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { importWithTimeout } from './error-log/chunk-error'

export type ScreenLoader = () => Promise<{ default: ComponentType }>

interface Entry {
  load: ScreenLoader
  Screen: LazyExoticComponent<ComponentType>
}

const screens = new Map<string, Entry>()

/** Registers screens by menu path, e.g. { '/system/user': () => import('./user-screen') }. */
export function registerScreens(map: Record<string, ScreenLoader>): void {
  for (const [path, load] of Object.entries(map)) {
    // One import per screen, shared by an early preload and the lazy component; a failure is
    // forgotten so that the next attempt loads again.
    let pending: ReturnType<ScreenLoader> | undefined
    const once: ScreenLoader = () =>
      (pending ??= importWithTimeout(load).catch((err: unknown) => {
        pending = undefined
        throw err
      }))
    screens.set(normalizePath(path), { load: once, Screen: lazy(once) })
  }
}

export function screenFor(path: string): LazyExoticComponent<ComponentType> | undefined {
  return screens.get(normalizePath(path))?.Screen
}

/** Starts loading the screen of a path ahead of its render (the offline start, docs/offline.md P1); errors show on render. */
export function preloadScreen(path: string): void {
  screens
    .get(normalizePath(path))
    ?.load()
    .catch(() => {})
}

export function normalizePath(path: string): string {
  const p = path.split('?')[0].replace(/\/+$/, '')
  return p.startsWith('/') ? p || '/' : `/${p}`
}
