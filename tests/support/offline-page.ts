// Page-side access to the app's outbox (the Dexie database `vn-admin-offline`) for end-to-end
// tests and benchmarks. Rows are made by the app's own row builder (the one `enqueue` uses) and
// written as `enqueue` writes them (one strict transaction reading the last seq) with the same
// Dexie build, loaded into a same-origin page that does not run the app (the health endpoint),
// so nothing replays while rows are written. Reads use plain IndexedDB and work in any page.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import {
  buildOutboxRow,
  type OutboxRowInput,
  type RowContext,
} from '../../src/offline/outbox-row.ts'

const DEXIE_UMD = createRequire(import.meta.url).resolve('dexie/dist/dexie.js')
export const OFFLINE_DB = 'vn-admin-offline'

/** What `enqueue` takes (the app's own type). */
export type QueuedInput = OutboxRowInput

export interface QueuedRow {
  key: string
  seq: number
  entity: string
  clientId: string
  op: string
  state: string
  attempts: number
  userId: string
  lastError: string | null
  payload: Record<string, unknown>
  baseVersion: number | null
}

/** A same-origin page without the app, with Dexie loaded. The app must have created the database (logged in once). */
export async function openSidePage(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${baseUrl}/api/health`)
  // Evaluated, not added as an inline <script>: the server's CSP refuses inline scripts.
  await page.evaluate(readFileSync(DEXIE_UMD, 'utf8'))
  if (!(await page.evaluate(() => 'Dexie' in globalThis)))
    throw new Error('Dexie did not load into the side page')
  return page
}

/** The signed-in user of this origin, read from the app's stored session as `ownerOf` reads it. */
function pageOwner(page: Page): Promise<RowContext['owner']> {
  return page.evaluate(() => {
    const read = (k: string) => {
      const raw = localStorage.getItem(`saber-${k}`)
      return raw ? (JSON.parse(raw) as { content: unknown }).content : undefined
    }
    const info = (read('userInfo') ?? {}) as { user_id?: string; tenant_id?: string }
    const userId = info.user_id ?? ''
    if (!userId) throw new Error('no signed-in user in this origin')
    return { userId, tenantId: (read('tenantId') as string | undefined) || info.tenant_id || '' }
  })
}

/**
 * Queues rows as the signed-in user (read from the app's stored session). The rows are made in
 * Node by the app's own `buildOutboxRow` (src/offline/outbox-row.ts) and written by the page as
 * data. `oneTransaction` writes them all in one strict transaction; otherwise each row is its own
 * strict transaction, as `enqueue` does. Returns the rows' keys, client ids and the time of each
 * write (ms, in the page).
 */
export async function writeOutbox(
  side: Page,
  inputs: QueuedInput[],
  opts: { oneTransaction?: boolean } = {},
): Promise<{ keys: string[]; clientIds: string[]; ms: number[] }> {
  const owner = await pageOwner(side)
  const rows = inputs.map((i) => buildOutboxRow(i, { owner }))
  const ms = await side.evaluate(
    async ({ rows, name, one }) => {
      type Row = Record<string, unknown> & { seq: number }
      // The UMD build of the same Dexie the app bundles; opened without a schema (it reads the app's).
      const DexieCtor = (
        globalThis as unknown as { Dexie: new (n: string, o: object) => DexieLike }
      ).Dexie
      interface TableLike {
        orderBy(i: string): { last(): Promise<Row | undefined> }
        add(r: Row): Promise<unknown>
        bulkAdd(r: Row[]): Promise<unknown>
      }
      interface DexieLike {
        open(): Promise<unknown>
        close(): void
        table(n: string): TableLike
        transaction<T>(mode: string, table: TableLike, work: () => Promise<T>): Promise<T>
      }
      const db = new DexieCtor(name, { chromeTransactionDurability: 'strict' })
      try {
        await db.open()
      } catch (e) {
        throw new Error(`cannot open ${name}: ${String(e)}`, { cause: e })
      }
      const outbox = db.table('outbox')
      const ms: number[] = []
      if (one) {
        const t = performance.now()
        await db.transaction('rw', outbox, async () => {
          const last = (await outbox.orderBy('seq').last())?.seq ?? 0
          await outbox.bulkAdd(rows.map((r, n) => ({ ...r, seq: last + n + 1 })))
        })
        ms.push(performance.now() - t)
      } else {
        for (const r of rows) {
          const t = performance.now()
          await db.transaction('rw', outbox, async () => {
            const last = (await outbox.orderBy('seq').last())?.seq ?? 0
            await outbox.add({ ...r, seq: last + 1 })
          })
          ms.push(performance.now() - t)
        }
      }
      db.close()
      return ms
    },
    { rows, name: OFFLINE_DB, one: !!opts.oneTransaction },
  )
  return { keys: rows.map((r) => r.key), clientIds: rows.map((r) => r.clientId), ms }
}

/** A store's values or keys on this origin, read with plain IndexedDB (empty before the app created it). */
function readStore(page: Page, store: string, what: 'values' | 'keys'): Promise<unknown[]> {
  return page.evaluate(
    async ({ name, store, what }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name)
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
      try {
        if (!db.objectStoreNames.contains(store)) return []
        return await new Promise<unknown[]>((resolve, reject) => {
          const os = db.transaction(store, 'readonly').objectStore(store)
          const req: IDBRequest = what === 'keys' ? os.getAllKeys() : os.getAll()
          req.onsuccess = () => resolve(req.result as unknown[])
          req.onerror = () => reject(req.error)
        })
      } finally {
        db.close()
      }
    },
    { name: OFFLINE_DB, store, what },
  )
}

/** Every outbox row on this origin (all users), in queue order. */
export async function readOutbox(page: Page): Promise<QueuedRow[]> {
  const all = (await readStore(page, 'outbox', 'values')) as QueuedRow[]
  return [...all].sort((x, y) => x.seq - y.seq)
}

/** Clears the outbox table (between benchmark rounds). */
export function clearOutbox(page: Page): Promise<void> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('outbox', 'readwrite')
      tx.objectStore('outbox').clear()
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
    db.close()
  }, OFFLINE_DB)
}

/** Waits until the service worker is active and controls the page (its first visit installs it). */
export async function waitForWorkerControl(page: Page, timeout = 20000): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready
    const sw = reg.active!
    if (sw.state !== 'activated')
      await new Promise<void>((resolve) =>
        sw.addEventListener('statechange', () => sw.state === 'activated' && resolve()),
      )
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout,
  })
}

export interface ApiAnswer {
  status: number
  body: { code?: number; success?: boolean; data?: unknown; msg?: string }
}

/** A call from the page with the session's token, as the app sends it. */
export function apiCall(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = localStorage.getItem('saber-token')
      const token = raw ? (JSON.parse(raw) as { content: string }).content : ''
      const headers: Record<string, string> = {
        'Blade-Auth': `bearer ${token}`,
        'Blade-Requested-With': 'BladeHttpRequest',
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    },
    { method, path, body },
  )
}

/** Creates a stock count through the API; returns its id. */
export async function createStockCount(
  page: Page,
  checkDate = new Date().toISOString().slice(0, 10),
): Promise<string> {
  const res = await apiCall(page, 'POST', '/api/stockTaking/submit', { checkDate, brandId: 'dmr' })
  const data = res.body.data as { id?: string } | undefined
  if (!res.body.success || !data?.id)
    throw new Error(`stock count not created: ${JSON.stringify(res.body)}`)
  return String(data.id)
}

/** Count lines of one stock count, ready for writeOutbox. */
export function stockLines(
  stockId: string,
  n: number,
  quantity = (i: number) => (i % 5) + 1,
): QueuedInput[] {
  return Array.from({ length: n }, (_, i) => ({
    entity: 'stockDetail',
    api: '/stockDetail',
    op: 'submit' as const,
    payload: {
      dmrStockId: stockId,
      skuNo: `SKU-${String(i).padStart(4, '0')}`,
      productQuantity: quantity(i),
      warehousePosition: `A-${i % 7}`,
      deviceId: 'bench-device',
    },
    dependsOn: [stockId],
  }))
}

/**
 * Waits until the app has created its offline database (it opens it lazily after login) with its
 * outbox store. Being listed is not enough: the database is listed while its first upgrade runs,
 * and leaving the page then aborts the upgrade and drops it. Opening a listed database (without a
 * version, so nothing is created) waits for that upgrade and shows its stores.
 */
export async function waitForOfflineDb(page: Page, timeout = 20000): Promise<void> {
  await page.waitForFunction(
    async (name) => {
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return false
      return new Promise<boolean>((resolve) => {
        const req = indexedDB.open(name)
        req.onsuccess = () => {
          const ready = req.result.objectStoreNames.contains('outbox')
          req.result.close()
          resolve(ready)
        }
        req.onerror = () => resolve(false)
      })
    },
    OFFLINE_DB,
    { timeout, polling: 100 },
  )
}

/** The query hashes the app persisted to IndexedDB (docs/offline.md R23), to wait until a screen's reads are stored. */
export async function cachedQueryHashes(page: Page): Promise<string[]> {
  return (await readStore(page, 'queryCache', 'keys')).map((k) => String((k as string[])[1]))
}

/** The key of the query persister's meta record (`META` in src/offline/query-persister.ts). */
const QUERY_CACHE_META = '\u0000meta'

/** When the app's query persister last wrote this origin's cache (its meta record's timestamp), or 0. */
export async function persistedAt(page: Page): Promise<number> {
  const rows = (await readStore(page, 'queryCache', 'values')) as {
    hash: string
    value: { timestamp?: number }
  }[]
  return Math.max(
    0,
    ...rows.filter((r) => r.hash === QUERY_CACHE_META).map((r) => r.value.timestamp ?? 0),
  )
}

/**
 * Which of `pages` holds the Web Lock `name` (docs/offline.md R18), or null when nobody holds it.
 * `navigator.locks.query()` names the holder by an opaque client id; each page learns its own by
 * holding a probe lock of a unique name for a moment and finding it in the same query.
 */
export async function lockHolder(pages: Page[], name: string): Promise<Page | null> {
  let found: Page | null = null
  let heldBy = 0
  for (const page of pages) {
    const r = await page.evaluate(async (n) => {
      const probe = `probe-${crypto.randomUUID()}`
      return navigator.locks.request(probe, async () => {
        const { held = [] } = await navigator.locks.query()
        const self = held.find((l) => l.name === probe)?.clientId
        const holders = held.filter((l) => l.name === n).map((l) => l.clientId)
        return { holders: holders.length, mine: holders.includes(self) }
      })
    }, name)
    heldBy = r.holders
    if (r.mine) found = page
  }
  if (heldBy > 1) throw new Error(`lock ${name} held ${heldBy} times`)
  if (heldBy === 1 && !found)
    throw new Error(`lock ${name} held by a client that is none of the pages`)
  return found
}
