// The order export's second sheet: the item lines of the exported orders (order number, SKU, name,
// quantity, unit price, amount), in the orders' order and each order's line order. The order ids
// come from the export's scoped read, so the lines need no tenant check of their own.
import { sourceText } from '../../../src/domain/messages.ts'
import { order, ORDER_ITEM_FIELDS } from '../../../src/domain/order/order.ts'
import type { CrudOptions } from '../../crud/options.ts'
import type { Row } from '../../crud/table.ts'
import type { Cell } from '../../core/xlsx.ts'

const ITEMS_SHEET = '商品明细'

export const orderItemsSheet: NonNullable<CrudOptions['exportSheets']> = async ({ ctx, rows }) => {
  const orderIds = rows.map((r) => String(r.id))
  const byOrder = new Map<string, Row[]>()
  for (let i = 0; i < orderIds.length; i += 500) {
    const lines = await ctx.db
      .selectFrom('dmrOrderItem')
      .select(['orderId', 'lineNo', 'skuNo', 'name', 'quantity', 'unitPrice', 'amount'])
      .where('orderId', 'in', orderIds.slice(i, i + 500))
      .orderBy('orderId')
      .orderBy('lineNo')
      .execute()
    for (const l of lines)
      byOrder.set(String(l.orderId), [...(byOrder.get(String(l.orderId)) ?? []), l])
  }
  const out: Cell[][] = []
  for (const r of rows) {
    for (const l of byOrder.get(String(r.id)) ?? [])
      out.push([
        String(r.orderNo ?? ''),
        String(l.skuNo),
        String(l.name ?? ''),
        Number(l.quantity),
        Number(l.unitPrice),
        Number(l.amount),
      ])
  }
  const labels = ORDER_ITEM_FIELDS.map((f) => sourceText(f.label))
  return [
    {
      name: ITEMS_SHEET,
      header: [sourceText(order.fields.find((f) => f.name === 'orderNo')!.label), ...labels],
      rows: out,
    },
  ]
}
