// Every write of the counting screen goes through the outbox (docs/offline.md R1): online or not, the
// row is on disk before the screen says "saved on device", and the sync engine sends it.
import { stockDetail } from '@/domain/stock/stock-detail'
import { COUNT_COUNTING, COUNT_FINISHED, stockTaking } from '@/domain/stock/stock-taking'
import { db, withDb, type OutboxRow } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { ownRowsOf } from '@/offline/outbox-hooks'
import { owns, ownerOf } from '@/offline/owner'
import { deviceId } from '../device-id'
import { finishDependencies, versionOf } from './count-state'

export interface NewCount {
  checkDate: string
  brandId: string
}

/** Starts a count; its id is made on the device, so lines can reference it before it reaches the server. */
export async function startCount(count: NewCount): Promise<string> {
  const row = await enqueue({
    entity: stockTaking.name,
    api: stockTaking.api,
    op: 'submit',
    payload: { ...count },
  })
  return row.clientId
}

export interface NewLine {
  skuNo: string
  productQuantity: number
  warehousePosition: string
  /** The product's item number when the SKU is a known product. */
  productStyleNo?: string
  /** The user confirmed a SKU the product list lacks (the server marks the stored line itself). */
  skuUnknown?: boolean
}

/** One append-only line of the count (docs/offline.md R10), stamped with this device; waits for the count's own create. */
export async function addLine(countId: string, line: NewLine): Promise<OutboxRow> {
  const payload = {
    dmrStockId: countId,
    skuNo: line.skuNo,
    productQuantity: line.productQuantity,
    warehousePosition: line.warehousePosition,
    ...(line.productStyleNo ? { productStyleNo: line.productStyleNo } : {}),
    ...(line.skuUnknown ? { skuUnknown: true } : {}),
    deviceId: deviceId(),
  }
  return enqueue({
    entity: stockDetail.name,
    api: stockDetail.api,
    op: 'submit',
    payload,
    dependsOn: [countId],
  })
}

/**
 * Takes a line back. A create never sent is dropped from the outbox (checked and deleted in one
 * transaction, so the replay cannot pick it up in between); a line that may have reached the server
 * (sent, or tried once with no answer) is removed through the outbox after its create.
 */
export async function undoLine(lineId: string): Promise<'discarded' | 'removed'> {
  const discarded = await withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const rows = await db.outbox
        .where('[entity+clientId]')
        .equals([stockDetail.name, lineId])
        .toArray()
      const [only] = rows
      if (
        rows.length !== 1 ||
        only!.op !== 'submit' ||
        only!.state === 'sending' ||
        only!.attempts > 0
      )
        return false
      await db.outbox.delete(only!.key)
      return true
    }),
  )
  if (discarded) return 'discarded'
  await enqueue({ entity: stockDetail.name, api: stockDetail.api, op: 'remove', clientId: lineId })
  return 'removed'
}

export interface CountRef {
  id: string
  version?: unknown
}

/**
 * Finishes a count: an update of the count (countStatus 1) on the version this device last saw,
 * sent only after this device's queued line writes of the count are confirmed (dependsOn: the
 * replay waits for every earlier row of those ids, undos included), so every line counted or undone
 * here lands before the server closes the count.
 */
export async function finishCount(
  count: CountRef,
  shownLineIds: Iterable<string>,
): Promise<OutboxRow> {
  const dependsOn = finishDependencies(
    count.id,
    await withDb(() => ownRowsOf(stockDetail.name)),
    shownLineIds,
  )
  return enqueue({
    entity: stockTaking.name,
    api: stockTaking.api,
    op: 'update',
    clientId: count.id,
    payload: { countStatus: COUNT_FINISHED },
    baseVersion: versionOf(count),
    dependsOn,
  })
}

/** A queued write the server has not applied: never sent, or answered without effect (rejected, conflict, login needed). */
const unapplied = (r: OutboxRow) =>
  r.state !== 'sending' &&
  (r.attempts === 0 || r.state === 'rejected' || r.state === 'conflict' || r.state === 'needs-auth')

/**
 * Reopens a count. A finish of this device the server has not applied is simply dropped (checked
 * and deleted in one transaction, like undo); that is all when the server has the count counting.
 * Otherwise the reopen is queued as a `submit` of the count's id with its version, which the
 * server takes as an update (docs/offline.md R5): the replay holds a row back until the submits of the ids it
 * references are confirmed, so lines counted after the reopen (they reference the count) wait for
 * it instead of racing it to a count still finished.
 */
export async function reopenCount(
  count: CountRef,
  finishedOnServer: boolean,
): Promise<'discarded' | 'queued'> {
  const owner = ownerOf()
  const discarded = await withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const rows = (
        await db.outbox
          .where('[entity+clientId]')
          .equals([stockTaking.name, count.id])
          .sortBy('seq')
      ).filter((r) => owns(owner, r))
      const last = rows.at(-1)
      if (
        !last ||
        last.op !== 'update' ||
        last.payload.countStatus !== COUNT_FINISHED ||
        Object.keys(last.payload).length !== 1 ||
        !unapplied(last)
      )
        return false
      await db.outbox.delete(last.key)
      return true
    }),
  )
  if (discarded && !finishedOnServer) return 'discarded'
  await enqueue({
    entity: stockTaking.name,
    api: stockTaking.api,
    op: 'submit',
    clientId: count.id,
    payload: { countStatus: COUNT_COUNTING },
    baseVersion: versionOf(count),
  })
  return 'queued'
}
