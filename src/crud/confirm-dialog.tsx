// A yes/no question in a modal, focus on the confirm button; Esc or cancel answers no.
import { Trans } from '@lingui/react/macro'
import { Button, Group, Modal, Text } from '@mantine/core'

interface Props {
  message: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({ message, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened onClose={onCancel} withCloseButton={false} centered size="sm">
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
          <Trans>确定</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
