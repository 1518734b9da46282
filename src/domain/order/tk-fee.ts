// TK fees (TK费用): what TikTok Shop charged (or credited back) in a month, by fee option, and
// optionally for one order. feeAmount is in đồng and may be negative: a settlement reverses a
// commission when an order is returned, and that credit is recorded as a negative fee. Zero is
// refused (a fee of nothing is a typing slip).
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

const MAX_FEE_VND = 10_000_000_000

export const tkFee = defineEntity({
  name: 'tkFee',
  title: msg`TK费用`,
  api: '/blade-tkfee/TKFee',
  table: 'dmr_tk_fee',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'tk_fee',
  defaultSort: [{ field: 'feeMonth', dir: 'desc' }],
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
      name: 'feeMonth',
      label: msg`费用月份`,
      type: 'month',
      required: msg`请选择费用月份`,
      search: 'between',
      sortable: true,
      width: 110,
      example: '2026-03',
    },
    {
      name: 'feeOptionId',
      label: msg`费用选项`,
      type: 'id',
      required: msg`请选择费用选项`,
      search: 'equal',
      width: 200,
      // Labelled in the UI language (see feeOptionLabel).
      options: {
        kind: 'select',
        url: '/blade-tkfee/feeOption/select',
        label: 'feeOprionCn',
        labelEn: 'feeOptionEn',
        value: 'id',
      },
    },
    {
      name: 'orderId',
      label: msg`订单号`,
      type: 'string',
      maxLength: 64,
      search: 'equal',
      width: 180,
    },
    {
      name: 'feeAmount',
      label: msg`费用金额`,
      type: 'number',
      required: msg`费用金额不能为空`,
      min: -MAX_FEE_VND,
      max: MAX_FEE_VND,
      rangeMessage: msg`费用金额须在 ±100 亿 ₫ 之内`,
      format: 'vnd',
      sortable: true,
      example: 125000,
    },
    { name: 'remark', label: msg`备注`, type: 'text', maxLength: 500, span: 24 },
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
