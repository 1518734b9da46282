// A gift totals screen (by day, anchor, user or gift): the send-time range (this month at first),
// a chart of the range loaded after the list, the groups (cards on phones) with the range's totals
// row last, paging, sorting by any column, and the xlsx export of the range.
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Box, Text } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { CrudPager } from '@/crud/list/crud-pager'
import { CrudTable } from '@/crud/table/crud-table'
import { CrudToolbar } from '@/crud/list/crud-toolbar'
import type { Row } from '@/crud/entity-api'
import { SearchPanel } from '@/crud/search/search-panel'
import { useExport } from '@/crud/export/use-export'
import { useListState } from '@/crud/list/use-list-state'
import { useCrudPermissions } from '@/crud/use-permissions'
import { fieldsOf } from '@/domain/entity'
import { groupKey, type GiftTotalsDef } from '@/domain/gift/gift-totals'
import { useGiftTotals } from './gift-totals-api'

const GiftChart = lazy(() => import('./gift-chart'))

/** The key of the totals row (no group has it: group keys join field values with \u0001). */
const SUMMARY_KEY = '__summary'
const NO_SELECTION = new Set<string>()

export interface ChartOptions {
  title: string
  /** The group field that names a bar. */
  label: string
}

export function TotalsScreen({ def, chart }: { def: GiftTotalsDef; chart?: ChartOptions }) {
  const { i18n } = useLingui()
  const { t } = useT()
  const list = useListState(def)
  const { data, isPending, refetch } = useGiftTotals(def, list.params, list.ready)
  const can = useCrudPermissions(def)
  const exporter = useExport(def, i18n._(def.title))
  const [searchOpened, setSearchOpened] = useState(true)
  const listFields = fieldsOf(def, 'list')
  const columns = listFields.filter((f) => !list.hiddenColumns.includes(f.name))
  const first = def.groupFields[0]!
  const records = (data?.records ?? []).map((r) => ({ ...r, groupKey: groupKey(def, r) }))
  const summary: Row | null =
    data?.summary && records.length
      ? { ...data.summary, groupKey: SUMMARY_KEY, [first]: t`合计` }
      : null
  const rows = summary ? [...records, summary] : records
  const bold = (row: Row, value: unknown) =>
    row.groupKey === SUMMARY_KEY ? (
      <Text fw={700} size="sm" component="span">
        {String(value)}
      </Text>
    ) : (
      String(value ?? '')
    )

  return (
    <Box>
      <SearchPanel
        def={def}
        opened={searchOpened}
        filters={list.filters}
        onSearch={list.setFilters}
        onReset={() => list.setFilters({})}
      />
      {chart && (
        <Suspense fallback={null}>
          <GiftChart
            def={def}
            filters={list.filters}
            label={chart.label}
            title={chart.title}
            enabled={list.ready}
          />
        </Suspense>
      )}
      <CrudToolbar
        canAdd={false}
        canDelete={false}
        canExport={can.export}
        onAdd={() => {}}
        onBulkDelete={() => {}}
        onExport={() => void exporter.run(list.filters, data?.total ?? 0)}
        exportState={exporter.state}
        columns={listFields}
        hidden={list.hiddenColumns}
        onHiddenChange={list.setHiddenColumns}
        onToggleSearch={() => setSearchOpened((o) => !o)}
        onRefresh={() => void refetch()}
      />
      <CrudTable
        def={def}
        columns={columns}
        rows={rows}
        loading={!list.ready || isPending}
        firstIndex={(list.current - 1) * list.size + 1}
        selected={NO_SELECTION}
        onSelect={() => {}}
        sort={list.sort}
        onSort={list.toggleSort}
        cells={{ [first]: bold }}
      />
      <CrudPager
        total={data?.total ?? 0}
        current={list.current}
        size={list.size}
        onPage={list.setPage}
        onSize={list.setSize}
      />
    </Box>
  )
}
