// Lanes for list statements, so one user's broad search never makes every other user wait. The list
// engine knows before it runs whether a list must read its whole table (crud/list-cost.ts) and runs
// its statements inside `inListLane`; the database layer sends them on the matching lane:
// - cheap: the ordinary readers (SQLite reader threads, PostgreSQL connections);
// - scan: a few slots of their own (LIST_SCAN_SLOTS; SQLite: reader processes, PostgreSQL: a small
//   pool without parallel workers), so scans can take at most those cores while cheap lists go on.
// Every list statement waits at most LIST_STATEMENT_LIMIT_MS for its lane and runs at most as long;
// past that it is stopped (PostgreSQL statement_timeout, SQLite: the reader process is ended) and
// the list answers 400, asking to narrow the search.
import { AsyncLocalStorage } from 'node:async_hooks'
import { availableParallelism } from 'node:os'

export type ListCost = 'cheap' | 'scan'

export interface ListLimits {
  /** How long a list statement may wait for its lane, and then run. */
  statementLimitMs: number
  /** How many scanning list statements run at once (the others wait, within the limit). */
  scanSlots: number
}

const DEFAULT_LIST_STATEMENT_LIMIT_MS = 3000

/** Half the cores, at least one: scans never take every core from the cheap lists. */
function defaultScanSlots(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2))
}

export function listLimits(given: Partial<ListLimits> = {}): ListLimits {
  return {
    statementLimitMs: given.statementLimitMs ?? DEFAULT_LIST_STATEMENT_LIMIT_MS,
    scanSlots: given.scanSlots ?? defaultScanSlots(),
  }
}

const lane = new AsyncLocalStorage<ListCost>()

/** Runs `read` with its statements on the lane of `cost`, under the list statement limit. */
export function inListLane<T>(cost: ListCost, read: () => Promise<T>): Promise<T> {
  return lane.run(cost, read)
}

/** The lane of the statement about to run: undefined outside a list (no lane, no limit). */
export function currentListLane(): ListCost | undefined {
  return lane.getStore()
}

/** A list statement that waited or ran longer than the limit, and was stopped. */
export class ListStatementTimeout extends Error {
  readonly code = 'LIST_STATEMENT_TIMEOUT'
  constructor(limitMs: number, where: 'waiting' | 'running') {
    super(`list statement ${where === 'waiting' ? 'waited' : 'ran'} longer than ${limitMs} ms`)
  }
}

/** Our own timeout, or PostgreSQL's statement_timeout (57014, query_canceled). */
export function isListTimeout(e: unknown): boolean {
  if (e instanceof ListStatementTimeout) return true
  const code = (e as { code?: unknown } | null)?.code
  return code === '57014'
}
