// The grid of 模型配置: one row per column of the table, every flag edited in place. The column's
// own name and type are the table's and stay read-only; the first column stays in view when the
// grid scrolls sideways (phones).
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import { Checkbox, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core'
import { memo } from 'react'
import {
  modelPrototype,
  PROPERTY_ENTITIES,
  PROTOTYPE_COMPONENTS,
  PROTOTYPE_QUERIES,
} from '@/domain/develop/model-prototype'
import type { Prototype } from './prototype-api'

const FLAGS = ['isList', 'isForm', 'isRow', 'isRequired', 'isQuery'] as const
export type Flag = (typeof FLAGS)[number]

/** Where a cell's input is found again (the first invalid one gets the focus). */
export const cellId = (row: number, name: string) => `prototype-${row}-${name}`

export type CellChange = (row: number, name: string, value: string | number) => void

const label = (name: string) => modelPrototype.fields.find((f) => f.name === name)!.label
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const

interface RowProps {
  index: number
  row: Prototype
  errors: Record<string, string> | undefined
  dictListId: string
  onChange: CellChange
}

const PrototypeRow = memo(function PrototypeRow({
  index,
  row,
  errors,
  dictListId,
  onChange,
}: RowProps) {
  const { i18n } = useLingui()
  const name = row.jdbcName
  const aria = (field: string) => `${name} ${i18n._(label(field))}`
  const text = (
    field: 'jdbcComment' | 'propertyName' | 'dictCode',
    extra: { list?: string } = {},
  ) => (
    <TextInput
      id={cellId(index, field)}
      size="xs"
      aria-label={aria(field)}
      value={String(row[field] ?? '')}
      error={errors?.[field]}
      onChange={(e) => onChange(index, field, e.currentTarget.value)}
      {...extra}
    />
  )
  const select = (
    field: 'propertyEntity' | 'componentType' | 'queryType',
    options: { value: string; label: string }[],
  ) => (
    <NativeSelect
      id={cellId(index, field)}
      size="xs"
      aria-label={aria(field)}
      value={String(row[field] ?? '')}
      error={errors?.[field]}
      data={options}
      onChange={(e) => onChange(index, field, e.currentTarget.value)}
    />
  )
  const flag = (field: Flag) => (
    <Table.Td key={field}>
      <Checkbox
        aria-label={aria(field)}
        checked={Number(row[field]) === 1}
        onChange={(e) => onChange(index, field, e.currentTarget.checked ? 1 : 0)}
      />
    </Table.Td>
  )
  return (
    <Table.Tr>
      <Table.Th scope="row" style={sticky}>
        <Text size="sm" ff="monospace">
          {name}
        </Text>
      </Table.Th>
      <Table.Td>
        <Text size="sm" c="dimmed" ff="monospace">
          {row.jdbcType}
        </Text>
      </Table.Td>
      <Table.Td miw={140}>{text('jdbcComment')}</Table.Td>
      <Table.Td miw={140}>{text('propertyName')}</Table.Td>
      <Table.Td miw={120}>
        {select(
          'propertyEntity',
          PROPERTY_ENTITIES.map((v) => ({ value: v, label: v })),
        )}
      </Table.Td>
      {flag('isList')}
      {flag('isForm')}
      {flag('isRow')}
      {flag('isRequired')}
      <Table.Td miw={110}>
        {select(
          'componentType',
          PROTOTYPE_COMPONENTS.map((o) => ({ value: o.value, label: i18n._(o.label) })),
        )}
      </Table.Td>
      <Table.Td miw={130}>{text('dictCode', { list: dictListId })}</Table.Td>
      {flag('isQuery')}
      <Table.Td miw={110}>
        {select(
          'queryType',
          PROTOTYPE_QUERIES.map((o) => ({ value: o.value, label: i18n._(o.label) })),
        )}
      </Table.Td>
    </Table.Tr>
  )
})

const COLUMNS = [
  'jdbcName',
  'jdbcType',
  'jdbcComment',
  'propertyName',
  'propertyEntity',
  'isList',
  'isForm',
  'isRow',
  'isRequired',
  'componentType',
  'dictCode',
  'isQuery',
  'queryType',
] as const

interface Props {
  rows: Prototype[]
  errors: Record<number, Record<string, string>>
  caption: string
  dictionaries: { code: string; dictValue: string }[]
  onChange: CellChange
  /** Ticks (1) or clears (0) a flag on every row. */
  onFlagAll: (field: Flag, value: number) => void
}

/** A flag's header: its label and a box that ticks or clears it on every row (a table has many columns). */
function FlagHeader({
  field,
  rows,
  onFlagAll,
}: {
  field: Flag
  rows: Prototype[]
  onFlagAll: Props['onFlagAll']
}) {
  const { i18n } = useLingui()
  const { t } = useT()
  const ticked = rows.filter((r) => Number(r[field]) === 1).length
  const name = i18n._(label(field))
  return (
    <Group gap={6} wrap="nowrap">
      <Checkbox
        size="xs"
        aria-label={t`全部${name}`}
        checked={ticked === rows.length}
        indeterminate={ticked > 0 && ticked < rows.length}
        onChange={() => onFlagAll(field, ticked === rows.length ? 0 : 1)}
      />
      {name}
    </Group>
  )
}

const isFlag = (c: string): c is Flag => (FLAGS as readonly string[]).includes(c)

export function PrototypeGrid({ rows, errors, caption, dictionaries, onChange, onFlagAll }: Props) {
  const { i18n } = useLingui()
  const dictListId = 'prototype-dict-codes'
  return (
    <Table.ScrollContainer minWidth={1200}>
      {/* One list of dictionary codes for every row: a typed code that is no dictionary yet stays allowed. */}
      <datalist id={dictListId}>
        {dictionaries.map((d) => (
          <option key={d.code} value={d.code}>
            {d.dictValue}
          </option>
        ))}
      </datalist>
      <Table stickyHeader striped verticalSpacing={4} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              // Whole labels: a narrow column wrapped a Chinese one a character a line.
              <Table.Th
                key={c}
                scope="col"
                style={
                  c === 'jdbcName'
                    ? { ...sticky, zIndex: 2, whiteSpace: 'nowrap' }
                    : { whiteSpace: 'nowrap' }
                }
              >
                {isFlag(c) ? (
                  <FlagHeader field={c} rows={rows} onFlagAll={onFlagAll} />
                ) : (
                  i18n._(label(c))
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <PrototypeRow
              key={row.jdbcName}
              index={i}
              row={row}
              errors={errors[i]}
              dictListId={dictListId}
              onChange={onChange}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
