// One control of the search panel, chosen from the field: option select, date range, from–to pair
// or text. Values are SearchValue (text, keys, or a [from, to] range).
import { useLingui } from '@lingui/react'
import { Group, TextInput } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { FieldDef } from '@/domain/entity'
import { flattenOptions, useFieldOptions } from '../dict-options'
import type { SearchValue } from '../list/list-search'

interface Props {
  field: FieldDef
  value: SearchValue | undefined
  onChange: (v: SearchValue) => void
}

// Loaded with the first list that has a date search; meanwhile a plain input of the same size holds the place.
const SearchDateRange = lazy(() =>
  import('./search-date-range').then((m) => ({ default: m.SearchDateRange })),
)

// Loaded with the first list that searches a multi-valued field (few do): ~3 KB of the shell's download.
const MultiSelect = lazy(() => import('./multi-select').then((m) => ({ default: m.MultiSelect })))

// Loaded with the first list that searches a field with options (its Combobox is a chunk of its own).
const Select = lazy(() => import('../select-parts').then((m) => ({ default: m.Select })))

const isDate = (f: FieldDef) => f.type === 'date' || f.type === 'datetime' || f.type === 'month'

export function SearchField({ field, value, onChange }: Props) {
  const { i18n } = useLingui()
  const label = i18n._(field.label)
  const { options } = useFieldOptions(field)
  if (field.search === 'between') {
    const range: [string | null, string | null] =
      Array.isArray(value) && value.length === 2
        ? [value[0] || null, value[1] || null]
        : [null, null]
    if (isDate(field)) {
      return (
        <Suspense fallback={<TextInput label={label} aria-label={label} readOnly />}>
          <SearchDateRange
            label={label}
            value={range}
            onChange={onChange}
            month={field.type === 'month'}
          />
        </Suspense>
      )
    }
    return (
      <Group gap={4} grow wrap="nowrap" align="end">
        <TextInput
          label={label}
          aria-label={`${label} ≥`}
          value={range[0] ?? ''}
          onChange={(e) => onChange([e.currentTarget.value, range[1]])}
        />
        <TextInput
          aria-label={`${label} ≤`}
          value={range[1] ?? ''}
          onChange={(e) => onChange([range[0], e.currentTarget.value])}
        />
      </Group>
    )
  }
  if (field.options) {
    const data = flattenOptions(options).map((o) => ({ value: o.value, label: o.label }))
    if (field.multiple) {
      return (
        <Suspense fallback={<TextInput label={label} aria-label={label} readOnly />}>
          <MultiSelect
            label={label}
            data={data}
            clearable
            searchable
            value={Array.isArray(value) ? (value as string[]) : []}
            onChange={(v) => onChange(v.map(String))}
          />
        </Suspense>
      )
    }
    return (
      <Suspense fallback={<TextInput label={label} aria-label={label} readOnly />}>
        <Select
          label={label}
          data={data}
          clearable
          searchable
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onChange(v == null ? '' : String(v))}
        />
      </Suspense>
    )
  }
  return (
    <TextInput
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  )
}
