// Per-process cache of the lookups every request makes: the session-alive row, role buttons and
// API/data scopes, and dictionary labels. Each entry is dropped when a committed write touches a
// table it was read from (db/write-watch.ts; on PostgreSQL other processes learn it by NOTIFY, see
// db/change-notify.ts), and is never older than MAX_AGE_MS even if a change went unseen. It is
// made with the database (auth/database.ts), whose writes it hears, and so serves every app built
// on that database (AppContext.accessCache).
import type { Kysely } from 'kysely'
import { PageAnchorStore } from './page-anchors.ts'
import type { DB } from '../db/schema.ts'

export type Area = 'session' | 'permission' | 'dict'

/** Which cached areas a write to each table makes stale. */
const AREAS_OF_TABLE: Record<string, Area[]> = {
  blade_session: ['session'],
  blade_user: ['session', 'permission'],
  blade_tenant: ['session', 'permission', 'dict'],
  blade_role: ['permission'],
  blade_role_menu: ['permission'],
  blade_menu: ['permission'],
  blade_role_scope: ['permission'],
  blade_api_scope: ['permission'],
  blade_data_scope: ['permission'],
  blade_dept: ['permission'],
  blade_dict: ['dict'],
  blade_dict_biz: ['dict'],
}

/** Safety net: an entry is read again after this long even if no change was seen. */
const MAX_AGE_MS = 10_000
/** Entries per area before the area starts afresh (keys are sessions, role sets, paths, codes). */
const MAX_ENTRIES = 20_000

interface Entry {
  value: unknown
  at: number
}

export class AccessCache {
  /** Off while changes cannot be heard (the PostgreSQL listener is down): every lookup reads the database. */
  enabled = true
  readonly #entries: Record<Area, Map<string, Entry>> = {
    session: new Map(),
    permission: new Map(),
    dict: new Map(),
  }
  readonly #generation: Record<Area, number> = { session: 0, permission: 0, dict: 0 }
  /**
   * Resolves once every change committed before the call has been applied here (on PostgreSQL, a
   * round trip on the listening connection: the server sends pending notifications before it
   * answers). Awaited once per request before its first lookup; null where changes are applied synchronously.
   */
  fence: (() => Promise<void>) | null = null
  /** Where deep pages of the lists begin (page-anchors.ts), dropped with their tables' changes. */
  readonly anchors = new PageAnchorStore()

  /** Before serving a request from the cache: catch up with changes committed elsewhere. */
  catchUp(): Promise<void> {
    return this.enabled && this.fence ? this.fence() : Promise.resolve()
  }

  async get<T>(
    area: Area,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.enabled) return load()
    const map = this.#entries[area]
    const hit = map.get(key)
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value as T
    const generation = this.#generation[area]
    const value = await load()
    // A change committed while this was loading may not be in it: keep it only if none came.
    if (this.enabled && generation === this.#generation[area] && keep(value)) {
      if (map.size >= MAX_ENTRIES) map.clear()
      map.set(key, { value, at: Date.now() })
    }
    return value
  }

  invalidate(areas: Iterable<Area>): void {
    for (const area of areas) {
      this.#generation[area]++
      this.#entries[area].clear()
    }
  }

  tablesChanged(changed: Iterable<string>): void {
    const tables = [...changed]
    this.anchors.drop(tables)
    const areas = new Set<Area>()
    for (const t of tables) for (const a of AREAS_OF_TABLE[t] ?? []) areas.add(a)
    if (areas.size) this.invalidate(areas)
  }

  invalidateAll(): void {
    this.anchors.clear()
    this.invalidate(['session', 'permission', 'dict'])
  }
}

declare module '../core/routes.ts' {
  interface AppBase {
    /**
     * The database's cache of per-request lookups (CachedDatabase.cache): made with the database,
     * whose writes empty it, so every app built on one database shares it.
     */
    accessCache: AccessCache
  }
}

/**
 * Where a lookup reads: the app's database with its cache (an AppContext is one), or a transaction
 * without one (`{ db: trx }`): lookups inside a transaction read the database, consistent with it.
 */
export interface LookupSource {
  db: Kysely<DB>
  accessCache?: AccessCache
}

/** Cached when there is a cache, read straight otherwise. */
export function cachedLookup<T>(
  cache: AccessCache | undefined,
  area: Area,
  key: string,
  load: () => Promise<T>,
  keep?: (value: T) => boolean,
): Promise<T> {
  return cache ? cache.get(area, key, load, keep) : load()
}
