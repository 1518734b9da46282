// What an export is doing, beside its button: waiting, opened in a new window (iOS home-screen
// apps), or done with its row count and size.
import { Trans } from '@lingui/react/macro'
import { Group, Loader, Text } from '@mantine/core'
import type { ExportState } from './use-export'

export function ExportStatus({ state }: { state: ExportState }) {
  if (state.status === 'running') {
    return (
      <Group gap={4} role="status">
        <Loader size="xs" />
        <Text size="sm">
          <Trans>正在导出…</Trans>
        </Text>
      </Group>
    )
  }
  if (state.status === 'opened') {
    const rows = state.rows
    return (
      <Text size="sm" c="dimmed" role="status">
        <Trans>已在新窗口打开 {rows} 条数据的导出文件</Trans>
      </Text>
    )
  }
  if (state.status !== 'done') return null
  const rows = state.rows
  const kb = (state.bytes / 1024).toFixed(2)
  return (
    <Text size="sm" c="dimmed" role="status">
      <Trans>
        已导出 {rows} 条，{kb} KB
      </Trans>
    </Text>
  )
}
