// Running totals of a count: lines, quantity and per SKU.
import { Trans } from '@lingui/react/macro'
import { Card, SimpleGrid, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { CountTotals } from './count-lines'

function Stat({ label, value, testId }: { label: ReactNode; value: number; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  )
}

export function CountTotalsView({ totals }: { totals: CountTotals }) {
  return (
    <>
      <SimpleGrid cols={3}>
        <Stat label={<Trans>行数</Trans>} value={totals.lines} testId="count-lines" />
        <Stat label={<Trans>总数量</Trans>} value={totals.quantity} testId="count-quantity" />
        <Stat label={<Trans>SKU数</Trans>} value={totals.perSku.length} testId="count-skus" />
      </SimpleGrid>
      {totals.perSku.length > 0 && (
        <Table.ScrollContainer minWidth={280} mah={260}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>SKU编号</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>行数</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>数量</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.perSku.map((s) => (
                <Table.Tr key={s.skuNo}>
                  <Table.Td>{s.skuNo}</Table.Td>
                  <Table.Td ta="right">{s.lines}</Table.Td>
                  <Table.Td ta="right">{s.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  )
}
