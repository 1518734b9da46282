// A reconciliation statement (对账单, docs/product.md §3): a date and the totals of its details in
// đồng — income, expense and balance = income − expense — kept by the server in the transaction of
// every detail write (server/modules/reconciliation), never taken from a request. Its view lists
// the details with the totals (src/features/reconciliation). View on, menu width 300
// (docs/product.md §2).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const reconciliationStatement = defineEntity({
  name: 'reconciliationStatement',
  title: msg`对账单`,
  api: '/reconciliation/reconciliationStatement',
  table: 'dmr_reconciliation_statement',
  tenant: true,
  base: false,
  softDelete: true,
  unique: [['statementDate']],
  permission: 'reconciliation_statement',
  defaultSort: [{ field: 'statementDate', dir: 'desc' }],
  layout: { view: true, menuWidth: 300 },
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
      name: 'statementDate',
      label: msg`对账日期`,
      type: 'date',
      required: msg`请选择对账日期`,
      search: 'between',
      sortable: true,
      example: '2026-01-31',
      width: 140,
    },
    {
      name: 'totalIncomeVnd',
      label: msg`收入合计`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
    },
    {
      name: 'totalExpenseVnd',
      label: msg`支出合计`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
    },
    {
      name: 'balanceVnd',
      label: msg`结余`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
    },
    {
      name: 'createdAt',
      label: msg`创建时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      list: false,
    },
    {
      name: 'updatedAt',
      label: msg`更新时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      list: false,
    },
  ],
})
