// A reconciliation detail (对账明细, docs/product.md §3): one income or expense of a statement, in VND,
// USD or CNY. The server keeps amountVnd = ⌊amount × exchangeRate⌋ (VND at the fixed rate 1) and
// its statement's totals in the same transaction (server/modules/reconciliation). Bank statement
// lines come in through the import of bank-line.ts, under this API.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity, type FieldDef } from '../entity.ts'
import { decimalPattern } from '../floor-money.ts'
import { reconciliationStatement } from './reconciliation-statement.ts'
import { CURRENCIES, MAX_AMOUNT, MAX_EXCHANGE_RATE } from './reconciliation-money.ts'

// The ISO codes people read on bank statements, short enough for a narrow column.
const CURRENCY_LABELS = { VND: msg`VND`, USD: msg`USD`, CNY: msg`CNY` }

/** The currency choice, shared with the bank line import. */
export const CURRENCY_FIELD: FieldDef = {
  name: 'currency',
  label: msg`币种`,
  type: 'string',
  required: msg`请选择币种`,
  options: {
    kind: 'static',
    options: CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] })),
  },
  defaultValue: 'VND',
  // A sample in a foreign currency, so the generated cases meet the exchange rate too.
  example: 'USD',
  search: 'equal',
  width: 110,
}

/** Đồng per unit of the currency; asked only for USD and CNY (VND is 1). */
export const EXCHANGE_RATE_FIELD: FieldDef = {
  name: 'exchangeRate',
  label: msg`汇率`,
  type: 'number',
  required: msg`请输入汇率`,
  min: 0.0001,
  max: MAX_EXCHANGE_RATE,
  pattern: { regex: decimalPattern(4), message: msg`汇率最多保留4位小数` },
  visibleWhen: { field: 'currency', equals: ['USD', 'CNY'] },
  example: 25450.5,
  width: 110,
}

export const reconciliationDetail = defineEntity({
  name: 'reconciliationDetail',
  title: msg`对账明细`,
  api: '/reconciliation/reconciliationDetail',
  table: 'dmr_reconciliation_detail',
  tenant: true,
  base: false,
  softDelete: true,
  permission: 'reconciliation_detail',
  defaultSort: [{ field: 'transactionDate', dir: 'desc' }],
  fields: [
    { name: 'id', label: msg`编号`, type: 'id', list: false, form: false, readOnly: true },
    {
      name: 'statementId',
      label: msg`对账单`,
      type: 'id',
      required: msg`请选择对账单`,
      search: 'equal',
      options: {
        kind: 'select',
        url: `${reconciliationStatement.api}/select`,
        label: 'statementDate',
        value: 'id',
      },
      width: 130,
    },
    {
      name: 'transactionDate',
      label: msg`交易日期`,
      type: 'date',
      required: msg`请选择交易日期`,
      search: 'between',
      sortable: true,
      width: 120,
    },
    { name: 'recordDate', label: msg`记账日期`, type: 'date', sortable: true, width: 120 },
    {
      name: 'category',
      label: msg`收支类别`,
      type: 'integer',
      required: msg`请选择收支类别`,
      options: { kind: 'dictBiz', code: 'reconciliation_category' },
      // Totals sum income (1) and expense (2): no other key may be stored, whatever the dictionary holds.
      pattern: { regex: '^[12]$', message: msg`收支类别只能是收入或支出` },
      search: 'equal',
      width: 100,
    },
    {
      name: 'source',
      label: msg`来源`,
      type: 'string',
      required: msg`请选择来源`,
      maxLength: 32,
      options: { kind: 'dictBiz', code: 'reconciliation_source' },
      search: 'equal',
      width: 140,
    },
    CURRENCY_FIELD,
    {
      name: 'amount',
      label: msg`金额`,
      type: 'number',
      required: msg`请输入金额`,
      min: 0.01,
      max: MAX_AMOUNT,
      pattern: { regex: decimalPattern(2), message: msg`金额最多保留2位小数` },
      example: 1500.25,
      sortable: true,
      width: 150,
    },
    EXCHANGE_RATE_FIELD,
    {
      name: 'amountVnd',
      label: msg`越南盾金额`,
      type: 'number',
      readOnly: true,
      form: false,
      format: 'vnd',
      sortable: true,
      width: 150,
    },
    {
      name: 'description',
      label: msg`摘要`,
      type: 'string',
      maxLength: 500,
      search: 'like',
      component: 'textarea',
      span: 24,
      width: 240,
    },
    // The bank line an import made this detail from (bank-line.ts): never written by a request.
    {
      name: 'importRef',
      label: msg`导入标识`,
      type: 'string',
      readOnly: true,
      form: false,
      list: false,
      view: false,
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
      name: 'updateAt',
      label: msg`更新时间`,
      type: 'datetime',
      readOnly: true,
      form: false,
      list: false,
    },
  ],
})
