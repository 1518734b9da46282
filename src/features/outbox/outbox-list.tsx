// The queued rows as a table on wide screens and as cards on phones: entity, operation, state,
// when queued, attempts, last error and the row's actions.
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useT } from '@lingui/react/macro'
import { Badge, Card, Group, Table, Text } from '@mantine/core'
import { VirtualStack } from '@/crud/table/virtual-stack'
import type { OutboxRow } from '@/offline/db'
import { formatTime } from './format-time'
import { OutboxRowActions } from './outbox-row-actions'
import { entityTitle, opLabel, stateColor, stateLabel } from './outbox-labels'

function StateBadge({ row }: { row: OutboxRow }) {
  const { i18n } = useLingui()
  return (
    <Badge
      color={stateColor(row.state)}
      variant={row.state === 'conflict' || row.state === 'rejected' ? 'filled' : 'light'}
      data-testid="outbox-state"
    >
      {stateLabel(i18n, row.state)}
    </Badge>
  )
}

const dataAttrs = (row: OutboxRow) => ({
  'data-testid': 'outbox-row',
  'data-key': row.key,
  'data-state': row.state,
  'data-entity': row.entity,
})

export function OutboxTable({ rows }: { rows: OutboxRow[] }) {
  const { i18n } = useLingui()
  const { t } = useT()
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`数据`}</Table.Th>
            <Table.Th>{t`操作`}</Table.Th>
            <Table.Th>{t`状态`}</Table.Th>
            <Table.Th>{t`保存时间`}</Table.Th>
            <Table.Th>{t`尝试次数`}</Table.Th>
            <Table.Th>{t`最后错误`}</Table.Th>
            <Table.Th>{t`处理`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} {...dataAttrs(row)}>
              <Table.Td>
                <Text size="sm">{entityTitle(i18n, row.entity)}</Text>
                <Text size="xs" c="dimmed">
                  {row.clientId}
                </Text>
              </Table.Td>
              <Table.Td>{opLabel(i18n, row)}</Table.Td>
              <Table.Td>
                <StateBadge row={row} />
              </Table.Td>
              <Table.Td>{formatTime(row.createdAt)}</Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td maw={280}>
                <Text
                  size="sm"
                  c={row.lastError ? 'red' : 'dimmed'}
                  lineClamp={2}
                  title={row.lastError ?? undefined}
                >
                  {row.lastError ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <OutboxRowActions row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function OutboxCards({ rows }: { rows: OutboxRow[] }) {
  const { i18n } = useLingui()
  // A long queue (a day of offline counting) is virtualised: only the cards near the viewport render.
  return (
    <VirtualStack
      items={rows}
      itemKey={(row) => row.key}
      estimate={112}
      render={(row) => (
        <Card withBorder padding="sm" {...dataAttrs(row)}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={600} size="sm" truncate>
              {entityTitle(i18n, row.entity)} · {opLabel(i18n, row)}
            </Text>
            <StateBadge row={row} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatTime(row.createdAt)} · <Trans>尝试 {row.attempts} 次</Trans>
          </Text>
          {row.lastError && (
            <Text size="sm" c="red" mt={4} lineClamp={3}>
              {row.lastError}
            </Text>
          )}
          <Group mt="xs">
            <OutboxRowActions row={row} />
          </Group>
        </Card>
      )}
    />
  )
}
