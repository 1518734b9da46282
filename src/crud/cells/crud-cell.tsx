// One formatted cell: a screen's custom renderer for the field, or the declaration's formatting.
// Editor fields show their HTML sanitised; 'rows' fields a count in the list and a small table in
// the view dialog.
import type { ReactNode } from 'react'
import { componentOf, type FieldDef } from '@/domain/entity'
import type { Row } from '../entity-api'
import { RowsSummary, RowsTable } from './rows-view'
import { sanitizeHtml } from './sanitize-html'
import { useCellFormatter } from './use-cell'

export type CellRenderer = (row: Row, value: unknown) => ReactNode

interface Props {
  field: FieldDef
  row: Row
  render?: CellRenderer
  /** 'view': the view dialog, where a rows field shows every sub-record. */
  variant?: 'list' | 'view'
}

export function CrudCell({ field, row, render, variant = 'list' }: Props) {
  const value = row[field.name]
  if (render) return <>{render(row, value)}</>
  if (field.type === 'rows')
    return variant === 'view' ? (
      <RowsTable field={field} value={value} />
    ) : (
      <RowsSummary value={value} />
    )
  if (componentOf(field) === 'editor')
    return (
      <span
        className="crud-html"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(value ?? '')) }}
      />
    )
  return <FormattedCell field={field} value={value} />
}

function FormattedCell({ field, value }: { field: FieldDef; value: unknown }) {
  const format = useCellFormatter(field)
  return <>{format(value)}</>
}
