// A list the engine cannot fetch by itself (a forest, lazy children, a dictionary's parent or child
// page), drawn with the engine's own parts: search panel, toolbar, table, row menu, add/edit/view
// dialogs and the delete confirmation. The screen brings the rows; this brings CrudScreen's
// behaviour around them. (CrudScreen would do with a list-source slot and add-time values.)
import { useLingui as useT } from '@lingui/react/macro'
import { Box } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState, type ReactNode } from 'react'
import { logger } from '@/api/logger'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { CellRenderer } from '@/crud/crud-cell'
import { CrudForm } from '@/crud/crud-form'
import { CrudTable } from '@/crud/crud-table'
import { CrudToolbar } from '@/crud/crud-toolbar'
import { CrudView } from '@/crud/crud-view'
import { useRemove, type Row } from '@/crud/entity-api'
import { usePreference } from '@/crud/preferences'
import { RowActions } from '@/crud/row-actions'
import { SearchPanel } from '@/crud/search-panel'
import { rowId } from '@/crud/table-props'
import { useCrudPermissions } from '@/crud/use-permissions'
import { presetSection } from './preset'

export interface FrameContext {
  selected: Row[]
  refresh: () => void
  /** Opens the add dialog, its fields starting from `preset`. */
  openAdd: (preset?: Record<string, string>) => void
}

interface Props {
  def: EntityDef
  rows: Row[]
  loading: boolean
  refresh: () => void
  /** The search panel's filters, when the list has one. */
  search?: { filters: Record<string, string>; onSearch: (filters: Record<string, string>) => void }
  cells?: Record<string, CellRenderer>
  toolbar?: (ctx: FrameContext) => ReactNode
  rowActions?: (row: Row, ctx: FrameContext) => ReactNode
  /** Values every new record of this list starts with (a child list's parent). */
  preset?: Record<string, string>
  /** Rows that may be neither edited nor deleted (sealed dictionaries). */
  locked?: (row: Row) => boolean
  /** false: no adding here (the entries of a sealed dictionary). */
  addable?: boolean
  firstIndex?: number
  footer?: ReactNode
}

type Dialog = { kind: 'add'; preset?: Record<string, string> } | { kind: 'edit' | 'view'; id: string } | null

export function ListFrame({ def, rows, loading, refresh, search, cells, toolbar, rowActions, preset, locked, addable = true, firstIndex = 1, footer }: Props) {
  const { t } = useT()
  const can = useCrudPermissions(def)
  const remove = useRemove(def)
  const prefs = usePreference(`crud:${def.name}`)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null)
  const [searchOpened, setSearchOpened] = useState(true)
  const [picked, setPicked] = useState<Set<string>>(new Set())
  // Only rows still shown count as selected (a reload or a collapse drops the others).
  const selected = new Set(rows.map(rowId).filter((id) => picked.has(id)))
  const listFields = fieldsOf(def, 'list')
  const hidden = prefs.value?.hiddenColumns ?? []
  const ctx: FrameContext = {
    selected: rows.filter((r) => selected.has(rowId(r))),
    refresh,
    openAdd: (values) => setDialog({ kind: 'add', preset: { ...preset, ...values } }),
  }

  const confirmDelete = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids)
      notifications.show({ color: 'green', message: t`删除成功` })
      setPicked(new Set())
    } catch (err) {
      logger.error(`system-remove:${def.name}`, err)
    } finally {
      setPendingDelete(null)
    }
  }

  return (
    <Box>
      {search && <SearchPanel def={def} opened={searchOpened} filters={search.filters} onSearch={search.onSearch} onReset={() => search.onSearch({})} />}
      <CrudToolbar
        canAdd={can.add && addable}
        canDelete={can.del}
        canExport={false}
        onAdd={() => ctx.openAdd()}
        onBulkDelete={() => (selected.size === 0 ? notifications.show({ color: 'yellow', message: t`请选择至少一条数据` }) : setPendingDelete([...selected]))}
        onExport={() => undefined}
        exportState={{ status: 'idle' }}
        columns={listFields}
        hidden={hidden}
        onHiddenChange={(names) => void prefs.update({ hiddenColumns: names })}
        onToggleSearch={search && fieldsOf(def, 'search').length ? () => setSearchOpened((o) => !o) : undefined}
        onRefresh={refresh}
        extra={toolbar?.(ctx)}
      />
      <CrudTable
        def={def}
        columns={listFields.filter((f) => !hidden.includes(f.name))}
        rows={rows}
        loading={loading}
        firstIndex={firstIndex}
        selected={selected}
        onSelect={setPicked}
        sort={null}
        onSort={() => undefined}
        cells={cells}
        actions={(row) => {
          const frozen = locked?.(row) ?? false
          return (
            <RowActions
              can={{ ...can, edit: can.edit && !frozen, del: can.del && !frozen }}
              onView={() => setDialog({ kind: 'view', id: rowId(row) })}
              onEdit={() => setDialog({ kind: 'edit', id: rowId(row) })}
              onDelete={() => setPendingDelete([rowId(row)])}
              extra={rowActions?.(row, ctx)}
            />
          )
        }}
      />
      {footer}
      {dialog?.kind === 'add' && <CrudForm def={def} mode="add" onClose={() => setDialog(null)} section={presetSection(dialog.preset)} />}
      {dialog?.kind === 'edit' && <CrudForm def={def} mode="edit" id={dialog.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'view' && <CrudView def={def} id={dialog.id} onClose={() => setDialog(null)} />}
      {pendingDelete && (
        <ConfirmDialog message={t`确定删除选择的数据?`} busy={remove.isPending} onConfirm={() => void confirmDelete(pendingDelete)} onCancel={() => setPendingDelete(null)} />
      )}
    </Box>
  )
}
