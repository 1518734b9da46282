// A TikTok Shop order line (TK订单, docs/product.md §3): one row per order and SKU, as TikTok Shop
// Seller Center exports them. Rows come mostly from importing that export (key orderId + skuId, so
// the same file twice changes nothing and a newer file updates the rows it carries); the monthly
// summary (server/modules/tk-order) is computed from them. Money is in đồng.
import { msg } from '@lingui/core/runtime-macro'
import type { FieldDef } from '../entity.ts'
import { defineEntity } from '../entity.ts'

type Label = FieldDef['label']

/** A money column of the export, shown as ₫. */
const money = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'number',
  min: -10000000000,
  max: 10000000000,
  format: 'vnd',
  example: 150000,
})

/** cancelBy values of the export (matched case-insensitively). */
export const CANCEL_BY = ['User', 'Seller', 'System'] as const
/** cancelRefundType of a refunded order, and orderSubstatus of a failed delivery (case-insensitive). */
export const REFUND_TYPE = 'Return/Refund'
export const DELIVERY_FAILED_SUBSTATUS = 'Delivery failed'
/** orderStatus of a completed order (case-insensitive). */
export const COMPLETED_STATUS = 'Completed'
/** cancelRefundType of a cancelled order (case-insensitive). */
const CANCEL_TYPE = 'Cancel'
/** The searchable return types (`returnType` filter of the list, docs/product.md §3). */
export type TkReturnType = 'Cancel' | 'Return/Refund' | 'deliveredFailure'

/**
 * The returnType of a line, kept by the server in its own indexed column so the list filter is an
 * index equality at a million rows: deliveredFailure when orderSubstatus is 'Delivery failed' (such
 * orders are often also of type Cancel: the failed delivery is the finer fact), else Cancel or
 * Return/Refund from cancelRefundType, all case-insensitive; null for none of them.
 */
export function returnTypeOf(line: {
  cancelRefundType?: unknown
  orderSubstatus?: unknown
}): TkReturnType | null {
  const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '')
  if (lower(line.orderSubstatus) === DELIVERY_FAILED_SUBSTATUS.toLowerCase())
    return 'deliveredFailure'
  const type = lower(line.cancelRefundType)
  if (type === CANCEL_TYPE.toLowerCase()) return 'Cancel'
  if (type === REFUND_TYPE.toLowerCase()) return 'Return/Refund'
  return null
}

export const tkOrder = defineEntity({
  name: 'tkOrder',
  title: msg`TK订单`,
  api: '/tkOrder/tkOrder',
  table: 'dmr_tk_order',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['orderId', 'skuId']],
  permission: 'tk_order',
  defaultSort: [{ field: 'orderCreateTime', dir: 'desc' }],
  fields: [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'orderCreateTime',
      label: msg`下单时间`,
      type: 'datetime',
      required: msg`请选择下单时间`,
      search: 'between',
      sortable: true,
      width: 170,
    },
    {
      name: 'orderId',
      label: msg`订单号`,
      type: 'string',
      required: msg`订单号不能为空`,
      maxLength: 32,
      search: 'equal',
      width: 180,
    },
    { name: 'buyerUser', label: msg`买家`, type: 'string', maxLength: 100, search: 'like' },
    { name: 'province', label: msg`省份`, type: 'string', maxLength: 100 },
    { name: 'orderStatus', label: msg`订单状态`, type: 'string', maxLength: 64, search: 'equal' },
    { name: 'orderSubstatus', label: msg`订单子状态`, type: 'string', maxLength: 64 },
    { name: 'cancelRefundType', label: msg`取消/退货类型`, type: 'string', maxLength: 64 },
    // The returnType search (docs/product.md §3): kept by the server from cancelRefundType and
    // orderSubstatus (returnTypeOf).
    {
      name: 'returnType',
      label: msg`退货类型`,
      type: 'string',
      readOnly: true,
      form: false,
      list: false,
      search: 'equal',
      options: {
        kind: 'static',
        options: [
          { value: 'Cancel', label: msg`取消` },
          { value: 'Return/Refund', label: msg`退货/退款` },
          { value: 'deliveredFailure', label: msg`配送失败` },
        ],
      },
    },
    // Beside the export's fields (docs/product.md §3 "Products and orders"): the monthly summary's
    // cancelled-by totals need the export's Cancel By.
    { name: 'cancelBy', label: msg`取消方`, type: 'string', maxLength: 32, list: false },
    {
      name: 'skuId',
      label: msg`SKU ID`,
      type: 'string',
      required: msg`SKU ID不能为空`,
      maxLength: 32,
      search: 'equal',
    },
    {
      name: 'skuName',
      label: msg`商品名称`,
      type: 'string',
      maxLength: 500,
      search: 'like',
      width: 220,
    },
    { name: 'quantity', label: msg`数量`, type: 'integer', min: 0, max: 1000000, example: 1 },
    money('originalPrice', msg`原价`),
    money('subtotalBeforeDiscountPrice', msg`折前小计`),
    money('tkDiscount', msg`平台折扣`),
    money('sellerDiscount', msg`卖家折扣`),
    money('subtotalAfter', msg`折后小计`),
    money('shippingFeeAfterDiscount', msg`折后运费`),
    money('originalShippingFee', msg`原运费`),
    money('platformShippingDiscount', msg`平台运费折扣`),
    money('orderAmount', msg`订单金额`),
    money('orderRefundAmount', msg`退款金额`),
    { name: 'paymentMethod', label: msg`支付方式`, type: 'string', maxLength: 64 },
    // yyyy-MM of orderCreateTime, kept by the server: the monthly summary groups by it (indexed).
    {
      name: 'orderYearMonth',
      label: msg`订单月份`,
      type: 'month',
      readOnly: true,
      form: false,
      list: false,
    },
    {
      name: 'orderImportDate',
      label: msg`导入时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      width: 170,
    },
  ],
  import: {
    key: ['orderId', 'skuId'],
    stamp: 'orderImportDate',
    columns: [
      { field: 'orderId', headers: ['Order ID', '订单号'], required: true },
      { field: 'orderStatus', headers: ['Order Status', '订单状态'] },
      { field: 'orderSubstatus', headers: ['Order Substatus', '订单子状态'] },
      {
        field: 'cancelRefundType',
        headers: ['Cancelation/Return Type', 'Cancellation/Return Type', '取消/退货类型'],
      },
      { field: 'cancelBy', headers: ['Cancel By', '取消方'] },
      { field: 'skuId', headers: ['SKU ID', 'SKU ID'], required: true },
      { field: 'skuName', headers: ['Product Name', '商品名称'] },
      { field: 'quantity', headers: ['Quantity', '数量'] },
      { field: 'originalPrice', headers: ['SKU Unit Original Price', '原价'] },
      {
        field: 'subtotalBeforeDiscountPrice',
        headers: ['SKU Subtotal Before Discount', '折前小计'],
      },
      { field: 'tkDiscount', headers: ['SKU Platform Discount', '平台折扣'] },
      { field: 'sellerDiscount', headers: ['SKU Seller Discount', '卖家折扣'] },
      { field: 'subtotalAfter', headers: ['SKU Subtotal After Discount', '折后小计'] },
      { field: 'shippingFeeAfterDiscount', headers: ['Shipping Fee After Discount', '折后运费'] },
      { field: 'originalShippingFee', headers: ['Original Shipping Fee', '原运费'] },
      {
        field: 'platformShippingDiscount',
        headers: ['Shipping Fee Platform Discount', '平台运费折扣'],
      },
      { field: 'orderAmount', headers: ['Order Amount', '订单金额'] },
      { field: 'orderRefundAmount', headers: ['Order Refund Amount', '退款金额'] },
      { field: 'orderCreateTime', headers: ['Created Time', '下单时间'], required: true },
      { field: 'buyerUser', headers: ['Buyer Username', '买家'] },
      { field: 'province', headers: ['Province', '省份'] },
      { field: 'paymentMethod', headers: ['Payment Method', '支付方式'] },
    ],
  },
})
