// Every write of the counting screen goes through the outbox (offline.md R1): online or not, the
// row is on disk before the screen says "saved on device", and the sync engine sends it.
import { stockDetail } from '@/domain/stock/stock-detail'
import { stockTaking } from '@/domain/stock/stock-taking'
import { db, withDb, type OutboxRow } from '@/offline/db'
import { enqueue } from '@/offline/outbox'
import { deviceId } from '../device-id'

export interface NewCount {
  checkDate: string
  brandId: string
}

/** Starts a count; its id is made on the device, so lines can reference it before it reaches the server. */
export async function startCount(count: NewCount): Promise<string> {
  const row = await enqueue({ entity: stockTaking.name, api: stockTaking.api, op: 'submit', payload: { ...count } })
  return row.clientId
}

export interface NewLine {
  skuNo: string
  productQuantity: number
  warehousePosition: string
}

/** One append-only line of the count (R10), stamped with this device; waits for the count's own create. */
export async function addLine(countId: string, line: NewLine): Promise<OutboxRow> {
  const payload = { dmrStockId: countId, skuNo: line.skuNo, productQuantity: line.productQuantity, warehousePosition: line.warehousePosition, deviceId: deviceId() }
  return enqueue({ entity: stockDetail.name, api: stockDetail.api, op: 'submit', payload, dependsOn: [countId] })
}

/**
 * Takes a line back. A create never sent is dropped from the outbox (checked and deleted in one
 * transaction, so the replay cannot pick it up in between); a line that may have reached the server
 * (sent, or tried once with no answer) is removed through the outbox after its create.
 */
export async function undoLine(lineId: string): Promise<'discarded' | 'removed'> {
  const discarded = await withDb(() =>
    db.transaction('rw', db.outbox, async () => {
      const rows = await db.outbox.where('[entity+clientId]').equals([stockDetail.name, lineId]).toArray()
      const [only] = rows
      if (rows.length !== 1 || only!.op !== 'submit' || only!.state === 'sending' || only!.attempts > 0) return false
      await db.outbox.delete(only!.key)
      return true
    }),
  )
  if (discarded) return 'discarded'
  await enqueue({ entity: stockDetail.name, api: stockDetail.api, op: 'remove', clientId: lineId })
  return 'removed'
}
