// A count's state as this device sees it (docs/offline.md R24): the server's countStatus with this device's queued
// finish or reopen applied by the outbox overlay. Pure: the screens and actions feed it.
import { COUNT_FINISHED } from '@/domain/stock/stock-taking'
import type { OutboxRow } from '@/offline/db'

export const isFinished = (count: { countStatus?: unknown } | undefined): boolean =>
  Number(count?.countStatus ?? 0) === COUNT_FINISHED

/** The version the device last saw of a count, or null (a count only on the device, or an old cache). */
export function versionOf(count: { version?: unknown } | undefined): number | null {
  const v = count?.version
  return typeof v === 'number' && Number.isInteger(v) ? v : null
}

/**
 * The client ids the finish of a count must wait for: this device's queued writes of the count's
 * lines (its new lines, and later writes of lines it shows), so the finish reaches the server after them.
 */
export function finishDependencies(
  countId: string,
  lineRows: readonly OutboxRow[],
  shownLineIds: Iterable<string>,
): string[] {
  const shown = new Set(shownLineIds)
  return [
    ...new Set(
      lineRows
        .filter((r) => r.payload.dmrStockId === countId || shown.has(r.clientId))
        .map((r) => r.clientId),
    ),
  ]
}
