// The lines of one stock count as the tablet sees them (server lines merged with the outbox, docs/offline.md R24)
// and their running totals. Pure: the hook in use-count-lines.ts feeds it.
import type { OutboxRow } from '@/offline/db'
import { mergePending, type WithPending } from '@/offline/merge-pending'

export interface CountLine extends Record<string, unknown> {
  id: string
  dmrStockId: string
  skuNo: string
  productQuantity: number
  warehousePosition?: string | null
  deviceId?: string | null
  createTime?: string | null
  /** The SKU was no product when counted (the device's mark while queued, the server's once stored). */
  skuUnknown?: boolean | null
}

export type ShownLine = WithPending<CountLine>

/** The outbox rows that belong to this count: its line creates, and later writes of those lines. */
export function rowsOfCount(
  countId: string,
  rows: readonly OutboxRow[],
  serverIds: ReadonlySet<string>,
): OutboxRow[] {
  const mine = new Set(rows.filter((r) => r.payload.dmrStockId === countId).map((r) => r.clientId))
  return rows.filter((r) => mine.has(r.clientId) || serverIds.has(r.clientId))
}

/** Decimal ids compared as numbers without losing digits. */
const byId = (a: string, b: string) => a.length - b.length || a.localeCompare(b)

/** Newest first: queued lines (newest first), then the server's (newest first). */
export function mergeLines(
  countId: string,
  server: readonly CountLine[],
  rows: readonly OutboxRow[],
): ShownLine[] {
  const sorted = [...server].sort(
    (a, b) =>
      String(b.createTime ?? '').localeCompare(String(a.createTime ?? '')) || byId(b.id, a.id),
  )
  const own = rowsOfCount(countId, rows, new Set(sorted.map((l) => l.id)))
  return mergePending(sorted, own).map((l) => ({
    ...l,
    productQuantity: Number(l.productQuantity ?? 0),
  }))
}

export interface CountTotals {
  lines: number
  quantity: number
  /** Per SKU, by SKU. */
  perSku: { skuNo: string; quantity: number; lines: number }[]
}

export function totalsOf(lines: readonly CountLine[]): CountTotals {
  const per = new Map<string, { quantity: number; lines: number }>()
  let quantity = 0
  for (const l of lines) {
    quantity += l.productQuantity
    const s = per.get(l.skuNo) ?? { quantity: 0, lines: 0 }
    per.set(l.skuNo, { quantity: s.quantity + l.productQuantity, lines: s.lines + 1 })
  }
  const perSku = [...per.entries()]
    .map(([skuNo, s]) => ({ skuNo, ...s }))
    .sort((a, b) => a.skuNo.localeCompare(b.skuNo))
  return { lines: lines.length, quantity, perSku }
}

/** The line "undo" takes back: the newest one counted on this device. */
export function lastOwnLine(lines: readonly ShownLine[], device: string): ShownLine | undefined {
  return lines.find((l) => l.deviceId === device)
}
