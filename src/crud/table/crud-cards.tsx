// The list on phones and tablets: one card per row with its fields as label/value lines and the
// row menu; a long page (up to 200 rows) is virtualised (virtual-stack.tsx).
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Card, Checkbox, Group, Skeleton, Text } from '@mantine/core'
import { Fragment, type CSSProperties } from 'react'
import { CrudCell } from '../cells/crud-cell'
import { rowKey } from '../entity-api'
import { TreeCell } from '../tree/tree-cell'
import { type CrudTableProps } from './table-props'
import { VirtualStack } from './virtual-stack'

const FIELDS_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'fit-content(40%) 1fr',
  columnGap: 'var(--mantine-spacing-xs)',
}

/** A card's height before it is measured: its header and field lines of one line each, and padding. */
const cardEstimate = (fields: number, actions: boolean) => 42 + 24 * fields + (actions ? 44 : 0)

export function CrudCards({
  def,
  columns,
  rows,
  loading,
  selected,
  onSelect,
  cells,
  actions,
  onRowClick,
  firstIndex,
  tree,
  empty,
}: CrudTableProps) {
  const { i18n } = useLingui()
  if (loading && rows.length === 0) return <Skeleton height={120} />
  if (rows.length === 0) {
    if (empty !== undefined) return empty
    return (
      <Text ta="center" c="dimmed" py="lg">
        <Trans>暂无数据</Trans>
      </Text>
    )
  }
  const withSelection = def.layout?.selection !== false
  return (
    <VirtualStack
      items={rows}
      itemKey={(row, i) => rowKey(def, row) || i}
      estimate={cardEstimate(columns.length, !!actions)}
      render={(row, i) => {
        const id = rowKey(def, row)
        return (
          <Card
            withBorder
            padding="sm"
            data-testid="crud-card"
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                #{firstIndex + i}
              </Text>
              {withSelection && (
                <Checkbox
                  aria-label={`#${firstIndex + i}`}
                  checked={selected.has(id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => {
                    const next = new Set(selected)
                    if (!next.delete(id)) next.add(id)
                    onSelect(next)
                  }}
                />
              )}
            </Group>
            {/* One grid for the card: the values line up in one column however long a label is (a
                label takes at most 40% of the card and wraps beyond). */}
            <div style={FIELDS_GRID}>
              {columns.map((f) => (
                <Fragment key={f.name}>
                  <Text size="sm" c="dimmed">
                    {i18n._(f.label)}
                  </Text>
                  <Text component="div" size="sm" style={{ wordBreak: 'break-word' }}>
                    {tree?.field === f.name ? (
                      <TreeCell tree={tree} id={id} label={String(row[f.name] ?? '')}>
                        <CrudCell field={f} row={row} render={cells?.[f.name]} />
                      </TreeCell>
                    ) : (
                      <CrudCell field={f} row={row} render={cells?.[f.name]} />
                    )}
                  </Text>
                </Fragment>
              ))}
            </div>
            {actions && (
              <Group justify="flex-end" mt="xs" onClick={(e) => e.stopPropagation()}>
                {actions(row)}
              </Group>
            )}
          </Card>
        )
      }}
    />
  )
}
