// A statement's income, expense and balance in đồng, as the server keeps them.
import { useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Text } from '@mantine/core'
import type { Row } from '@/crud/entity-api'
import { formatNumber } from '@/domain/format'

export function StatementTotals({ statement }: { statement: Row }) {
  const { t } = useLingui()
  const balance = Number(statement.balanceVnd ?? 0)
  const figures = [
    { key: 'totalIncomeVnd', label: t`收入合计`, color: 'teal' },
    { key: 'totalExpenseVnd', label: t`支出合计`, color: 'red' },
    { key: 'balanceVnd', label: t`结余`, color: balance < 0 ? 'red' : 'blue' },
  ]
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="md">
      {figures.map((f) => (
        <Paper key={f.key} withBorder radius="md" p="sm" data-testid={`statement-${f.key}`}>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} size="lg" c={f.color}>
            {formatNumber('vnd', statement[f.key] ?? 0)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
