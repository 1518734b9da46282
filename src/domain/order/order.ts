// Our shop's own orders (订单列表, /api/dmrOrder): the buyer, the channel and status from business
// dictionaries, and the item lines (`items`: a SKU picked from the products, its name and unit
// price filled from the product, a quantity). The server (server/modules/order) keeps what a
// declaration cannot say: orderNo unique per tenant (made by the server when left empty, order-no.ts), each line's amount = quantity × unitPrice and
// orderAmount = Σ amounts + shippingFee − discount (never taken from the request), and the lines
// as rows of dmr_order_item (the "what sold" list reads them).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'

/** The most lines one order holds. */
const MAX_ORDER_ITEMS = 200
/** Money bounds (đồng): a line, a fee, a discount. */
const MAX_MONEY = 10_000_000_000
const MAX_QUANTITY = 100_000

/** Fields of each item line; `amount` is the server's. */
export const ORDER_ITEM_FIELDS: FieldDef[] = [
  {
    name: 'skuNo',
    label: msg`SKU编号`,
    type: 'string',
    required: msg`请选择商品SKU`,
    maxLength: 64,
    width: 220,
    options: { kind: 'select', url: '/dmrOrder/product-select', label: 'label', value: 'skuNo' },
  },
  { name: 'name', label: msg`商品名称`, type: 'string', maxLength: 200, width: 200 },
  {
    name: 'quantity',
    label: msg`数量`,
    type: 'integer',
    required: msg`数量不能为空`,
    min: 1,
    max: MAX_QUANTITY,
    example: 2,
    width: 100,
  },
  {
    name: 'unitPrice',
    label: msg`单价`,
    type: 'number',
    required: msg`单价不能为空`,
    min: 0,
    max: MAX_MONEY,
    format: 'vnd',
    example: 150000,
    width: 140,
  },
  { name: 'amount', label: msg`金额`, type: 'number', readOnly: true, format: 'vnd', width: 140 },
]

export const order = defineEntity({
  name: 'order',
  title: msg`订单`,
  api: '/dmrOrder',
  table: 'dmr_order',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['orderNo']],
  permission: 'order',
  defaultSort: [{ field: 'orderTime', dir: 'desc' }],
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
      name: 'orderNo',
      label: msg`订单号`,
      type: 'string',
      maxLength: 64,
      search: 'like',
      sortable: true,
      width: 170,
    },
    {
      name: 'orderTime',
      label: msg`下单时间`,
      type: 'datetime',
      required: msg`请选择下单时间`,
      search: 'between',
      sortable: true,
      width: 170,
      example: '2026-03-08 10:30:00',
    },
    {
      name: 'channel',
      label: msg`渠道`,
      type: 'string',
      required: msg`请选择渠道`,
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'order_channel' },
      search: 'equal',
    },
    {
      name: 'orderStatus',
      label: msg`订单状态`,
      type: 'string',
      required: msg`请选择订单状态`,
      maxLength: 64,
      options: { kind: 'dictBiz', code: 'order_status' },
      defaultValue: 'pending_payment',
      search: 'equal',
    },
    { name: 'buyerName', label: msg`买家姓名`, type: 'string', maxLength: 100, search: 'like' },
    {
      name: 'buyerPhone',
      label: msg`买家电话`,
      type: 'string',
      maxLength: 20,
      pattern: { regex: '^\\+?[0-9 .-]{6,20}$', message: msg`请输入正确的电话号码` },
      example: '0901234567',
    },
    {
      name: 'province',
      label: msg`省份`,
      type: 'string',
      maxLength: 100,
      options: {
        kind: 'select',
        url: '/dmrOrder/province-select',
        label: 'name',
        value: 'provinceName',
      },
      search: 'equal',
    },
    { name: 'address', label: msg`地址`, type: 'string', maxLength: 500, list: false, span: 24 },
    {
      name: 'items',
      label: msg`商品明细`,
      type: 'rows',
      required: msg`请至少添加一条商品明细`,
      max: MAX_ORDER_ITEMS,
      // Rows of dmr_order_item (server/modules/order), not a column of the order.
      external: true,
      list: false,
      span: 24,
      rows: ORDER_ITEM_FIELDS,
    },
    {
      name: 'shippingFee',
      label: msg`运费`,
      type: 'number',
      min: 0,
      max: MAX_MONEY,
      format: 'vnd',
      defaultValue: 0,
      example: 30000,
    },
    {
      name: 'discount',
      label: msg`优惠`,
      type: 'number',
      min: 0,
      max: MAX_MONEY,
      format: 'vnd',
      defaultValue: 0,
      example: 20000,
    },
    {
      name: 'orderAmount',
      label: msg`订单金额`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
      width: 140,
    },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 500, list: false, span: 24 },
    {
      name: 'createTime',
      label: msg`创建时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      list: false,
    },
  ],
})
