// A whole list screen from an entity declaration: search panel, toolbar, table (cards on phones),
// paging, add/edit/view dialogs, delete with confirmation and export. List state lives in the URL
// (or, for a list that is not the screen's own, in the list). Rows come from the paged list or
// another source (a forest, a lazy tree, another verb). Screens that need more pass slots (see
// slots.ts) rather than copying this.
import '@mantine/dates/styles.css'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Box, Button, Flex } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconSubtask } from '@tabler/icons-react'
import { lazy, startTransition, Suspense, useId, useState } from 'react'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import { ConfirmDialog } from './confirm-dialog'
import { CrudPager } from './list/crud-pager'
import { CrudTable } from './table/crud-table'
import { CrudToolbar } from './list/crud-toolbar'
import { deleteQuestion } from './delete/delete-question'
import { useDeleteWithUndo } from './delete/use-delete-with-undo'
import { LAZY, PAGED, rowKey, type Row } from './entity-api'
import { ListEmpty } from './list-state/list-empty'
import { ListFrame } from './list-state/list-frame'
import { ListRefreshError } from './list-state/list-refresh-error'
import { RowActions } from './list/row-actions'
import { SearchPanel } from './search/search-panel'
import type { CrudContext, CrudSlots } from './slots'
import { useExport } from './export/use-export'
import { useListRows } from './list/use-list-rows'
import { useListState } from './list/use-list-state'
import { useCrudPermissions } from './use-permissions'
import { usePhone } from './use-phone'

// The dialogs load when first opened: a list's first showing needs neither the form (date pickers,
// number inputs, the rich-text editor) nor the view, so the first list downloads less. The
// service worker precaches them, so they open offline too.
const CrudForm = lazy(() => import('./form/crud-form').then((m) => ({ default: m.CrudForm })))
const CrudView = lazy(() => import('./cells/crud-view').then((m) => ({ default: m.CrudView })))
const ImportDialog = lazy(() =>
  import('./import/import-dialog').then((m) => ({ default: m.ImportDialog })),
)
const ExportDialog = lazy(() =>
  import('./export/export-dialog').then((m) => ({ default: m.ExportDialog })),
)

type Dialog =
  | { kind: 'add'; values?: Row }
  | { kind: 'edit' | 'view'; id: string }
  | { kind: 'import' }
  | { kind: 'export' }
  | null

export function CrudScreen({ entity: def, slots = {} }: { entity: EntityDef; slots?: CrudSlots }) {
  const { i18n } = useLingui()
  const { t } = useT()
  // A generic tree entity (not custom) is listed a level at a time, as the engine's lazy-list answers it.
  const source = slots.source ?? (def.tree && !def.custom ? LAZY : PAGED)
  const list = useListState(def, slots.params, slots.state)
  const data = useListRows(def, source, list.params, list.ready)
  const can = useCrudPermissions(def)
  const canAdd = can.add && slots.addable !== false
  const remove = useDeleteWithUndo(def)
  const exporter = useExport(def, i18n._(def.title))
  // On a phone the search panel starts closed (six fields filled the first screen before any row),
  // unless a filter is in force, so that a filtered list says so; the toolbar's search button toggles it.
  const phone = usePhone()
  const [searchChoice, setSearchChoice] = useState<boolean | null>(null)
  const searchOpened = searchChoice ?? (!phone || Object.keys(list.filters).length > 0)
  const errorId = useId()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null)
  const paramsKey = JSON.stringify(list.params)
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: paramsKey,
    ids: new Set(),
  })
  const rows = slots.mapRows ? slots.mapRows(data.rows, { params: list.params }) : data.rows
  // A new page, size, sort or filter starts with nothing selected; so does a row no longer shown.
  const shown = new Set(rows.map((r) => rowKey(def, r)))
  const selected = new Set(
    selection.key === paramsKey ? [...selection.ids].filter((id) => shown.has(id)) : [],
  )

  const listFields = fieldsOf(def, 'list')
  const columns = listFields.filter((f) => !list.hiddenColumns.includes(f.name))
  const ctx: CrudContext = {
    selected: rows.filter((r) => selected.has(rowKey(def, r))),
    params: list.params,
    refresh: data.refetch,
    // A transition: the click paints at once and the dialog follows (docs/offline.md P4 INP); a form is a big render.
    openAdd: (values) => startTransition(() => setDialog({ kind: 'add', values })),
    openEdit: (id) => startTransition(() => setDialog({ kind: 'edit', id })),
    openView: (id) => startTransition(() => setDialog({ kind: 'view', id })),
  }
  const treeParent = data.tree && def.tree ? def.tree.parent : undefined
  const withMenu =
    def.layout?.menu !== false &&
    (can.view || can.edit || can.del || !!slots.rowActions || (!!treeParent && canAdd))
  const paged = data.total !== undefined
  // Export follows the generic list; another verb or shape has no export of its own.
  const canExport = can.export && source.kind === 'page' && (source.verb ?? 'list') === 'list'

  const confirmDelete = async (ids: string[]) => {
    if (await remove.run(ids)) setSelection({ key: paramsKey, ids: new Set() })
    setPendingDelete(null)
  }
  const bulkDelete = () => {
    if (selected.size === 0) notifications.show({ color: 'yellow', message: t`请选择至少一条数据` })
    else setPendingDelete([...selected])
  }
  const {
    current: _current,
    size: _size,
    ascs: _ascs,
    descs: _descs,
    ...exportFilters
  } = list.params
  const addDefaults = {
    ...slots.params,
    ...slots.addDefaults,
    ...(dialog?.kind === 'add' ? dialog.values : {}),
  }

  return (
    <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="stretch">
      {slots.left && (
        <Box w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>
          {slots.left}
        </Box>
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <SearchPanel
          def={def}
          opened={searchOpened}
          filters={list.filters}
          onSearch={list.setFilters}
          onReset={() => list.setFilters({})}
        />
        <CrudToolbar
          canAdd={canAdd}
          canDelete={can.del}
          canExport={canExport}
          canImport={can.import}
          onImport={() => startTransition(() => setDialog({ kind: 'import' }))}
          onAdd={() => ctx.openAdd()}
          onBulkDelete={bulkDelete}
          onExport={() => setDialog({ kind: 'export' })}
          exportState={exporter.state}
          columns={listFields}
          hidden={list.hiddenColumns}
          onHiddenChange={list.setHiddenColumns}
          onToggleSearch={
            fieldsOf(def, 'search').length ? () => setSearchChoice(!searchOpened) : undefined
          }
          searchOpened={searchOpened}
          onRefresh={ctx.refresh}
          extra={slots.toolbar?.(ctx)}
        />
        {slots.header?.(rows, ctx)}
        {data.error !== null && (
          <ListRefreshError
            id={errorId}
            error={data.error}
            hasRows={rows.length > 0}
            retrying={data.fetching}
            onRetry={ctx.refresh}
          />
        )}
        <ListFrame
          fetching={data.fetching && !data.loading}
          stale={data.error !== null && rows.length > 0}
          errorId={errorId}
        >
          <CrudTable
            def={def}
            columns={columns}
            rows={rows}
            loading={data.loading}
            firstIndex={paged ? (list.current - 1) * list.size + 1 : 1}
            selected={selected}
            onSelect={(ids) => setSelection({ key: paramsKey, ids })}
            sort={list.sort}
            onSort={list.toggleSort}
            cells={slots.cells}
            onRowClick={slots.onRowClick ? (row: Row) => slots.onRowClick?.(row, ctx) : undefined}
            tree={
              data.tree
                ? { ...data.tree, field: slots.tree ?? def.tree?.label ?? columns[0]?.name ?? '' }
                : undefined
            }
            empty={
              data.error !== null ? null : (
                <ListEmpty
                  title={i18n._(def.title)}
                  filtered={Object.keys(list.filters).length > 0}
                  onAdd={canAdd ? () => ctx.openAdd() : undefined}
                  onClearFilters={() => list.setFilters({})}
                />
              )
            }
            actions={
              withMenu
                ? (row) => {
                    const id = rowKey(def, row)
                    const locked = slots.locked?.(row) ?? false
                    return (
                      <RowActions
                        can={{ ...can, edit: can.edit && !locked, del: can.del && !locked }}
                        onView={() => ctx.openView(id)}
                        onEdit={() => ctx.openEdit(id)}
                        onDelete={() => setPendingDelete([id])}
                        extra={
                          <>
                            {treeParent && canAdd && (
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                leftSection={<IconSubtask size={14} />}
                                onClick={() => ctx.openAdd({ [treeParent]: id })}
                              >
                                <Trans>新增子项</Trans>
                              </Button>
                            )}
                            {slots.rowActions?.(row, ctx)}
                          </>
                        }
                      />
                    )
                  }
                : undefined
            }
          />
        </ListFrame>
        {paged && (
          <CrudPager
            total={data.total ?? 0}
            capped={data.totalCapped}
            current={list.current}
            size={list.size}
            onPage={list.setPage}
            onSize={list.setSize}
          />
        )}
      </Box>
      {/* Opened in a transition (ctx above): the list stays while a dialog's code loads. */}
      <Suspense fallback={null}>
        {dialog?.kind === 'add' && (
          <CrudForm
            def={def}
            mode="add"
            onClose={() => setDialog(null)}
            section={slots.formSection}
            sectionAfter={slots.formSectionAfter}
            controls={slots.formControls}
            fixed={slots.params}
            defaults={addDefaults}
            cascade={slots.cascade}
          />
        )}
        {dialog?.kind === 'edit' && (
          <CrudForm
            def={def}
            mode="edit"
            id={dialog.id}
            onClose={() => setDialog(null)}
            section={slots.formSection}
            sectionAfter={slots.formSectionAfter}
            controls={slots.formControls}
            cascade={slots.cascade}
          />
        )}
        {dialog?.kind === 'import' && <ImportDialog def={def} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'export' && (
          <ExportDialog
            def={def}
            total={data.total ?? rows.length}
            pageIds={rows.map((r) => rowKey(def, r))}
            selectedIds={[...selected]}
            onClose={() => setDialog(null)}
            onExport={(choice, count) => void exporter.run({ ...exportFilters, ...choice }, count)}
          />
        )}
        {dialog?.kind === 'view' &&
          (slots.view ? (
            slots.view(dialog.id, () => setDialog(null))
          ) : (
            <CrudView
              def={def}
              id={dialog.id}
              onClose={() => setDialog(null)}
              cells={slots.cells}
            />
          ))}
      </Suspense>
      {pendingDelete && (
        <ConfirmDialog
          message={deleteQuestion(
            def,
            pendingDelete.length,
            rows.filter((r) => pendingDelete.includes(rowKey(def, r))),
            i18n.locale,
          )}
          busy={remove.busy}
          onConfirm={() => void confirmDelete(pendingDelete)}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </Flex>
  )
}
