// Kysely types of our own orders, their lines, fee options and TK fees (migration 015; merged into
// DB in schema.ts).
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

interface Versioned {
  tenantId: Generated<string>
  version: Generated<number>
}

export interface OrderTable extends BaseColumns, Versioned {
  id: string
  orderNo: string
  orderTime: string
  channel: string | null
  orderStatus: string | null
  buyerName: string | null
  buyerPhone: string | null
  province: string | null
  address: string | null
  shippingFee: Generated<number>
  discount: Generated<number>
  /** Σ line amounts + shippingFee − discount, kept by the server. */
  orderAmount: Generated<number>
  remark: string | null
}

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

export interface FeeOptionTable extends BaseColumns, Versioned {
  id: string
  feeOptionEn: string | null
  feeOprionCn: string | null
  feeExplanEn: string | null
  feeExplanCn: string | null
  feeFormulaEn: string | null
  feeFormulaCn: string | null
}

export interface TkFeeTable extends BaseColumns, Versioned {
  id: string
  feeMonth: string
  feeOptionId: string
  orderId: string | null
  feeAmount: number
  remark: string | null
}

export interface OrderTables {
  dmrOrder: OrderTable
  dmrOrderItem: OrderItemTable
  dmrFeeOption: FeeOptionTable
  dmrTkFee: TkFeeTable
}
