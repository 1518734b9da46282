// What a screen may add to the engine instead of copying it (style.md principle 2).
import type { ReactNode } from 'react'
import type { CellRenderer } from './crud-cell'
import type { FormSection } from './crud-form'
import type { ListParams, Row } from './entity-api'

/** The engine's state, handed to slot functions. */
export interface CrudContext {
  /** The selected rows of the current page. */
  selected: Row[]
  /** The list call's parameters (paging, sort, filters, fixed params). */
  params: ListParams
  refresh: () => void
  openAdd: () => void
  openEdit: (id: string) => void
  openView: (id: string) => void
}

export interface CrudSlots {
  /** Extra toolbar buttons, after add/delete/export. */
  toolbar?: (ctx: CrudContext) => ReactNode
  /** Extra row actions, after view/edit/delete. */
  rowActions?: (row: Row, ctx: CrudContext) => ReactNode
  /** A panel beside the list (a dept tree beside users). */
  left?: ReactNode
  /** Custom cell renderers by field name (table, cards and view dialog). */
  cells?: Record<string, CellRenderer>
  /** Extra content of the add/edit form. */
  formSection?: FormSection
  /** Query params always sent with the list and export (and merged into new records). */
  params?: Record<string, string>
  onRowClick?: (row: Row, ctx: CrudContext) => void
}
