// A 'rows' field read-only: its count in a list cell, and a compact table in the view dialog (each
// cell formatted as its sub-field would be in a list).
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Table } from '@mantine/core'
import type { FieldDef } from '@/domain/entity'
import { rowsOf } from '@/domain/rows-value'
import { useCellFormatter } from './use-cell'

export function RowsSummary({ value }: { value: unknown }) {
  const n = rowsOf(value ?? [])?.length ?? 0
  if (n === 0) return null
  return <Trans>{n} 行</Trans>
}

function Cell({ field, value }: { field: FieldDef; value: unknown }) {
  const format = useCellFormatter(field)
  return <>{format(value)}</>
}

export function RowsTable({ field, value }: { field: FieldDef; value: unknown }) {
  const { i18n } = useLingui()
  const rows = rowsOf(value ?? []) ?? []
  const subs = field.rows ?? []
  if (rows.length === 0) return null
  return (
    <Table
      withTableBorder
      withColumnBorders
      fz="xs"
      verticalSpacing={2}
      aria-label={i18n._(field.label)}
    >
      <Table.Thead>
        <Table.Tr>
          {subs.map((sub) => (
            <Table.Th key={sub.name}>{i18n._(sub.label)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {subs.map((sub) => (
              <Table.Td key={sub.name}>
                <Cell field={sub} value={r[sub.name]} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
