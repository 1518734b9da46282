// Notices of the counting screen: a finished count is read-only (the server's own refusal text),
// and lines the server refused stay in the outbox for the user, never silently dropped.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Text } from '@mantine/core'
import { IconAlertTriangle, IconLock } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { countFinishedMessage } from '@/domain/stock/stock-taking'
import type { OutboxRow } from '@/offline/db'

/** pending: finished on this device, the server does not know yet. */
export function FinishedNotice({ finishTime, pending }: { finishTime?: string; pending: boolean }) {
  const { t } = useLingui()
  return (
    <Alert
      color="blue"
      icon={<IconLock />}
      title={t(countFinishedMessage)}
      data-testid="count-finished"
    >
      {pending ? (
        <Trans>本设备已完成此盘点，联网后会在本设备的盘点行之后同步到服务器。</Trans>
      ) : finishTime ? (
        <Trans>完成时间：{finishTime}</Trans>
      ) : (
        <Trans>此盘点已完成。</Trans>
      )}
    </Alert>
  )
}

export function RejectedLinesNotice({ rows }: { rows: readonly OutboxRow[] }) {
  const navigate = useNavigate()
  if (rows.length === 0) return null
  const reasons = [...new Set(rows.map((r) => r.lastError).filter(Boolean))]
  return (
    <Alert color="red" icon={<IconAlertTriangle />} data-testid="count-rejected">
      <Text size="sm">
        <Trans>{rows.length} 条盘点行被服务器拒绝，仍保存在本设备：</Trans> {reasons.join('；')}
      </Text>
      <Anchor
        component="button"
        size="sm"
        onClick={() => void navigate({ to: '/outbox' } as never)}
      >
        <Trans>在同步队列中查看</Trans>
      </Anchor>
    </Alert>
  )
}
