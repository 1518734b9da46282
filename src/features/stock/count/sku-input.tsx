// The SKU field. A keyboard-wedge scanner types the code fast and ends with Enter into this
// focused field; a person types with suggestions from the known SKUs. Enter commits the line.
import { useLingui } from '@lingui/react/macro'
import { Autocomplete } from '@mantine/core'
import { forwardRef } from 'react'

interface Props {
  value: string
  onChange: (v: string) => void
  onCommit: (sku: string) => void
  known: string[]
  error?: string | null
}

/** The known SKUs that contain what was typed (at most 20). */
export function suggest(known: readonly string[], typed: string): string[] {
  const q = typed.trim().toLowerCase()
  if (!q) return []
  return known.filter((s) => s.toLowerCase().includes(q)).slice(0, 20)
}

export const SkuInput = forwardRef<HTMLInputElement, Props>(function SkuInput({ value, onChange, onCommit, known, error }, ref) {
  const { t } = useLingui()
  return (
    <Autocomplete
      ref={ref}
      size="xl"
      label={t`SKU编号`}
      placeholder={t`扫码或输入SKU`}
      value={value}
      onChange={onChange}
      data={suggest(known, value)}
      onOptionSubmit={(v) => onChange(v)}
      error={error}
      autoFocus
      autoComplete="off"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
        e.preventDefault()
        onCommit(e.currentTarget.value.trim())
      }}
    />
  )
})
