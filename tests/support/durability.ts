// Helpers for the offline durability end-to-end tests (tests/e2e/offline-durability.test.ts):
// a page that closes itself the moment its text says something, Chromium's origin quota override, a probe of
// IndexedDB's quota check, and what the app's persisted query cache holds.
import type { CDPSession, Page } from 'playwright-core'
import { OFFLINE_DB } from './offline-page.ts'

/**
 * Makes `page` close itself in the same task in which the element matching `selector` first
 * contains `needle`: nothing else of the page's runs between the claim and the close, however busy
 * the machine is (a close sent from the test arrives a round trip later, and later still on a
 * loaded machine). Only a window opened by script may close itself: open `page` with
 * `window.open`. Resolves once the observer is in place; call before the action.
 */
export async function closeWhenTextShows(page: Page, selector: string, needle: string) {
  await page.evaluate(
    ({ selector, needle }) => {
      const has = () => document.querySelector(selector)?.textContent?.includes(needle) ?? false
      const observer = new MutationObserver(() => {
        if (!has()) return
        observer.disconnect()
        window.close()
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    },
    { selector, needle },
  )
}

export interface UsageAndQuota {
  usage: number
  quota: number
  overrideActive: boolean
}

/** The origin's usage and quota as Chromium's quota manager sees them (not the rounded web-facing estimate). */
export function usageAndQuota(cdp: CDPSession, origin: string): Promise<UsageAndQuota> {
  return cdp.send('Storage.getUsageAndQuota', { origin }) as Promise<UsageAndQuota>
}

/** Overrides the origin's quota (bytes), or drops the override when `quotaSize` is undefined. Lives as long as `cdp`. */
export async function overrideQuota(
  cdp: CDPSession,
  origin: string,
  quotaSize?: number,
): Promise<void> {
  await cdp.send(
    'Storage.overrideQuotaForOrigin',
    quotaSize === undefined ? { origin } : { origin, quotaSize },
  )
}

const PROBE_DB = 'e2e-quota-probe'

/**
 * One small strict write into a probe database of the origin (never the app's): 'ok', or the
 * name of the error the transaction aborted with. Chromium checks a write against the quota
 * manager only when its cached allowance for the bucket is used up or older than 30 s
 * (IndexedDB BucketContext::kBucketSpaceCacheTimeLimit), so a lowered quota bites only after
 * a probe is refused; from then on every write is checked.
 */
export function probeWrite(page: Page): Promise<string> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, 1)
      req.onupgradeneeded = () => req.result.createObjectStore('probe')
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    try {
      return await new Promise<string>((resolve) => {
        const tx = db.transaction('probe', 'readwrite', { durability: 'strict' })
        tx.objectStore('probe').put('x'.repeat(256), crypto.randomUUID())
        tx.oncomplete = () => resolve('ok')
        tx.onabort = () => resolve(tx.error?.name ?? 'AbortError')
      })
    } finally {
      db.close()
    }
  }, PROBE_DB)
}

/** Rows and approximate bytes (JSON) of the app's persisted query cache (docs/offline.md R23), read with plain IndexedDB. */
export function queryCacheStats(page: Page): Promise<{ rows: number; bytes: number }> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    try {
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction('queryCache', 'readonly').objectStore('queryCache').getAll()
        req.onsuccess = () => resolve(req.result as unknown[])
        req.onerror = () => reject(req.error)
      })
      return { rows: all.length, bytes: JSON.stringify(all).length }
    } finally {
      db.close()
    }
  }, OFFLINE_DB)
}

/** Polls `probe` until `ok` holds (for hooks, where expect.poll is not available); throws with the last value. */
export async function until<T>(
  probe: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeout = 30_000,
): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const value = await probe()
    if (ok(value)) return value
    if (Date.now() > end)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
