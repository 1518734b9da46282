// Props shared by the table and its phone card list.
import type { ReactNode } from 'react'
import type { EntityDef, FieldDef } from '@/domain/entity'
import type { CellRenderer } from '../cells/crud-cell'
import type { Row } from '../entity-api'
import type { TreeColumn } from '../tree/tree-cell'

export interface Sort {
  field: string
  dir: 'asc' | 'desc'
}

export interface CrudTableProps {
  def: EntityDef
  columns: FieldDef[]
  rows: Row[]
  loading: boolean
  /** Number of the first row on this page (1-based), for the index column. */
  firstIndex: number
  selected: Set<string>
  onSelect: (ids: Set<string>) => void
  sort: Sort | null
  onSort: (field: string) => void
  cells?: Record<string, CellRenderer>
  /** The row menu; absent: no menu column. */
  actions?: (row: Row) => ReactNode
  onRowClick?: (row: Row) => void
  /** Tree mode: the column that carries the indent and the expand buttons. */
  tree?: TreeColumn
  /** What an empty list shows instead of the plain "no data" (null: nothing, a failed load says why above). */
  empty?: ReactNode
}

/** The id of a row of an id-keyed entity (screens of those); the engine uses rowKey(def, row). */
export const rowId = (row: Row) => String(row.id ?? '')
