// Saved by someone else after this editor read it (409) where no field-by-field comparison fits (a
// diagram, a column layout): load theirs (my edits are dropped) or go back to my edits.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export function StaleSaveDialog({
  message,
  onReload,
  onCancel,
}: {
  message: ReactNode
  onReload: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  // Above the full-screen editors that open it.
  return (
    <Modal opened onClose={onCancel} title={t`保存冲突`} centered size="md" zIndex={400}>
      <Text size="sm" role="alert" mb="md">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>继续编辑</Trans>
        </Button>
        <Button onClick={onReload} data-autofocus>
          <Trans>重新载入</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
