// 部署 of a process model: the category it is filed under (the `flow` dictionary), then the server
// deploys it as a new version of its process; the success says which version.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useFieldOptions } from '@/crud/dict-options'
import { refreshAfterWrite } from '@/crud/refresh'
import { CATEGORY_FIELD, flowProcess } from './flow-lists'
import { modelApi } from './model-api'

export function DeployDialog({
  model,
  onClose,
}: {
  model: { id: string; name: string }
  onClose: () => void
}) {
  const { t } = useLingui()
  const client = useQueryClient()
  const categories = useFieldOptions(CATEGORY_FIELD)
  const [category, setCategory] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const deploy = async () => {
    if (!category) return setError(t`请选择流程分类`)
    setBusy(true)
    try {
      const deployed = await modelApi.deploy(model.id, category)
      // One definition a tenant deployed to (the caller's own first); BladeX may answer one object.
      const version = (Array.isArray(deployed) ? deployed[0] : deployed)?.version
      notifications.show({
        color: 'green',
        message: version ? t`${model.name} 已部署为版本 ${version}` : t`${model.name} 已部署`,
      })
      void refreshAfterWrite(client, flowProcess.name)
      onClose()
    } catch (err) {
      logger.error('flow-model-deploy', err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={t`部署流程模型`} size="sm">
      <Stack gap="sm">
        <Text size="sm">{model.name}</Text>
        <Select
          label={t`流程分类`}
          withAsterisk
          data={categories.options}
          value={category}
          onChange={(v) => {
            setCategory(v)
            setError(undefined)
          }}
          error={error}
          disabled={categories.loading}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button loading={busy} onClick={() => void deploy()}>
            <Trans>部署</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
