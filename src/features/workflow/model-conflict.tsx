// The model was saved by someone else after the designer read it (409): load theirs (my changes are
// dropped) or go back to my changes.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Text } from '@mantine/core'

export function ModelConflict({ onReload, onCancel }: { onReload: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  // Above the designer.
  return (
    <Modal opened onClose={onCancel} title={t`保存冲突`} centered size="md" zIndex={400}>
      <Text size="sm" role="alert" mb="md">
        <Trans>该流程模型在你打开后已被他人保存，你的修改没有保存。重新载入会显示他人保存的模型并放弃你的修改。</Trans>
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
