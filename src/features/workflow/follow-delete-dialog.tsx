// 删除流程实例: asks for the reason (required; the process's history keeps it) before the delete.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useDeleteProcessInstance } from './flow-api'

interface Props {
  processInstanceId: string
  name: string
  onClose: () => void
}

export function FollowDeleteDialog({ processInstanceId, name, onClose }: Props) {
  const { t } = useLingui()
  const remove = useDeleteProcessInstance()
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const missing = reason.trim() === ''

  const submit = () => {
    setTouched(true)
    if (missing) return
    remove.mutate(
      { processInstanceId, deleteReason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t`流程实例已删除` })
          onClose()
        },
      },
    )
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`删除流程实例`}
      centered
      closeButtonProps={{ 'aria-label': t`关闭` }}
    >
      <Text
        size="sm"
        mb="sm"
      >{t`确定删除流程实例「${name}」（${processInstanceId}）？删除后流程不可恢复。`}</Text>
      <Textarea
        label={t`删除理由`}
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={touched && missing ? t`请输入删除理由` : undefined}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          <Trans>取消</Trans>
        </Button>
        <Button color="red" loading={remove.isPending} onClick={submit}>
          <Trans>删除</Trans>
        </Button>
      </Group>
    </Modal>
  )
}
