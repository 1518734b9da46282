// "Discard changes?": Enter (focus starts there) discards, Esc or 继续编辑 goes back to the form.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal } from '@mantine/core'

export function DiscardDialog({
  onDiscard,
  onKeep,
}: {
  onDiscard: () => void
  onKeep: () => void
}) {
  const { t } = useLingui()
  // Above the form's own dialog, whichever opened first.
  return (
    <Modal
      opened
      onClose={onKeep}
      title={t`放弃未保存的内容？`}
      centered
      size="sm"
      zIndex={400}
      withCloseButton={false}
    >
      <Group justify="flex-end">
        <Button variant="default" onClick={onKeep}>
          <Trans>继续编辑</Trans>
        </Button>
        <Button color="red" onClick={onDiscard} data-autofocus>
          <Trans>放弃</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
