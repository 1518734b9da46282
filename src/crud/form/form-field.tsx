// The form control of one field, by componentOf(field): text, textarea, number, select/multiselect,
// tree select (a searchable checkbox tree when multiple), radio, checkbox, switch, date/datetime/
// month, password, rich-text editor and upload. Props come from @mantine/form's getInputProps.
// ('rows' fields are the form's own: see rows-editor.tsx.)
import { useLingui } from '@lingui/react'
import { useLingui as useT } from '@lingui/react/macro'
import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Switch,
  Textarea,
  TextInput,
  TreeSelect,
  type TreeNodeData,
} from '@mantine/core'
import { DatePickerInput, DateTimePicker, MonthPickerInput } from '@mantine/dates'
import { memo } from 'react'
import { componentOf, type FieldDef } from '@/domain/entity'
import { flattenOptions, useFieldOptions, type Option } from '../dict-options'
import { CheckTreeInput } from '../inputs/check-tree-input'
import { DateTimeRangeInput } from '../inputs/datetime-range-input'
import type { FormValue } from './form-values'
import { RichEditor } from '../inputs/rich-editor'
import { UploadInput } from '../inputs/upload-input'

export interface FieldInputProps {
  value: FormValue
  onChange: (v: unknown) => void
  onBlur?: () => void
  onFocus?: () => void
  error?: string
}

const toTree = (options: Option[]): TreeNodeData[] =>
  options.map((o) => ({
    value: o.value,
    label: o.label,
    children: o.children ? toTree(o.children) : undefined,
  }))
const str = (v: FormValue) => (v === null || v === undefined ? '' : String(v))

interface Props {
  field: FieldDef
  input: FieldInputProps
  autoFocus?: boolean
  /** Shown but not editable (the key of a record being edited). */
  readOnly?: boolean
  /** Multiple trees: checking a node checks its subtree and marks the nodes above (else each node on its own). */
  cascade?: boolean
  /** A cell of a rows field: no visible label (its column has it), this accessible name instead. */
  ariaLabel?: string
  /** Editing a write-only field: whether the server holds a value (never shown; left empty, it is kept). */
  storedSecret?: boolean
}

export function FormField({
  field,
  input,
  autoFocus,
  readOnly,
  cascade,
  ariaLabel,
  storedSecret,
}: Props) {
  const { i18n } = useLingui()
  const { t } = useT()
  const { options } = useFieldOptions(field)
  const label = i18n._(field.label)
  // data-autofocus as well: a dialog's focus trap then focuses this field too, not its close button
  // (moving focus off the field blurred it, and the empty required field showed its error at once).
  const common = {
    label: ariaLabel ? undefined : label,
    'aria-label': ariaLabel,
    required: !!field.required && !field.requiredWhen && !storedSecret,
    error: input.error,
    onBlur: input.onBlur,
    onFocus: input.onFocus,
    autoFocus,
    'data-autofocus': autoFocus || undefined,
    placeholder: field.example === undefined ? undefined : String(field.example),
  }
  if (storedSecret !== undefined)
    common.placeholder = storedSecret ? t`已设置，留空则保持不变` : t`未设置`
  const data = flattenOptions(options).map((o) => ({ value: o.value, label: o.label }))
  const blurAfter = (v: unknown) => {
    input.onChange(v)
    // Pickers have no blur of their own text: validate when the choice is made.
    queueMicrotask(() => input.onBlur?.())
  }
  if (readOnly) return <TextInput {...common} readOnly variant="filled" value={str(input.value)} />
  switch (componentOf(field)) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={12}
          value={str(input.value)}
          onChange={(e) => input.onChange(e.currentTarget.value)}
        />
      )
    case 'editor':
      return (
        <RichEditor
          label={label}
          required={common.required}
          error={input.error}
          value={str(input.value)}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      )
    case 'number':
      // Not clamped: an out-of-range value gets the declaration's message instead of silently changing.
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          clampBehavior="none"
          value={input.value === null ? '' : (input.value as number | string)}
          onChange={input.onChange}
        />
      )
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          value={str(input.value)}
          onChange={(e) => input.onChange(e.currentTarget.value)}
        />
      )
    case 'select':
      if (field.multiple)
        return (
          <MultiSelect
            {...common}
            data={data}
            searchable
            clearable
            value={(input.value as string[]) ?? []}
            onChange={blurAfter}
          />
        )
      return (
        <Select
          {...common}
          data={data}
          searchable
          clearable
          value={input.value === '' ? null : (input.value as string | null)}
          onChange={blurAfter}
        />
      )
    case 'tree':
      if (field.multiple)
        return (
          <CheckTreeInput
            label={label}
            required={common.required}
            error={input.error}
            options={options}
            value={(input.value as string[]) ?? []}
            onChange={blurAfter}
            cascade={cascade}
          />
        )
      return (
        <TreeSelect
          {...common}
          data={toTree(options)}
          clearable
          value={input.value === '' ? null : (input.value as string | null)}
          onChange={blurAfter}
        />
      )
    case 'radio':
      return (
        <Radio.Group {...common} value={str(input.value)} onChange={blurAfter}>
          <Group mt={4}>
            {data.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
      )
    case 'checkbox':
      if (!field.options)
        return (
          <Checkbox
            label={label}
            error={input.error}
            checked={input.value === true}
            onChange={(e) => blurAfter(e.currentTarget.checked)}
          />
        )
      return (
        <Checkbox.Group {...common} value={(input.value as string[]) ?? []} onChange={blurAfter}>
          <Group mt={4}>
            {data.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )
    case 'switch':
      return (
        <Switch
          label={label}
          error={input.error}
          checked={input.value === true}
          onChange={(e) => blurAfter(e.currentTarget.checked)}
          mt="lg"
        />
      )
    case 'date':
      if (field.type === 'month') {
        return (
          <MonthPickerInput
            {...common}
            clearable
            valueFormat="YYYY-MM"
            value={input.value ? `${str(input.value).slice(0, 7)}-01` : null}
            onChange={(v) => blurAfter(v ? String(v).slice(0, 7) : '')}
          />
        )
      }
      return (
        <DatePickerInput
          {...common}
          clearable
          valueFormat="YYYY-MM-DD"
          value={str(input.value) || null}
          onChange={(v) => blurAfter(v ?? '')}
        />
      )
    case 'daterange':
      return (
        <DateTimeRangeInput
          label={label}
          value={str(input.value)}
          error={input.error}
          required={!!field.required}
          onChange={blurAfter}
        />
      )
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          clearable
          withSeconds
          valueFormat="YYYY-MM-DD HH:mm:ss"
          submitButtonProps={{ 'aria-label': t`确定` }}
          value={str(input.value) || null}
          onChange={(v) => blurAfter(v ?? '')}
        />
      )
    case 'upload':
      return (
        <UploadInput
          label={label}
          required={!!field.required}
          error={input.error}
          value={str(input.value)}
          onChange={blurAfter}
        />
      )
    default:
      return (
        <TextInput
          {...common}
          value={str(input.value)}
          onChange={(e) => input.onChange(e.currentTarget.value)}
        />
      )
  }
}

/**
 * FormField for a field of a form made by useForm (its getInputProps): drawn again only when what it
 * shows changes. In a controlled form every keystroke draws the whole form again; in a form of thirty
 * fields that was most of the time a keystroke took on a phone. getInputProps hands new handlers on
 * each draw that do the same thing (they read the form's current values), so they are not compared.
 */
export const FormInputField = memo(
  FormField,
  (a, b) =>
    a.field === b.field &&
    a.input.value === b.input.value &&
    a.input.error === b.input.error &&
    a.autoFocus === b.autoFocus &&
    a.readOnly === b.readOnly &&
    a.cascade === b.cascade &&
    a.ariaLabel === b.ariaLabel &&
    a.storedSecret === b.storedSecret,
)
