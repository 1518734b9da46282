// Quantity with large − / + controls for gloved fingers on a tablet (touch targets ≥ 48 px).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, NumberInput } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'

const MAX_QUANTITY = 1000000

export function QuantityStepper({
  value,
  onChange,
}: {
  value: number
  onChange: (n: number) => void
}) {
  const { t } = useLingui()
  const set = (n: number) => onChange(Math.min(MAX_QUANTITY, Math.max(1, Math.round(n) || 1)))
  return (
    <Group gap="sm" wrap="nowrap" align="end">
      <ActionIcon
        size={64}
        radius="md"
        variant="default"
        aria-label={t`减少数量`}
        onClick={() => set(value - 1)}
        disabled={value <= 1}
      >
        <IconMinus size={32} />
      </ActionIcon>
      <NumberInput
        size="xl"
        label={t`数量`}
        value={value}
        onChange={(v) => set(typeof v === 'number' ? v : Number(v))}
        min={1}
        max={MAX_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        styles={{ input: { textAlign: 'center', minHeight: 64, fontSize: 28 } }}
        w={140}
      />
      <ActionIcon
        size={64}
        radius="md"
        variant="filled"
        aria-label={t`增加数量`}
        onClick={() => set(value + 1)}
      >
        <IconPlus size={32} />
      </ActionIcon>
    </Group>
  )
}
