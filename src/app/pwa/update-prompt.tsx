// "New version available — reload" (docs/offline.md R25): a small banner while a new worker waits. The reload is
// refused with a reason while outbox rows are sending or a form has unsaved edits.
import { useLingui } from '@lingui/react/macro'
import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core'
import { useSyncExternalStore } from 'react'
import type { UpdateFlow } from './update-flow'

export function UpdatePrompt({ flow }: { flow: UpdateFlow }) {
  const { t } = useLingui()
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  if (!state.available) return null
  const reason =
    state.blocked === 'sending'
      ? t`离线数据正在同步，请在同步完成后重新加载。`
      : state.blocked === 'dirty'
        ? t`有未保存的表单，请先保存或关闭后再重新加载。`
        : null
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Paper withBorder shadow="md" p="sm" maw={360} role="status" data-testid="pwa-update-prompt">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={500}>
              {t`新版本已就绪，重新加载即可使用。`}
            </Text>
            <CloseButton size="sm" aria-label={t`稍后`} onClick={flow.dismiss} />
          </Group>
          {reason && (
            <Text size="xs" c="orange" data-testid="pwa-update-blocked">
              {reason}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              size="xs"
              loading={state.activating}
              onClick={() => void flow.acceptUpdate()}
              data-testid="pwa-update-reload"
            >
              {t`重新加载`}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  )
}
