// The head of the outbox screen: connectivity, counts, last sync and "Sync now" (docs/offline.md R15), and a note
// when rows of another user wait on this device (they are not shown, docs/offline.md R19).
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Button, Group, Text } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useOutboxCounts } from '@/offline/outbox'
import { syncNow, useSyncStatus } from '@/offline/sync-engine'
import { formatTime } from './format-time'

export function SyncSummary() {
  const { t } = useLingui()
  const s = useSyncStatus()
  const counts = useOutboxCounts()
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm" data-testid="sync-summary">
        <Group gap="xs" wrap="wrap">
          <Badge color={s.online ? 'green' : 'gray'} variant="light" data-testid="sync-online">
            {s.online ? t`在线` : t`离线`}
          </Badge>
          <Text size="sm">{t`待同步 ${s.pending} 条`}</Text>
          {/* Its place is kept while there is nothing to handle: the count can arrive after the rows
              have painted, and the line must not then wrap and push them down (docs/offline.md P4 CLS). */}
          <Text
            size="sm"
            c="red"
            fw={600}
            style={s.attention > 0 ? undefined : { visibility: 'hidden' }}
            aria-hidden={s.attention > 0 ? undefined : true}
          >
            {t`需处理 ${s.attention} 条`}
          </Text>
          <Text size="sm" c="dimmed">
            {t`上次同步：${formatTime(s.lastSyncAt)}`}
          </Text>
        </Group>
        <Button
          size="sm"
          leftSection={<IconRefresh size={16} />}
          loading={s.running}
          onClick={() => void syncNow()}
          data-testid="sync-now"
        >
          <Trans>立即同步</Trans>
        </Button>
      </Group>
      {s.needsAuth && (
        <Alert color="grape" mb="sm">
          <Trans>登录已过期，重新登录后队列会继续同步。</Trans>
        </Alert>
      )}
      {counts.quarantined > 0 && (
        <Alert color="gray" mb="sm">
          {t`本设备上还有 ${counts.quarantined} 条其他用户的待同步数据，会在该用户登录后同步。`}
        </Alert>
      )}
    </>
  )
}
