// Table and view-dialog text of one value, from its field declaration: option labels (several for
// a multiple field's comma-joined keys), yes/no for booleans, dates trimmed to their type, and the
// number formats of docs/product.md §9. Pure: the caller passes the options and the translated
// words.
import type { FieldDef } from '@/domain/entity'
import { formatNumber, type FormatUnits } from '@/domain/format'
import { flattenOptions, type Option } from '../dict-options'

export interface CellWords extends FormatUnits {
  yes: string
  no: string
}

function optionText(field: FieldDef, value: unknown, options: Option[]): string {
  const byValue = new Map(flattenOptions(options).map((o) => [o.value, o.label]))
  const keys = field.multiple
    ? String(value)
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : [String(value)]
  return keys.map((k) => byValue.get(k) ?? k).join(', ')
}

export function formatCell(
  field: FieldDef,
  value: unknown,
  options: Option[],
  words: CellWords,
): string {
  if (value === null || value === undefined || value === '') return ''
  if (field.options)
    return optionText(field, Array.isArray(value) ? value.join(',') : value, options)
  if (field.format) return formatNumber(field.format, value, words)
  switch (field.type) {
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 'true'
        ? words.yes
        : words.no
    case 'date':
      return String(value).slice(0, 10)
    case 'month':
      return String(value).slice(0, 7)
    default:
      return Array.isArray(value) ? value.join(', ') : String(value)
  }
}
