// Cell text of a row's field in the active language (option labels loaded for option fields).
import { useLingui } from '@lingui/react/macro'
import type { FieldDef } from '@/domain/entity'
import { useFieldOptions } from '../dict-options'
import { formatCell, type CellWords } from './format'

function useCellWords(): CellWords {
  const { t } = useLingui()
  return { yes: t`是`, no: t`否`, minutes: t`分钟` }
}

export function useCellFormatter(field: FieldDef): (value: unknown) => string {
  const { options } = useFieldOptions(field)
  const words = useCellWords()
  return (value) => formatCell(field, value, options, words)
}
