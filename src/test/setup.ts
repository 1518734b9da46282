import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { config } from '@/config'

afterEach(cleanup)
// The offline replay's fake servers take rows one request each, as SpringBlade does; the batch call
// is tested against the real server (replay-batch-server.test.ts) and in the end-to-end tests.
config.syncBatch = false
// How long findBy*/waitFor wait for what does happen: lazily loaded dialogs and screens took over the
// default second, and over 5 s with two test files per core on a busy 2-core CI machine (the first
// open of a form transforms its code). A dialog that never opens still fails, 15 s later.
configure({ asyncUtilTimeout: 15_000 })

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
