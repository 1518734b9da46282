// Fee options (费用选项, docs/product.md §3): the kinds of fee TikTok Shop charges, each named,
// explained and given its formula in English and Chinese. The wire keeps the spelling
// `feeOprionCn`. Wherever a fee option is shown its label follows the UI language (feeOptionLabel),
// falling back to the other language when one is empty; the server refuses a fee option with
// neither name.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const feeOption = defineEntity({
  name: 'feeOption',
  title: msg`费用选项`,
  api: '/blade-tkfee/feeOption',
  table: 'dmr_fee_option',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'fee_option',
  defaultSort: [{ field: 'feeOptionEn', dir: 'asc' }],
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
      name: 'feeOprionCn',
      label: msg`费用选项(中文)`,
      type: 'string',
      maxLength: 100,
      search: 'like',
      width: 180,
    },
    {
      name: 'feeOptionEn',
      label: msg`费用选项(英文)`,
      type: 'string',
      maxLength: 100,
      search: 'like',
      sortable: true,
      width: 180,
    },
    { name: 'feeExplanCn', label: msg`费用说明(中文)`, type: 'text', maxLength: 1000, span: 24 },
    { name: 'feeExplanEn', label: msg`费用说明(英文)`, type: 'text', maxLength: 1000, span: 24 },
    { name: 'feeFormulaCn', label: msg`计算公式(中文)`, type: 'string', maxLength: 500, span: 24 },
    { name: 'feeFormulaEn', label: msg`计算公式(英文)`, type: 'string', maxLength: 500, span: 24 },
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

export interface FeeOptionNames {
  feeOptionEn?: unknown
  feeOprionCn?: unknown
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** One of a Chinese/English pair of a row in the UI language: English → en, else cn; the other when empty. */
export function inUiLanguage(
  row: Record<string, unknown>,
  cn: string,
  en: string,
  locale: string,
): string {
  const [first, second] = locale.startsWith('en') ? [en, cn] : [cn, en]
  return text(row[first]) || text(row[second])
}

/** A fee option's label in the UI language (feeOprionCn or feeOptionEn, the other when empty). */
export function feeOptionLabel(row: FeeOptionNames, locale: string): string {
  return inUiLanguage({ ...row }, 'feeOprionCn', 'feeOptionEn', locale)
}
