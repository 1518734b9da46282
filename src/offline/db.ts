// The one offline database (docs/offline.md R1, R21, R23): the outbox owns queued writes, the query cache
// holds re-fetchable reads. Two connections to it: `db` commits 'strict', so a row the user saved is
// on disk before the UI says "saved on device"; `relaxedDb` is for writes whose loss a crash cannot
// hurt (the replay's state marks and confirmations: a row that comes back is resent under its
// idempotency key and answered from the server's record; re-fetchable cache entries), where a
// strict flush per write would cost most of a replay's time.
import Dexie, { type EntityTable, type Table } from 'dexie'
import { logger } from '@/api/logger'
import type { NewOutboxRow, RowOp } from './outbox-row'

export const DB_NAME = 'vn-admin-offline'

export type OutboxOp = RowOp
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'rejected' | 'needs-auth'
export type Json = Record<string, unknown>

/** One queued write (docs/offline.md R4): the fields made by buildOutboxRow (outbox-row.ts), its place in the queue and its state. */
export interface OutboxRow extends Omit<NewOutboxRow, 'state'> {
  /** Enqueue order; rows of one entity are replayed in this order (docs/offline.md R7). */
  seq: number
  state: OutboxState
  /** The server's current record after a conflict; null when it was deleted on the server. */
  serverRecord?: Json | null
}

/** One persisted query of a user's scope, or the scope's meta row. */
export interface CachedQuery {
  scope: string
  hash: string
  value: unknown
  /** Approximate bytes, for the cache cap (docs/offline.md P5). */
  size: number
  /** For LRU eviction. */
  usedAt: number
}

export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxRow, 'key'>
  queryCache!: Table<CachedQuery, [string, string]>

  constructor(name = DB_NAME, durability: 'strict' | 'relaxed' = 'strict') {
    super(name, { chromeTransactionDurability: durability })
    this.version(1).stores({
      outbox: 'key, &seq, state, [userId+tenantId], [entity+clientId]',
      queryCache: '[scope+hash], scope',
    })
    // v2 only adds indexes (no data change), so v1 databases upgrade in place with every row kept
    // (docs/offline.md R2): per-owner state counts for the badge and per-owner entity reads for the lists, without
    // reading every row on each outbox change.
    this.version(2).stores({
      outbox:
        'key, &seq, state, [userId+tenantId], [entity+clientId], [userId+tenantId+state], [userId+tenantId+entity]',
    })
  }
}

export const db = new OfflineDb()
/** The same database without the per-commit flush; live queries on `db` see its writes too. */
export const relaxedDb = new OfflineDb(DB_NAME, 'relaxed')

function isClosedError(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { inner?: unknown }).inner) {
    const { name, message } = e as { name?: string; message?: string }
    if (
      name === 'DatabaseClosedError' ||
      /connection to indexed database server lost/i.test(message ?? '')
    )
      return true
  }
  return false
}

/** docs/offline.md R21: on a closed or lost connection, reopen and run once more; a second failure is surfaced. */
export async function withDb<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (!isClosedError(err)) throw err
    logger.warn('offline-db: reopening', err)
    for (const conn of [db, relaxedDb]) {
      conn.close()
      await conn.open()
    }
    return work()
  }
}

let cacheGeneration = 0

/** Bumped whenever the query cache is wiped, so the persister rewrites everything. */
export const queryCacheGeneration = () => cacheGeneration

/** Drops every persisted query (logout, or space needed for the outbox, docs/offline.md R20). Never the outbox. */
export async function clearQueryCache(): Promise<void> {
  cacheGeneration++
  await withDb(() => db.queryCache.clear())
}
