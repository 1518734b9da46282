// One formatted cell: a screen's custom renderer for the field, or the declaration's formatting.
import type { ReactNode } from 'react'
import type { FieldDef } from '@/domain/entity'
import type { Row } from './entity-api'
import { useCellFormatter } from './use-cell'

export type CellRenderer = (row: Row, value: unknown) => ReactNode

export function CrudCell({ field, row, render }: { field: FieldDef; row: Row; render?: CellRenderer }) {
  const format = useCellFormatter(field)
  const value = row[field.name]
  return <>{render ? render(row, value) : format(value)}</>
}
