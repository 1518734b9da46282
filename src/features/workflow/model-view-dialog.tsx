// 查看 of a process model: its fields and its diagram, read-only.
import { useLingui } from '@lingui/react/macro'
import { Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { QueryStatus } from '@/crud/query-status'
import { DefinitionView } from './definition-view'
import { modelApi } from './model-api'

export function ModelViewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui()
  const detail = useQuery(modelApi.detail(id))
  const m = detail.data
  const item = (label: string, value: string | number | undefined) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? ''}</Text>
    </div>
  )
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      title={m ? `${t`查看流程模型`} · ${m.name}` : t`查看流程模型`}
    >
      <QueryStatus query={detail} failed={t`流程模型加载失败`} />
      {m && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {item(t`模型标识`, m.modelKey)}
            {item(t`模型名称`, m.name)}
            {item(t`模型版本`, m.version)}
          </SimpleGrid>
          {m.description && item(t`模型描述`, m.description)}
          {m.xml ? <DefinitionView xml={m.xml} /> : <Text c="dimmed">{t`该模型还没有流程图`}</Text>}
        </Stack>
      )}
    </Modal>
  )
}
