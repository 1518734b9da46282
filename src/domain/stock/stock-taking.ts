// A stock count (盘点): one counting session of a brand on a date. Its total is the sum of its
// lines' quantities, kept by the server in the same transaction as every line write.
//
// Its state is `countStatus` (0 counting, 1 finished), a compatible extension of the Blade record:
// the BaseEntity column `status` already exists on every base table (default 1, "enabled" in Blade's
// sense, written by generic clients), so reusing it would make every existing count look finished
// and let a plain Blade client finish a count by accident. A client that never sends countStatus
// leaves it unchanged; the server stamps finishTime when a count is finished.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const COUNT_COUNTING = 0
export const COUNT_FINISHED = 1

/** The server's refusal of a line write on a finished count; the count screen shows the same text. */
export const countFinishedMessage = msg`盘点已完成，不能再修改明细`

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
      name: 'checkDate',
      label: msg`盘点日期`,
      type: 'date',
      required: msg`请选择盘点日期`,
      search: 'between',
      sortable: true,
    },
    {
      name: 'brandId',
      label: msg`品牌`,
      type: 'string',
      required: msg`请选择品牌`,
      maxLength: 64,
      options: { kind: 'dictBizChild', code: 'brand', size: 20 },
      search: 'equal',
    },
    { name: 'stockTotal', label: msg`盘点总数`, type: 'integer', readOnly: true, form: false },
    {
      name: 'countStatus',
      label: msg`盘点状态`,
      type: 'integer',
      // A new count is always counting; finishing and reopening are edits (they need the edit button).
      form: 'edit',
      defaultValue: COUNT_COUNTING,
      search: 'equal',
      options: {
        kind: 'static',
        options: [
          { value: COUNT_COUNTING, label: msg`盘点中` },
          { value: COUNT_FINISHED, label: msg`已完成` },
        ],
      },
    },
    { name: 'finishTime', label: msg`完成时间`, type: 'datetime', readOnly: true, form: false },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
