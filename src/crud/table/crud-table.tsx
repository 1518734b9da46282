// The list table: bordered, optional selection and index columns, one column per visible list field
// (sortable headers cycle asc -> desc -> none), a row menu column; skeleton while loading, an empty
// state, and on phones (< 768 px) a card list instead.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Checkbox, Skeleton, Table, Text, UnstyledButton } from '@mantine/core'
import { memo } from 'react'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import type { FieldDef } from '@/domain/entity'
import { CrudCards } from './crud-cards'
import { usePhone } from '../use-phone'
import { CrudCell } from '../cells/crud-cell'
import { rowKey, type Row } from '../entity-api'
import classes from './crud-table.module.css'
import { TreeCell } from '../tree/tree-cell'
import { useScrollEdges } from './use-scroll-edges'
import { type CrudTableProps, type Sort } from './table-props'

function SortHeader({
  field,
  sort,
  onSort,
}: {
  field: FieldDef
  sort: Sort | null
  onSort: (f: string) => void
}) {
  const { i18n } = useLingui()
  const label = i18n._(field.label)
  if (!field.sortable) return <>{label}</>
  const dir = sort?.field === field.name ? sort.dir : null
  const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort
  return (
    <UnstyledButton
      onClick={() => onSort(field.name)}
      fw={700}
      fz="sm"
      style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
    >
      {label}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  )
}

/** The width of a column that declares none (px). */
const DEFAULT_COLUMN_WIDTH = 110
/** Amounts and dates stay on one line ('6,100,000 ₫' did not keep its sign). */
const UNBROKEN = new Set<FieldDef['type']>(['integer', 'number', 'date', 'datetime', 'month'])

type RowCellsProps = Pick<CrudTableProps, 'columns' | 'cells' | 'tree'> & { row: Row; id: string }

const sameItems = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])
const sameEntries = (a: object | undefined, b: object | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    sameItems(Object.keys(a), Object.keys(b)) &&
    Object.entries(a).every(([k, v]) => (b as Record<string, unknown>)[k] === v))

/**
 * A row's data cells, drawn again only when the row, the columns or the cell renderers change: a
 * dialog, a toast or a checked box used to redraw every cell of the page (a hundred rows of twenty
 * columns on a phone). The screen makes its column list and renderer map anew on each draw, so
 * they are compared by their items.
 */
const RowCells = memo(
  function RowCells({ columns, row, id, cells, tree }: RowCellsProps) {
    return columns.map((f) => (
      <Table.Td key={f.name} style={UNBROKEN.has(f.type) ? { whiteSpace: 'nowrap' } : undefined}>
        {tree?.field === f.name ? (
          <TreeCell tree={tree} id={id} label={String(row[f.name] ?? '')}>
            <CrudCell field={f} row={row} render={cells?.[f.name]} />
          </TreeCell>
        ) : (
          <CrudCell field={f} row={row} render={cells?.[f.name]} />
        )}
      </Table.Td>
    ))
  },
  (a, b) =>
    a.row === b.row &&
    a.id === b.id &&
    a.tree === b.tree &&
    sameItems(a.columns, b.columns) &&
    sameEntries(a.cells, b.cells),
)

export function CrudTable(props: CrudTableProps) {
  const {
    def,
    columns,
    rows,
    loading,
    selected,
    onSelect,
    sort,
    onSort,
    cells,
    actions,
    onRowClick,
    firstIndex,
    tree,
    empty,
  } = props
  const { t } = useT()
  const phone = usePhone()
  const scroll = useScrollEdges()
  if (phone) return <CrudCards {...props} />
  const layout = def.layout ?? {}
  const withSelection = layout.selection !== false
  const withIndex = layout.index !== false
  const allIds = rows.map((r) => rowKey(def, r))
  const allChecked = allIds.length > 0 && allIds.every((id) => selected.has(id))
  const span = columns.length + (withSelection ? 1 : 0) + (withIndex ? 1 : 0) + (actions ? 1 : 0)
  // A wide list scrolls sideways at the sum of its declared widths rather than squeezing every column
  // into tall cells of one word a line (employees: 16 columns on a tablet).
  const minWidth = Math.max(
    600,
    (withSelection ? 40 : 0) +
      (withIndex ? 56 : 0) +
      columns.reduce((sum, f) => sum + (f.width ?? DEFAULT_COLUMN_WIDTH), 0) +
      (actions ? (layout.menuWidth ?? 200) : 0),
  )
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (!next.delete(id)) next.add(id)
    onSelect(next)
  }
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      className={classes.scroll}
      data-more-left={scroll.edges.left || undefined}
      data-more-right={scroll.edges.right || undefined}
      data-with-actions={actions ? true : undefined}
      // Focusable, so that keyboard users can scroll a wide table too.
      scrollAreaProps={{
        viewportRef: scroll.viewport,
        onScrollPositionChange: scroll.update,
        viewportProps: { tabIndex: 0 },
      }}
    >
      <Table
        withTableBorder={layout.border !== false}
        withColumnBorders={layout.border !== false}
        highlightOnHover
        striped
      >
        <Table.Thead>
          <Table.Tr>
            {withSelection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t`全选`}
                  checked={allChecked}
                  indeterminate={!allChecked && allIds.some((id) => selected.has(id))}
                  onChange={() => onSelect(allChecked ? new Set() : new Set(allIds))}
                />
              </Table.Th>
            )}
            {withIndex && <Table.Th w={56}>#</Table.Th>}
            {columns.map((f) => (
              // miw: a column keeps its width when long unbreakable values (19-digit TikTok ids) widen
              // their own columns; the table scrolls sideways instead of wrapping a header a character a line.
              <Table.Th
                key={f.name}
                w={f.width}
                miw={f.width ?? DEFAULT_COLUMN_WIDTH}
                aria-sort={
                  sort?.field === f.name
                    ? sort.dir === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                <SortHeader field={f} sort={sort} onSort={onSort} />
              </Table.Th>
            ))}
            {actions && (
              <Table.Th
                w={layout.menuWidth ?? 200}
                ta={layout.menuAlign ?? 'center'}
                className={classes.actions}
                data-sticky="right"
              >
                <Trans>操作</Trans>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            rows.length === 0 &&
            Array.from({ length: 3 }, (_, i) => (
              <Table.Tr key={i} aria-busy>
                <Table.Td colSpan={span}>
                  <Skeleton height={20} />
                </Table.Td>
              </Table.Tr>
            ))}
          {!loading && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={span}>
                {empty !== undefined ? (
                  empty
                ) : (
                  <Text ta="center" c="dimmed" py="lg">
                    <Trans>暂无数据</Trans>
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => {
            const id = rowKey(def, row)
            return (
              <Table.Tr
                key={id || i}
                bg={selected.has(id) ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {withSelection && (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={t`选择第${firstIndex + i}行`}
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </Table.Td>
                )}
                {withIndex && <Table.Td>{firstIndex + i}</Table.Td>}
                <RowCells columns={columns} row={row} id={id} cells={cells} tree={tree} />
                {actions && (
                  <Table.Td
                    ta={layout.menuAlign ?? 'center'}
                    className={classes.actions}
                    data-sticky="right"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {actions(row)}
                  </Table.Td>
                )}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
