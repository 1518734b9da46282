// The sync indicator of the top bar (docs/offline.md R11, R15, R16): online or offline, the rows still to send as
// a badge (red when a conflict or rejected row waits for the user), the last sync time in its
// tooltip. A click opens the outbox screen; from tablet width up a second button syncs now
// (phones find "Sync now" on the outbox screen).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Indicator, Loader, Tooltip } from '@mantine/core'
import {
  IconCloudCheck,
  IconCloudExclamation,
  IconCloudLock,
  IconCloudOff,
  IconCloudUpload,
  IconRefresh,
} from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import dayjs from 'dayjs'
import { syncNow, useSyncStatus, type SyncStatus } from '@/offline/sync-engine'
import { badgeLabel } from '../error-log/error-log-store'

type Look = 'attention' | 'auth' | 'offline' | 'sending' | 'pending' | 'synced'

/** What the button shows, most urgent first. */
export function lookOf(s: SyncStatus): Look {
  if (s.attention > 0) return 'attention'
  if (s.needsAuth) return 'auth'
  if (!s.online) return 'offline'
  if (s.running && s.pending > 0) return 'sending'
  return s.pending > 0 ? 'pending' : 'synced'
}

const icons = {
  attention: IconCloudExclamation,
  auth: IconCloudLock,
  offline: IconCloudOff,
  sending: IconCloudUpload,
  pending: IconCloudUpload,
  synced: IconCloudCheck,
}
const colors = {
  attention: 'red',
  auth: 'grape',
  offline: 'gray',
  sending: 'blue',
  pending: 'blue',
  synced: 'green',
}

export function SyncIndicator() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const s = useSyncStatus()
  const look = lookOf(s)
  const Icon = icons[look]
  const count = s.pending + s.attention
  const last = s.lastSyncAt ? dayjs(s.lastSyncAt).format('YYYY-MM-DD HH:mm:ss') : t`尚未同步`
  const lines = [
    s.online ? t`在线` : t`离线`,
    t`待同步 ${s.pending} 条`,
    ...(s.attention ? [t`需处理 ${s.attention} 条（冲突或被拒绝）`] : []),
    ...(s.needsAuth ? [t`登录已过期，请重新登录`] : []),
    t`上次同步：${last}`,
  ]
  return (
    <>
      <Tooltip label={lines.join(' · ')} multiline maw={260}>
        <Indicator
          label={badgeLabel(count)}
          disabled={!count}
          color={look === 'attention' ? 'red' : 'blue'}
          size={16}
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            size="lg"
            color={colors[look]}
            aria-label={`${t`离线队列`}: ${lines.join(', ')}`}
            onClick={() => void navigate({ to: '/outbox' })}
            data-testid="sync-indicator"
            data-online={s.online}
            data-look={look}
            data-count={count}
          >
            <Icon size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Tooltip label={t`立即同步`}>
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          size="lg"
          aria-label={t`立即同步`}
          disabled={s.running}
          onClick={() => void syncNow()}
          data-testid="sync-now-button"
        >
          {s.running ? <Loader size={16} /> : <IconRefresh size={20} />}
        </ActionIcon>
      </Tooltip>
    </>
  )
}
