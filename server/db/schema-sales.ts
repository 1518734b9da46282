// Kysely types of the TK order and gift detail tables of migration 013 (merged into DB in schema.ts).
import type { Generated } from 'kysely'
import type { BaseColumns } from './schema-base.ts'

interface Versioned {
  tenantId: Generated<string>
  version: Generated<number>
}

export interface TkOrderTable extends BaseColumns, Versioned {
  id: string
  orderCreateTime: string
  /** yyyy-MM of orderCreateTime, kept by the server. */
  orderYearMonth: string
  orderId: string
  buyerUser: string | null
  province: string | null
  orderStatus: string | null
  orderSubstatus: string | null
  cancelRefundType: string | null
  /** Cancel, Return/Refund or deliveredFailure, kept by the server (migration 016). */
  returnType: string | null
  cancelBy: string | null
  skuId: string
  skuName: string | null
  quantity: number | null
  originalPrice: number | null
  subtotalBeforeDiscountPrice: number | null
  tkDiscount: number | null
  sellerDiscount: number | null
  subtotalAfter: number | null
  shippingFeeAfterDiscount: number | null
  originalShippingFee: number | null
  platformShippingDiscount: number | null
  orderAmount: number | null
  orderRefundAmount: number | null
  paymentMethod: string | null
  orderImportDate: string | null
}

export interface GiftDetailTable extends BaseColumns, Versioned {
  id: string
  sendGiftTime: string
  userId: string
  userNickName: string | null
  plartformAccount: string | null
  liveId: string
  anchorId: string | null
  anchorName: string | null
  giftName: string
  giftPrice: Generated<number>
  giftQuantity: Generated<number>
  beforeBalance: number | null
  afterBalance: number | null
}

/** The TK order monthly summary kept per tenant and month (migration 016, modules/tk-order). */
export interface TkOrderMonthTable {
  tenantId: Generated<string>
  orderYearMonth: string
  orderTotal: Generated<number>
  completedTotal: Generated<number>
  refundTotal: Generated<number>
  deliveryFailedTotal: Generated<number>
  cancelByUserTotal: Generated<number>
  cancelBySellerTotal: Generated<number>
  cancelBySystemTotal: Generated<number>
  orderAmount: Generated<number>
  completedAmount: Generated<number>
  refundAmount: Generated<number>
  deliveryFailedAmount: Generated<number>
  cancelByUserAmount: Generated<number>
  cancelBySellerAmount: Generated<number>
  cancelBySystemAmount: Generated<number>
}

export interface SalesTables {
  dmrTkOrder: TkOrderTable
  dmrTkOrderMonth: TkOrderMonthTable
  dmrGiftDetail: GiftDetailTable
}
