// How often each menu screen was opened on this device, for the home page shortcuts.
import { getStore, setStore } from '@/api/storage'
import type { MenuNode } from '@/api/session'
import { menuLeaves } from './menu-mapping'

const KEY = 'menuUsage'

export function readUsage(): Record<string, number> {
  return getStore<Record<string, number>>({ name: KEY }) ?? {}
}

export function recordUsage(path: string): void {
  const usage = readUsage()
  usage[path] = (usage[path] ?? 0) + 1
  setStore({ name: KEY, content: usage })
}

/** Menu leaves by use (most first), then in menu order; at most `limit`. */
export function mostUsed(tree: MenuNode[], usage: Record<string, number>, limit = 8): MenuNode[] {
  const leaves = menuLeaves(tree).filter((n) => n.path)
  return leaves
    .map((n, i) => ({ n, i, uses: usage[n.path] ?? 0 }))
    .sort((a, b) => b.uses - a.uses || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.n)
}
