import 'fake-indexeddb/auto'
import * as webStreams from 'node:stream/web'
import { cleanup, configure, prettyDOM } from '@testing-library/react'
import * as React from 'react'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeAll, vi } from 'vitest'
import { setNotifier } from '@/api/http'
import { config } from '@/config'

// Node's web streams, which msw and the HTTP client use as in a browser, where jsdom's window lacks them.
for (const [name, value] of Object.entries(webStreams))
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value })

afterEach(cleanup)

/** Empties every store of every IndexedDB database of the page, beside the app's own connections. */
async function emptyIndexedDb(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue
    const open = indexedDB.open(name)
    const conn = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const stores = [...conn.objectStoreNames]
    if (stores.length) {
      const tx = conn.transaction(stores, 'readwrite')
      for (const store of stores) tx.objectStore(store).clear()
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
    }
    conn.close()
  }
}

// The app files share their worker's window and modules (vite.config.ts): each file starts with no
// toasts left by the one before (Mantine shows five at a time and queues the rest, so a file's own
// message would wait behind them), with the HTTP client's own toasts (a file may have captured
// them), real timers, a desktop-wide window, empty web storage and an empty device database (a
// row queued by the file before would count as this one's), as in a new tab.
beforeAll(async () => {
  vi.useRealTimers()
  window.innerWidth = 1024
  setNotifier()
  notifications.clean()
  localStorage.clear()
  sessionStorage.clear()
  await emptyIndexedDb()
})

// React's development build records an owner stack for each element it creates (an Error with its
// stack, and a console task), up to 10,000 a second: in a screen's test that was a sixth of the CPU,
// spent on stacks that only a warning's text would read. The tests keep React's warnings and their
// component stacks; they lose only the "created by" frames of an element inside them.
const internals = (
  React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>
).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE
if (internals)
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  })

// A file's own vi.setConfig({ testTimeout }) was set for a quiet machine (most when the default was
// 5 s): it may raise the app project's ceiling (testTimeout in vite.config.ts), never lower it.
const TEST_CEILING_MS = 180_000
const FLOORED = Symbol.for('app-tests.setConfig-floored')
if (!(FLOORED in vi.setConfig)) {
  const setConfig = vi.setConfig.bind(vi)
  vi.setConfig = Object.assign(
    (options: Parameters<typeof setConfig>[0]) =>
      setConfig(
        options.testTimeout === undefined
          ? options
          : { ...options, testTimeout: Math.max(options.testTimeout, TEST_CEILING_MS) },
      ),
    { [FLOORED]: true },
  )
}

// The offline replay's fake servers take rows one request each, as SpringBlade does; the batch call
// is tested against the real server (replay-batch-server.test.ts) and in the end-to-end tests.
config.syncBatch = false
// How long findBy*/waitFor wait for what does happen: lazily loaded dialogs and screens took over the
// default second, and over 5 s with two test files per core on a busy 2-core CI machine (the first
// open of a form transforms its code); a shared machine at a load of 60 is ten times slower again.
// A wait ends as soon as its element shows; a dialog that never opens still fails, a minute later.
// A query that finds nothing inside findBy/waitFor makes an error on every retry, and the default
// error prints the whole page into its message each time (4 % of a list screen's test CPU):
// the page is printed when the message is read, which is once, for the error that is reported.
configure({
  asyncUtilTimeout: 60_000,
  getElementError: (message, container) => {
    const error = new Error()
    error.name = 'TestingLibraryElementError'
    let text: string | undefined
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () => (text ??= [message, prettyDOM(container)].filter(Boolean).join('\n\n')),
      set: (value: string) => {
        text = value
      },
    })
    return error
  },
})

// Mantine needs these under jsdom.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver
window.HTMLElement.prototype.scrollIntoView ??= function () {}
// jsdom does not scroll (and logs 'Not implemented' for every call, thousands of lines a run).
window.scrollTo = () => {}
