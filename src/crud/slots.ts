// What a screen may add to the engine instead of copying it (docs/architecture.md house rule 2).
import type { ReactNode } from 'react'
import type { CellRenderer } from './cells/crud-cell'
import type { FormSection } from './form/crud-form'
import type { ListParams, ListSource, Row } from './entity-api'
import type { ListStateHome } from './list/use-list-state'

/** The engine's state, handed to slot functions. */
export interface CrudContext {
  /** The selected rows of the current page (or of the shown tree). */
  selected: Row[]
  /** The list call's parameters (paging, sort, filters, fixed params). */
  params: ListParams
  refresh: () => void
  /** Opens the add dialog, its fields starting from `values` (over the screen's addDefaults). */
  openAdd: (values?: Row) => void
  openEdit: (id: string) => void
  openView: (id: string) => void
}

export interface CrudSlots {
  /** Extra toolbar buttons, after add/delete/export. */
  toolbar?: (ctx: CrudContext) => ReactNode
  /** Extra row actions, after view/edit/delete. */
  rowActions?: (row: Row, ctx: CrudContext) => ReactNode
  /** Content between the toolbar and the table, drawn from the rows shown (a chart of them). */
  header?: (rows: Row[], ctx: CrudContext) => ReactNode
  /** A panel beside the list (a dept tree beside users). */
  left?: ReactNode
  /** Custom cell renderers by field name (table, cards and view dialog). */
  cells?: Record<string, CellRenderer>
  /** The screen's own view dialog instead of the engine's (a statement with its details). */
  view?: (id: string, onClose: () => void) => ReactNode
  /** Extra content of the add/edit form. */
  formSection?: FormSection
  /** The field after which formSection sits (inside that field's group); by default under the last field. */
  formSectionAfter?: string
  /** Form controls drawn by the screen instead of the engine's, by field name (order lines that fill from the product and sum). */
  formControls?: Record<string, FormSection>
  /** Query params always sent with the list and export; new records start with them too. */
  params?: Record<string, string>
  onRowClick?: (row: Row, ctx: CrudContext) => void
  /**
   * Where the rows come from (default: the paged {api}/list). 'forest' and 'lazy' draw a tree table
   * whose `tree` column carries the indent and expand buttons, with '新增子项' on each row when the
   * declaration has a `tree` parent field.
   */
  source?: ListSource
  /** Tree sources: the list field that carries the tree (default: the first list column). */
  tree?: string
  /** 'local': the list state is the list's own, not the URL (two lists on a screen, a list in a drawer). */
  state?: ListStateHome
  /** Values every new record of this list starts with (a child list's parent). */
  addDefaults?: Row
  /** Rows that can be neither edited nor deleted (sealed dictionaries). */
  locked?: (row: Row) => boolean
  /** false: no adding here even with the permission (the entries of a sealed dictionary). */
  addable?: boolean
  /** Multiple tree fields whose checks cascade to the subtree and the nodes above (a package's menus). */
  cascade?: string[]
  /** The shown rows from the loaded ones (pending outbox writes merged in, docs/offline.md R24). */
  mapRows?: (rows: Row[], ctx: Pick<CrudContext, 'params'>) => Row[]
}
