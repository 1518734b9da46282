// The top menu the sidebar is narrowed to ('' = home: the full menu). Lives for the page only.
import { useSyncExternalStore } from 'react'

let current = ''
const listeners = new Set<() => void>()

export const topMenuState = {
  get: () => current,
  set(id: string): void {
    current = id
    for (const l of listeners) l()
  },
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

export function useTopMenuId(): string {
  return useSyncExternalStore(topMenuState.subscribe, topMenuState.get, topMenuState.get)
}
