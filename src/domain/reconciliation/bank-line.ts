// A bank statement line as an import file has it (银行流水: date, description, signed amount,
// currency, and a rate for foreign currencies), imported into one statement (`statementId`, given
// once by the request) as reconciliation details. The server books a positive amount as income and
// a negative one as expense, both as the amount's absolute value, under the source `bank`. A line is
// known by a fingerprint of its values and its place among equal lines of the file, so the same
// file twice changes nothing, and a detail once imported is left as the user corrected it.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import {
  reconciliationDetail,
  CURRENCY_FIELD,
  EXCHANGE_RATE_FIELD,
} from './reconciliation-detail.ts'
import { MAX_AMOUNT } from './reconciliation-money.ts'

/** A signed amount with at most two decimals, never zero. */
const SIGNED_NON_ZERO = '^-?(?!0+(\\.0+)?$)\\d+(\\.\\d{1,2})?$'

const field = (name: string) => {
  const f = reconciliationDetail.fields.find((x) => x.name === name)
  if (!f) throw new Error(`reconciliationDetail has no field ${name}`)
  return f
}

export const reconciliationBankLine = defineEntity({
  name: 'reconciliationBankLine',
  title: msg`银行流水`,
  api: reconciliationDetail.api,
  table: reconciliationDetail.table,
  tenant: true,
  base: false,
  softDelete: true,
  permission: reconciliationDetail.permission,
  // Its only routes are the import's, registered by server/modules/reconciliation.
  custom: true,
  fields: [
    field('statementId'),
    field('transactionDate'),
    { ...field('description'), search: undefined },
    {
      name: 'amount',
      label: msg`金额`,
      type: 'number',
      required: msg`请输入金额`,
      min: -MAX_AMOUNT,
      max: MAX_AMOUNT,
      pattern: {
        regex: SIGNED_NON_ZERO,
        message: msg`金额须为非零数字（收入为正、支出为负），最多保留2位小数`,
      },
    },
    CURRENCY_FIELD,
    EXCHANGE_RATE_FIELD,
    field('importRef'),
  ],
  import: {
    key: ['statementId', 'importRef'],
    given: ['statementId'],
    fingerprint: 'importRef',
    keepExisting: true,
    columns: [
      {
        field: 'transactionDate',
        headers: ['Date', 'Transaction Date', '交易日期', 'Ngày giao dịch', 'Ngày'],
        required: true,
      },
      { field: 'description', headers: ['Description', '摘要', 'Nội dung', 'Diễn giải'] },
      { field: 'amount', headers: ['Amount', '金额', 'Số tiền'], required: true },
      { field: 'currency', headers: ['Currency', '币种', 'Loại tiền'] },
      { field: 'exchangeRate', headers: ['Exchange Rate', '汇率', 'Tỷ giá'] },
    ],
  },
})
