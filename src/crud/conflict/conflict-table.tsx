// A conflict's fields as a table: the field's label, my value, the server's value; differing lines
// marked. Values show as the list shows them (option labels, number formats); sub-records one a line.
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Table, Text } from '@mantine/core'
import type { FieldDef } from '@/domain/entity'
import { rowsOf } from '@/domain/validate'
import { showValue, type ConflictLine } from './conflict-values'
import { useCellFormatter } from '../cells/use-cell'

function RowsValue({ field, value }: { field: FieldDef; value: unknown }) {
  const rows = rowsOf(value) ?? []
  if (rows.length === 0) return <>—</>
  return (
    <span style={{ whiteSpace: 'pre-line' }}>
      {rows
        .map((r) => (field.rows ?? []).map((sub) => showValue(r[sub.name])).join(' · '))
        .join('\n')}
    </span>
  )
}

function FieldValue({ field, value }: { field: FieldDef; value: unknown }) {
  const format = useCellFormatter(field)
  return <>{format(value) || '—'}</>
}

function Value({ line, side }: { line: ConflictLine; side: 'mine' | 'theirs' }) {
  const value = line[side]
  if (!line.field) return <>{showValue(value)}</>
  return line.field.type === 'rows' ? (
    <RowsValue field={line.field} value={value} />
  ) : (
    <FieldValue field={line.field} value={value} />
  )
}

interface Props {
  lines: ConflictLine[]
  /** The fields my change carries: a line without mine says "not changed". */
  mine: Record<string, unknown>
}

export function ConflictTable({ lines, mine }: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder withColumnBorders data-testid="conflict-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`字段`}</Table.Th>
            <Table.Th>{t`我的修改`}</Table.Th>
            <Table.Th>{t`服务器上的`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr
              key={l.name}
              data-differs={l.differs || undefined}
              bg={l.differs ? 'var(--mantine-color-orange-light)' : undefined}
            >
              <Table.Td>{l.label ? i18n._(l.label) : l.name}</Table.Td>
              <Table.Td data-side="mine">
                {l.name in mine ? (
                  <Value line={l} side="mine" />
                ) : (
                  <Text span c="dimmed">
                    {t`（未修改）`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-side="theirs">
                <Value line={l} side="theirs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
