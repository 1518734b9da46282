// A date-time range kept as one 'start,end' text value (a job's lifecycle), edited as two pickers
// in a labelled group; either end may stay empty (open), and both empty is no value.
import { Fieldset, Group, Input } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

interface Props {
  label: string
  value: string
  error?: ReactNode
  required?: boolean
  onChange: (value: string) => void
}

export function DateTimeRangeInput({ label, value, error, required, onChange }: Props) {
  const { t } = useLingui()
  const [start = '', end = ''] = value ? value.split(',') : []
  const set = (s: string, e: string) => onChange(s || e ? `${s},${e}` : '')
  const picker = {
    clearable: true,
    withSeconds: true,
    valueFormat: 'YYYY-MM-DD HH:mm:ss',
    submitButtonProps: { 'aria-label': t`确定` },
    style: { flex: 1, minWidth: 200 },
  } as const
  return (
    <Fieldset
      legend={required ? `${label} *` : label}
      variant="unstyled"
      aria-invalid={error ? true : undefined}
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateTimePicker
          {...picker}
          label={t`开始时间`}
          aria-label={`${label} ${t`开始时间`}`}
          value={start || null}
          onChange={(v) => set(v ?? '', end)}
        />
        <DateTimePicker
          {...picker}
          label={t`结束时间`}
          aria-label={`${label} ${t`结束时间`}`}
          value={end || null}
          onChange={(v) => set(start, v ?? '')}
        />
      </Group>
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Fieldset>
  )
}
