// The database with this process's access cache (access-cache.ts): told of every write committed
// here (db/write-watch.ts) and, on PostgreSQL, in other processes (db/change-notify.ts). What the
// server and the tests that serve or look up through it open; db/database.ts alone opens it
// without a cache.
import { openDatabase, type Database, type OpenOptions } from '../db/database.ts'
import { AccessCache } from './access-cache.ts'

export interface CachedDatabase extends Database {
  /**
   * Per-request lookups cached in this process, emptied by this database's writes: an app built on
   * `db` reads through it (AppContext.accessCache).
   */
  cache: AccessCache
}

export function openCachedDatabase(
  url: string,
  options: Omit<OpenOptions, 'cache'> = {},
): CachedDatabase {
  const cache = new AccessCache()
  return { ...openDatabase(url, { ...options, cache }), cache }
}
