// The open tabs, kept in session storage (docs/product.md §9) for the signed-in user (tabs stored
// for another user are not restored). Reset to the home tab on login and cleared on logout
// (docs/product.md §4).
import { useSyncExternalStore } from 'react'
import { onLogin, onLogout, sessionStore } from '@/api/session'
import { removeStore, setStore, getStore } from '@/api/storage'
import * as rules from './tab-rules'
import type { Tab, TabState } from './tab-rules'

const KEY = 'tagList'

interface Stored extends TabState {
  owner: string
}

const userId = () => sessionStore.getState().userInfo.user_id ?? ''

function load(): TabState {
  const stored = getStore<Stored>({ name: KEY })
  if (!stored || stored.owner !== userId()) return rules.initialTabs()
  return rules.normalize(stored)
}

let state: TabState = load()
const listeners = new Set<() => void>()

function commit(next: TabState) {
  if (next === state) return
  state = next
  setStore({ name: KEY, content: { ...state, owner: userId() } satisfies Stored, type: 'session' })
  for (const l of listeners) l()
}

onLogin(() => commit(rules.initialTabs()))
onLogout(() => {
  state = rules.initialTabs()
  removeStore({ name: KEY, type: 'session' })
  for (const l of listeners) l()
})

export const tabStore = {
  getState: (): TabState => state,
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
  open: (tab: Tab) => commit(rules.openTab(state, tab)),
  close: (path: string) => commit(rules.closeTab(state, path)),
  closeOthers: (path?: string) => commit(rules.closeOthers(state, path)),
  closeAll: () => commit(rules.closeAll(state)),
  reset: () => commit(rules.initialTabs()),
  /** Re-reads session storage (tests, or a restored page). */
  reload(): void {
    state = load()
    for (const l of listeners) l()
  },
}

export function useTabs<T>(select: (s: TabState) => T): T {
  return useSyncExternalStore(
    tabStore.subscribe,
    () => select(state),
    () => select(state),
  )
}
