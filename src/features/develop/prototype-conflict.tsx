// The columns were saved by someone else after this editor read them (409): load theirs (my edits
// are dropped) or go back to my edits.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Text } from '@mantine/core'

export function PrototypeConflict({ onReload, onCancel }: { onReload: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  // Above the editor.
  return (
    <Modal opened onClose={onCancel} title={t`保存冲突`} centered size="md" zIndex={400}>
      <Text size="sm" role="alert" mb="md">
        <Trans>该模型的字段配置在你打开后已被他人修改。重新载入会放弃你的修改。</Trans>
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
