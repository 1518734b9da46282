// Business screens reached through menu paths (spec §2 "Other routes are built from the menu tree").
// A feature registers its screens here by menu path; the catch-all route of the shell renders
// the registered screen, loaded lazily with the 120 s chunk time-out.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { importWithTimeout } from './error-log/chunk-error'

export type ScreenLoader = () => Promise<{ default: ComponentType }>

const screens = new Map<string, LazyExoticComponent<ComponentType>>()

/** Registers screens by menu path, e.g. { '/system/user': () => import('./user-screen') }. */
export function registerScreens(map: Record<string, ScreenLoader>): void {
  for (const [path, load] of Object.entries(map)) screens.set(normalizePath(path), lazy(() => importWithTimeout(load)))
}

export function screenFor(path: string): LazyExoticComponent<ComponentType> | undefined {
  return screens.get(normalizePath(path))
}

export function normalizePath(path: string): string {
  const p = path.split('?')[0].replace(/\/+$/, '')
  return p.startsWith('/') ? p || '/' : `/${p}`
}
