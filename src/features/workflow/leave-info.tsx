// A leave request as its approver and its applicant read it: who asked, for when, how many days,
// why, and whether the process is still running.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { FINISHED, type ProcessLeave } from '@/domain/workflow/flow-records'

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  )
}

export function LeaveInfo({ leave }: { leave: ProcessLeave }) {
  const { t } = useLingui()
  // Without its flow (an answer that leaves it out) the status is not guessed.
  const state = leave.flow?.processIsFinished
  const finished = state === undefined ? undefined : state === FINISHED
  // The starter's name comes with the flow; an id alone is not shown.
  const name = leave.flow?.startUserName
  return (
    <Card withBorder radius={10}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          <Trans>请假信息</Trans>
        </Title>
        {finished !== undefined && (
          <Badge color={finished ? 'gray' : 'blue'} variant="light" data-testid="leave-status">
            {finished ? t`已办结` : t`进行中`}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {name && <Item label={t`申请人`}>{name}</Item>}
        <Item label={t`申请时间`}>{leave.applyTime}</Item>
        <Item label={t`开始时间`}>{leave.startTime}</Item>
        <Item label={t`结束时间`}>{leave.endTime}</Item>
        <Item label={t`请假天数`}>{t`${leave.days} 天`}</Item>
      </SimpleGrid>
      <Stack mt="sm" gap={2}>
        <Text size="xs" c="dimmed">
          <Trans>请假理由</Trans>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {leave.reason}
        </Text>
      </Stack>
    </Card>
  )
}
