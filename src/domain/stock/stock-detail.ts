// A stock count line (盘点明细). Lines are append-only per device: each is its own record with a
// client-made id, so two tablets counting one count never overwrite each other; "undo" is a soft
// delete. The list screen is read-only, but whoever may add or edit stock counts writes lines.
// skuUnknown marks a line whose SKU was no product when it was stored (set by the server).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const stockDetail = defineEntity({
  name: 'stockDetail',
  title: msg`盘点明细`,
  api: '/stockDetail',
  table: 'dmr_stock_detail',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'stock_detail',
  writePermission: 'stock_taking',
  layout: { readOnly: true, menu: false, add: false, edit: false, view: false, del: false },
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
      name: 'dmrStockId',
      label: msg`盘点批次`,
      type: 'id',
      required: msg`请选择盘点批次`,
      list: false,
      search: 'equal',
      options: { kind: 'select', url: '/stockTaking/select', label: 'checkDate', value: 'id' },
    },
    {
      name: 'skuNo',
      label: msg`SKU编号`,
      type: 'string',
      required: msg`SKU编号不能为空`,
      maxLength: 64,
      search: 'like',
    },
    { name: 'productStyleNo', label: msg`款号`, type: 'string', maxLength: 64, search: 'like' },
    {
      name: 'productQuantity',
      label: msg`数量`,
      type: 'integer',
      required: msg`数量不能为空`,
      min: 0,
      max: 1000000,
    },
    {
      name: 'skuUnknown',
      label: msg`未知SKU`,
      type: 'boolean',
      readOnly: true,
      form: false,
      list: 'hidden',
      width: 90,
    },
    { name: 'warehousePosition', label: msg`库位`, type: 'string', maxLength: 64, search: 'like' },
    {
      name: 'deviceId',
      label: msg`设备`,
      type: 'string',
      maxLength: 64,
      list: false,
      search: 'equal',
    },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
