// A stock count's state (countStatus, migration 009): lines are written only while their count is
// counting, and finishing or reopening is an ordinary update of the count (so it travels through
// the outbox with its Idempotency-Key and version like any edit). Both sides take the count's row
// lock first (writeRow's locked read, lockCounts for lines), so a finish and a line write of the same count are serialised: the line
// either lands before the finish or is refused after it, never in between.
import { sourceText } from '../../../src/domain/messages.ts'
import {
  COUNT_COUNTING,
  COUNT_FINISHED,
  countFinishedMessage,
  stockTaking,
} from '../../../src/domain/stock/stock-taking.ts'
import { hasButton } from '../../auth/guard.ts'
import type { WriteContext } from '../../crud/options.ts'
import type { AnyDb } from '../../crud/table.ts'
import { now } from '../../core/dates.ts'
import { badRequest, forbidden } from '../../core/envelope.ts'
import type { AppContext } from '../../core/routes.ts'

/** 400 unless every live one of these counts is counting (the caller holds their locks). */
export async function requireCounting(trx: AnyDb, stockIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(stockIds)]
  if (ids.length === 0) return
  const finished = await trx
    .selectFrom('dmr_stock_taking')
    .select('id')
    .where('id', 'in', ids)
    .where('count_status', '<>', COUNT_COUNTING)
    .executeTakeFirst()
  if (finished) throw badRequest(sourceText(countFinishedMessage))
}

/**
 * beforeWrite of a count. `existing` was read under the row lock by writeRow (FOR UPDATE on
 * PostgreSQL, the single writer on SQLite), so its version check already saw the row as it is now.
 * A change of countStatus needs the edit button, whichever route carries it; the server stamps
 * finishTime on finish and clears it on reopen. A body without countStatus (a plain Blade client)
 * leaves it alone.
 */
export async function countWrite({ trx, user, values, existing }: WriteContext): Promise<void> {
  if (!('count_status' in values)) return
  // An empty value changes nothing (the column is NOT NULL).
  if (values.count_status === null) {
    delete values.count_status
    return
  }
  const next = Number(values.count_status)
  const current = existing ? Number(existing.countStatus ?? COUNT_COUNTING) : COUNT_COUNTING
  if (next === current) return
  // Inside the transaction the check must use it (SQLite has one connection).
  if (
    !(await hasButton(
      { db: trx as unknown as AppContext['db'] },
      user,
      `${stockTaking.permission}_edit`,
    ))
  )
    throw forbidden()
  values.finish_time = next === COUNT_FINISHED ? now() : null
}
