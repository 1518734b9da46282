// The figures a salary form's values make, computed as the server will (salary-extra-math.ts): a
// preview while typing; the server computes them again on save.
import { Paper, SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatNumber } from '@/domain/format'

export function SalaryPreview({
  figures,
  note,
}: {
  figures: { label: string; value: number | null }[]
  note?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="sm" mt="sm" data-testid="salary-preview">
      <SimpleGrid cols={{ base: 2, sm: figures.length }} spacing="xs">
        {figures.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600}>{f.value === null ? '—' : formatNumber('vnd', f.value)}</Text>
          </div>
        ))}
      </SimpleGrid>
      {note && (
        <Text size="xs" c="dimmed" mt="xs">
          {note}
        </Text>
      )}
    </Paper>
  )
}
