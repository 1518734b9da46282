// The one message of a list whose refresh failed, above its rows, with a retry. The HTTP client
// shows no toast for list reads (they are silent), so the failure is said once, here.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { BladeHttpError } from '@/api/http'

export function ListRefreshError({
  id,
  error,
  hasRows,
  retrying,
  onRetry,
}: {
  id: string
  error: unknown
  hasRows: boolean
  retrying: boolean
  onRetry: () => void
}) {
  const { t } = useLingui()
  const reason = error instanceof BladeHttpError ? error.msg : ''
  return (
    <Alert
      id={id}
      role="alert"
      color="red"
      variant="light"
      mb="sm"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="list-refresh-error"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          {hasRows ? t`列表刷新失败，下面显示的是上次的数据。` : t`列表加载失败。`} {reason}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          <Trans>重试</Trans>
        </Button>
      </Group>
    </Alert>
  )
}
