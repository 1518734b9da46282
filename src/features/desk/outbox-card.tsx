// The one card read on the device itself: rows of this user's outbox not yet confirmed by the
// server, and those that need the user (conflicts, refusals), linking to the outbox screen.
import { useLingui } from '@lingui/react/macro'
import { SimpleGrid, Stack, Text } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { formatNumber } from '@/domain/format'
import { useOutboxCounts } from '@/offline/outbox'
import { CardFrame } from './card-frame'

const OUTBOX_PATH = '/outbox'

export function OutboxCard() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const counts = useOutboxCounts()
  const figures = [
    { key: 'pending', label: t`待同步`, value: counts.total },
    { key: 'attention', label: t`需处理`, value: counts.conflict + counts.rejected },
  ]
  return (
    <CardFrame
      title={t`本设备离线队列`}
      href={OUTBOX_PATH}
      onOpen={() => void navigate({ to: OUTBOX_PATH })}
      testId="dashboard-card-outbox"
      note={t`在本设备保存、尚未被服务器确认的修改`}
    >
      <SimpleGrid cols={2} spacing="sm">
        {figures.map((f) => (
          <Stack key={f.key} gap={0} data-testid={`figure-outbox-${f.key}`}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text
              fz="xl"
              fw={700}
              lh={1.3}
              c={f.key === 'attention' && f.value > 0 ? 'red' : undefined}
            >
              {formatNumber('floor', f.value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </CardFrame>
  )
}
