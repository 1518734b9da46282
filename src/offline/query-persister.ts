// TanStack Query persistence into the Dexie query-cache table (docs/offline.md R23, P5): reads only, one Dexie
// record per query with structured values (no JSON round trip), scoped to tenant + user, capped
// with LRU eviction. Writes are never persisted here: the outbox owns them (docs/offline.md R3).
import type { DehydratedState } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { logger } from '@/api/logger'
import { db, queryCacheGeneration, withDb, type CachedQuery } from './db'
import { ownerOf } from './owner'

/** The read-model schema version: raise it when cached response shapes change (the buster). */
export const READ_MODEL_VERSION = '1'
export const QUERY_CACHE_MAX_AGE = 7 * 24 * 3600 * 1000
const QUERY_CACHE_CAP_BYTES = 20 * 1024 * 1024
const THROTTLE_MS = 1000
const META = '\u0000meta'

type DehydratedQuery = DehydratedState['queries'][number]
interface Meta {
  timestamp: number
  buster: string
}

export function cacheScope(): string | null {
  const owner = ownerOf()
  return owner ? `${owner.tenantId}\u0000${owner.userId}` : null
}

const sizes = new WeakMap<object, number>()

/** Approximate bytes of a query's data (UTF-16), remembered per data object (they are immutable). */
function sizeOf(q: DehydratedQuery): number {
  const data = q.state.data
  if (!data || typeof data !== 'object') return 256
  let size = sizes.get(data)
  if (size === undefined) {
    size = 256 + 2 * (JSON.stringify(data)?.length ?? 0)
    sizes.set(data, size)
  }
  return size
}

/** The most recently updated queries that fit under the cap. */
function withinCap(queries: readonly DehydratedQuery[], capBytes: number): DehydratedQuery[] {
  const kept: DehydratedQuery[] = []
  let total = 0
  for (const q of [...queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)) {
    const size = sizeOf(q)
    if (total + size > capBytes) continue
    total += size
    kept.push(q)
  }
  return kept
}

/**
 * Whether a query goes to the persisted cache: successful ones, and ones whose last refetch failed
 * but still hold the data of an earlier success. A reload while offline refetches what it restored,
 * and those fetches fail; dropping the queries then would wipe the very lists the next offline
 * start needs (docs/offline.md R23, R28).
 */
function shouldPersistQuery(q: {
  state: { status: string; data: unknown; dataUpdatedAt: number }
}): boolean {
  return (
    q.state.status === 'success' ||
    (q.state.status === 'error' && q.state.data !== undefined && q.state.dataUpdatedAt > 0)
  )
}

/** The stored form of a query: its last good data as a success, never the failure (errors are not persisted). */
function asSuccess(q: DehydratedQuery): DehydratedQuery {
  if (q.state.status === 'success') return q
  return {
    ...q,
    state: {
      ...q.state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  }
}

const asStale = (q: DehydratedQuery): DehydratedQuery =>
  q.state.isInvalidated ? q : { ...q, state: { ...q.state, isInvalidated: true } }

export interface QueryPersister extends Persister {
  /** Writes the latest state now (pagehide, tests). */
  flush(): Promise<void>
  /**
   * Starts reading the signed-in user's persisted queries now; the next restoreClient uses this read.
   * At start-up the read then runs while the code loads, not after the first render (docs/offline.md P1).
   * Resolves when the read is done, whether it worked or not (the restore reports failures).
   */
  prefetch(): Promise<void>
}

interface Written {
  at: number
  data: unknown
  /** Marked stale by a write elsewhere (crud/refresh.ts): a reload must refetch it, so the mark is written too. */
  invalidated: boolean
}

const writtenOf = (queries: readonly DehydratedQuery[]) =>
  new Map<string, Written>(
    queries.map((q) => [
      q.queryHash,
      { at: q.state.dataUpdatedAt, data: q.state.data, invalidated: q.state.isInvalidated },
    ]),
  )

export function createQueryPersister(
  options: { capBytes?: number; throttleMs?: number; scope?: () => string | null } = {},
): QueryPersister {
  const { capBytes = QUERY_CACHE_CAP_BYTES, throttleMs = THROTTLE_MS, scope = cacheScope } = options
  let waiting: { scope: string; client: PersistedClient } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  // What the table holds for `written.scope`: queryHash → when and what was written, to write only what
  // changed. The data itself is compared too: two updates within one millisecond share a dataUpdatedAt;
  // and so is the stale mark, which changes neither.
  let written = { scope: '', generation: -1, hashes: new Map<string, Written>() }
  let early: { scope: string; rows: Promise<CachedQuery[]> } | null = null

  const read = (target: string) =>
    withDb(() => db.queryCache.where('scope').equals(target).toArray())

  async function write(target: string, client: PersistedClient): Promise<void> {
    early = null
    if (written.scope !== target || written.generation !== queryCacheGeneration())
      written = { scope: target, generation: queryCacheGeneration(), hashes: new Map() }
    const kept = withinCap(client.clientState.queries, capBytes)
    const keep = new Set(kept.map((q) => q.queryHash))
    const changed = kept.filter((q) => {
      const was = written.hashes.get(q.queryHash)
      return (
        !was ||
        was.at !== q.state.dataUpdatedAt ||
        was.data !== q.state.data ||
        was.invalidated !== q.state.isInvalidated
      )
    })
    const gone = [...written.hashes.keys()].filter((h) => !keep.has(h))
    const meta: Meta = { timestamp: client.timestamp, buster: client.buster }
    const rows: CachedQuery[] = changed.map((q) => ({
      scope: target,
      hash: q.queryHash,
      value: asSuccess(q),
      size: sizeOf(q),
      usedAt: q.state.dataUpdatedAt,
    }))
    rows.push({ scope: target, hash: META, value: meta, size: 0, usedAt: client.timestamp })
    await withDb(() =>
      db.transaction('rw', db.queryCache, async () => {
        if (written.hashes.size === 0) await db.queryCache.where('scope').equals(target).delete()
        else await db.queryCache.bulkDelete(gone.map((h) => [target, h] as [string, string]))
        await db.queryCache.bulkPut(rows)
      }),
    )
    written.hashes = writtenOf(kept)
  }

  async function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    const job = waiting
    waiting = null
    if (!job) return
    try {
      await write(job.scope, job.client)
    } catch (err) {
      // A read cache that failed to save is refetched later; never an error for the user.
      written.hashes = new Map()
      logger.warn('query-persister', err)
    }
  }

  return {
    flush,
    persistClient(client) {
      const target = scope()
      if (!target) return
      waiting = { scope: target, client }
      timer ??= setTimeout(() => void flush(), throttleMs)
    },
    prefetch() {
      const target = scope()
      if (!target) return Promise.resolve()
      const rows = read(target)
      early = { scope: target, rows }
      // A failed read is reported by the restore that uses it.
      return rows.then(
        () => {},
        () => {},
      )
    },
    async restoreClient() {
      const target = scope()
      if (!target) return undefined
      const pending = early?.scope === target ? early.rows : read(target)
      early = null
      const rows = await pending
      performance.mark?.('query-cache:read')
      const meta = rows.find((r) => r.hash === META)?.value as Meta | undefined
      if (!meta) return undefined
      const stored = rows.filter((r) => r.hash !== META)
      // The sizes were measured when the rows were written; knowing them spares the first save after
      // a start a JSON pass over every restored query (docs/offline.md P4: no save task over 50 ms with 5 MB).
      for (const r of stored) {
        const data = (r.value as DehydratedQuery).state.data
        if (data && typeof data === 'object' && r.size > 0) sizes.set(data, r.size)
      }
      // Restored answers show at once but count as stale: a reload refetches what is on screen, as a
      // user reloading expects, and a write's stale mark that had not been saved yet (the saves wait
      // up to a second; a reload right after a save) cannot bring back an old summary as fresh.
      const queries = stored.map((r) => asStale(r.value as DehydratedQuery))
      written = { scope: target, generation: queryCacheGeneration(), hashes: writtenOf(queries) }
      return { ...meta, clientState: { mutations: [], queries } }
    },
    async removeClient() {
      const target = scope()
      if (!target) return
      written = { scope: '', generation: -1, hashes: new Map() }
      early = null
      await withDb(() => db.queryCache.where('scope').equals(target).delete())
    },
  }
}

export const queryPersister = createQueryPersister()

/** For PersistQueryClientProvider: 7 days, the read-model buster, successful data only, no mutations. */
export const persistOptions = {
  persister: queryPersister,
  maxAge: QUERY_CACHE_MAX_AGE,
  buster: READ_MODEL_VERSION,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldPersistQuery,
    shouldDehydrateMutation: () => false,
  },
}
