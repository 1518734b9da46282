// The date-range control of the search panel, in a module of its own: the date pickers load only
// with a list that searches by date, so other lists download less.
import { DatePickerInput, MonthPickerInput } from '@mantine/dates'

interface Props {
  label: string
  value: [string | null, string | null]
  onChange: (v: [string | null, string | null]) => void
  /** A month field (yyyy-MM): a range of months. */
  month?: boolean
}

export function SearchDateRange({ label, value, onChange, month }: Props) {
  if (month)
    return (
      <MonthPickerInput
        type="range"
        label={label}
        aria-label={label}
        valueFormat="YYYY-MM"
        clearable
        allowSingleDateInRange
        value={value}
        onChange={(v) => onChange([v[0], v[1]])}
      />
    )
  return (
    <DatePickerInput
      type="range"
      label={label}
      aria-label={label}
      valueFormat="YYYY-MM-DD"
      clearable
      allowSingleDateInRange
      value={value}
      onChange={(v) => onChange([v[0], v[1]])}
    />
  )
}
