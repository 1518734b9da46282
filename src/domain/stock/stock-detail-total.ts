// Stock detail totals (库存明细汇总): quantities of the live lines of live counts, summed per SKU by
// the server (GET /api/stockDetail/total/list). Read-only; written by nobody.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const stockDetailTotal = defineEntity({
  name: 'stockDetailTotal',
  title: msg`库存明细汇总`,
  api: '/stockDetail/total',
  table: 'dmr_stock_detail',
  tenant: true,
  base: false,
  softDelete: true,
  permission: 'stock_detail_total',
  custom: true,
  key: 'skuNo',
  layout: { readOnly: true, menu: false, add: false, edit: false, view: false, del: false },
  fields: [
    { name: 'skuNo', label: msg`SKU编号`, type: 'string', search: 'like' },
    {
      name: 'dmrStockId',
      label: msg`盘点批次`,
      type: 'id',
      list: false,
      search: 'equal',
      options: { kind: 'select', url: '/stockTaking/select', label: 'checkDate', value: 'id' },
    },
    { name: 'productQuantity', label: msg`数量`, type: 'integer' },
  ],
})
