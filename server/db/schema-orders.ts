// Kysely type of an order's lines (migration 015), which no entity declares: the order module
// writes them (merged into DB in schema.ts).
import type { Generated } from 'kysely'

/** One line of an order; tenant, number and time copied from the order for the "what sold" list. */
export interface OrderItemTable {
  id: string
  tenantId: Generated<string>
  orderId: string
  orderNo: string
  orderTime: string
  lineNo: number
  skuNo: string
  name: string | null
  quantity: number
  unitPrice: number
  amount: number
}

export interface OrderTables {
  dmrOrderItem: OrderItemTable
}
