// 查看 of a deployed process definition: its diagram, read-only.
import { useLingui } from '@lingui/react/macro'
import { Modal } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { QueryStatus } from '@/crud/query-status'
import { DefinitionView } from './definition-view'
import { modelApi } from './model-api'

export function DefinitionDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui()
  const xml = useQuery(modelApi.definitionXml(id))
  return (
    <Modal opened onClose={onClose} size="80rem" title={`${t`流程图`} · ${id}`}>
      <QueryStatus query={xml} failed={t`流程图加载失败`} />
      {xml.data && <DefinitionView xml={xml.data} />}
    </Modal>
  )
}
