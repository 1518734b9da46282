// What a broken screen shows: a reload prompt for a chunk that failed or timed out, otherwise the
// message with a retry.
import { useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { isChunkLoadError } from './chunk-error'

export function ContentError({ error, reset }: { error: unknown; reset?: () => void }) {
  const { t } = useLingui()
  if (isChunkLoadError(error))
    return (
      <Alert
        color="orange"
        radius={10}
        icon={<IconRefresh />}
        title={t`页面加载失败`}
        data-testid="chunk-error"
      >
        <Text
          size="sm"
          mb="sm"
        >{t`页面代码未能加载（网络中断、超时或系统已更新）。请重新加载页面。`}</Text>
        <Button
          onClick={() => window.location.reload()}
          leftSection={<IconRefresh size={16} />}
        >{t`重新加载`}</Button>
      </Alert>
    )
  return (
    <Alert
      color="red"
      radius={10}
      icon={<IconAlertTriangle />}
      title={t`页面出错了`}
      data-testid="content-error"
    >
      <Text size="sm" mb="sm" style={{ wordBreak: 'break-word' }}>
        {error instanceof Error ? error.message : String(error)}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">{t`错误已记录到错误日志。`}</Text>
      {reset && (
        <Group>
          <Button variant="light" onClick={reset}>{t`重试`}</Button>
        </Group>
      )}
    </Alert>
  )
}
