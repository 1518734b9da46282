// A stock count (盘点): one counting session of a brand on a date. Its total is the sum of its
// lines' quantities, kept by the server in the same transaction as every line write.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const stockTaking = defineEntity({
  name: 'stockTaking',
  title: msg`库存盘点`,
  api: '/stockTaking',
  table: 'dmr_stock_taking',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'stock_taking',
  defaultSort: [{ field: 'checkDate', dir: 'desc' }],
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'checkDate', label: msg`盘点日期`, type: 'date', required: msg`请选择盘点日期`, search: 'between', sortable: true },
    { name: 'brandId', label: msg`品牌`, type: 'string', required: msg`请选择品牌`, maxLength: 64, options: { kind: 'dictBizChild', code: 'brand', size: 20 }, search: 'equal' },
    { name: 'stockTotal', label: msg`盘点总数`, type: 'integer', readOnly: true, form: false },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
