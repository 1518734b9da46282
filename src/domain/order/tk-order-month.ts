// The TK order monthly summary (TK订单月度汇总, docs/product.md §3 "Order monthly summary", §9): one row
// per orderYearMonth of the caller's tenant, computed from the TK orders by the server
// (GET /api/tkOrder/tkOrder/month-summary/list|page|export, server/modules/tk-order). Read-only.
// An ORDER is an orderId: its SKU lines count once, and its amount is its Order Amount once (the
// largest of its lines' orderAmount: TikTok's export repeats the order's amount on every line).
import { msg } from '@lingui/core/runtime-macro'
import type { FieldDef } from '../entity.ts'
import { defineEntity } from '../entity.ts'

type Label = FieldDef['label']

const count = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'integer',
  width: 110,
})
const amount = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'number',
  format: 'vnd',
  width: 150,
})
const rate = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'number',
  format: 'percent2',
  width: 120,
  stored: false,
})

/** The summary's rates (percent, two decimals; null where the divisor is zero). */
export const RATE_FIELDS = ['returnRate', 'preSaleRefundRate', 'afterSaleRefundRate'] as const

export const tkOrderMonth = defineEntity({
  name: 'tkOrderMonth',
  title: msg`TK订单月度汇总`,
  api: '/tkOrder/tkOrder/month-summary',
  table: 'dmr_tk_order_month',
  tenant: true,
  base: false,
  softDelete: false,
  permission: 'tk_order_month',
  custom: true,
  key: 'orderYearMonth',
  defaultSort: [{ field: 'orderYearMonth', dir: 'desc' }],
  layout: {
    readOnly: true,
    menu: false,
    add: false,
    edit: false,
    view: false,
    del: false,
    selection: false,
  },
  fields: [
    { name: 'orderYearMonth', label: msg`订单月份`, type: 'month', search: 'between', width: 110 },
    count('orderTotal', msg`订单数`),
    amount('orderAmount', msg`订单金额`),
    count('completedTotal', msg`完成订单数`),
    amount('completedAmount', msg`完成金额`),
    count('refundTotal', msg`退货退款订单数`),
    amount('refundAmount', msg`退货退款金额`),
    count('deliveryFailedTotal', msg`配送失败订单数`),
    amount('deliveryFailedAmount', msg`配送失败金额`),
    count('cancelByUserTotal', msg`买家取消订单数`),
    amount('cancelByUserAmount', msg`买家取消金额`),
    count('cancelBySellerTotal', msg`卖家取消订单数`),
    amount('cancelBySellerAmount', msg`卖家取消金额`),
    count('cancelBySystemTotal', msg`系统取消订单数`),
    amount('cancelBySystemAmount', msg`系统取消金额`),
    rate('returnRate', msg`退货率`),
    rate('preSaleRefundRate', msg`售前退款率`),
    rate('afterSaleRefundRate', msg`售后退款率`),
  ],
})
