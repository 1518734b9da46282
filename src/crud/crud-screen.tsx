// A whole list screen from an entity declaration: search panel, toolbar, table (cards on phones),
// paging, add/edit/view dialogs, delete with confirmation and export. List state lives in the URL;
// screens that need more pass slots (see slots.ts) rather than copying this.
import '@mantine/dates/styles.css'
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Box, Flex } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import { ConfirmDialog } from './confirm-dialog'
import { CrudForm } from './crud-form'
import { CrudPager } from './crud-pager'
import { CrudTable } from './crud-table'
import { CrudToolbar } from './crud-toolbar'
import { CrudView } from './crud-view'
import { entityQueries, useRemove, type Row } from './entity-api'
import { RowActions } from './row-actions'
import { SearchPanel } from './search-panel'
import type { CrudContext, CrudSlots } from './slots'
import { rowId } from './table-props'
import { useExport } from './use-export'
import { useListState } from './use-list-state'
import { useCrudPermissions } from './use-permissions'

type Dialog = { kind: 'add' } | { kind: 'edit' | 'view'; id: string } | null

export function CrudScreen({ entity: def, slots = {} }: { entity: EntityDef; slots?: CrudSlots }) {
  const { i18n } = useLingui()
  const { t } = useT()
  const list = useListState(def, slots.params)
  const queries = entityQueries(def)
  const query = useQuery({ ...queries.list(list.params), enabled: list.ready })
  const can = useCrudPermissions(def)
  const remove = useRemove(def)
  const exporter = useExport(def, i18n._(def.title))
  const [searchOpened, setSearchOpened] = useState(true)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null)
  const paramsKey = JSON.stringify(list.params)
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: paramsKey, ids: new Set() })
  // A new page, size, sort or filter starts with nothing selected.
  const selected = selection.key === paramsKey ? selection.ids : new Set<string>()

  const rows = query.data?.records ?? []
  const listFields = fieldsOf(def, 'list')
  const columns = listFields.filter((f) => !list.hiddenColumns.includes(f.name))
  const ctx: CrudContext = {
    selected: rows.filter((r) => selected.has(rowId(r))),
    params: list.params,
    refresh: () => void query.refetch(),
    openAdd: () => setDialog({ kind: 'add' }),
    openEdit: (id) => setDialog({ kind: 'edit', id }),
    openView: (id) => setDialog({ kind: 'view', id }),
  }
  const withMenu = def.layout?.menu !== false && (can.view || can.edit || can.del || !!slots.rowActions)

  const confirmDelete = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids)
      notifications.show({ color: 'green', message: t`删除成功` })
      setSelection({ key: paramsKey, ids: new Set() })
    } catch (err) {
      logger.error(`crud-remove:${def.name}`, err)
    } finally {
      setPendingDelete(null)
    }
  }
  const bulkDelete = () => {
    if (selected.size === 0) notifications.show({ color: 'yellow', message: t`请选择至少一条数据` })
    else setPendingDelete([...selected])
  }
  const { current: _current, size: _size, ascs: _ascs, descs: _descs, ...exportFilters } = list.params

  return (
    <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="stretch">
      {slots.left && <Box w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>{slots.left}</Box>}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <SearchPanel def={def} opened={searchOpened} filters={list.filters} onSearch={list.setFilters} onReset={() => list.setFilters({})} />
        <CrudToolbar
          canAdd={can.add}
          canDelete={can.del}
          canExport={can.export}
          onAdd={ctx.openAdd}
          onBulkDelete={bulkDelete}
          onExport={() => void exporter.run(exportFilters, query.data?.total ?? 0)}
          exportState={exporter.state}
          columns={listFields}
          hidden={list.hiddenColumns}
          onHiddenChange={list.setHiddenColumns}
          onToggleSearch={fieldsOf(def, 'search').length ? () => setSearchOpened((o) => !o) : undefined}
          onRefresh={ctx.refresh}
          extra={slots.toolbar?.(ctx)}
        />
        <CrudTable
          def={def}
          columns={columns}
          rows={rows}
          loading={!list.ready || query.isPending}
          firstIndex={(list.current - 1) * list.size + 1}
          selected={selected}
          onSelect={(ids) => setSelection({ key: paramsKey, ids })}
          sort={list.sort}
          onSort={list.toggleSort}
          cells={slots.cells}
          onRowClick={slots.onRowClick ? (row: Row) => slots.onRowClick?.(row, ctx) : undefined}
          actions={
            withMenu
              ? (row) => (
                  <RowActions
                    can={can}
                    onView={() => ctx.openView(rowId(row))}
                    onEdit={() => ctx.openEdit(rowId(row))}
                    onDelete={() => setPendingDelete([rowId(row)])}
                    extra={slots.rowActions?.(row, ctx)}
                  />
                )
              : undefined
          }
        />
        <CrudPager total={query.data?.total ?? 0} current={list.current} size={list.size} onPage={list.setPage} onSize={list.setSize} />
      </Box>
      {dialog?.kind === 'add' && <CrudForm def={def} mode="add" onClose={() => setDialog(null)} section={slots.formSection} fixed={slots.params} />}
      {dialog?.kind === 'edit' && <CrudForm def={def} mode="edit" id={dialog.id} onClose={() => setDialog(null)} section={slots.formSection} />}
      {dialog?.kind === 'view' && <CrudView def={def} id={dialog.id} onClose={() => setDialog(null)} cells={slots.cells} />}
      {pendingDelete && (
        <ConfirmDialog message={t`确定删除选择的数据?`} busy={remove.isPending} onConfirm={() => void confirmDelete(pendingDelete)} onCancel={() => setPendingDelete(null)} />
      )}
    </Flex>
  )
}
