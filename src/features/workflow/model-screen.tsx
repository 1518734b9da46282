// 模型设计 (/flow/model): the list engine over the process models (search, paging, view, delete with
// confirmation), with 新增 and 编辑 opening the bpmn-js designer, and 部署 per row.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconEdit, IconPlus, IconRocket } from '@tabler/icons-react'
import { useState } from 'react'
import { useSession } from '@/api/session'
import { CrudScreen } from '@/crud/crud-screen'
import { DeployDialog } from './deploy-dialog'
import { flowModel } from './flow-lists'
import { ModelDesigner } from './model-designer'
import { ModelViewDialog } from './model-view-dialog'

export default function ModelScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const [designer, setDesigner] = useState<{ id: string | null } | null>(null)
  const [deploying, setDeploying] = useState<{ id: string; name: string } | null>(null)
  return (
    <>
      <CrudScreen
        entity={flowModel}
        slots={{
          toolbar: () =>
            can.flow_model_add && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setDesigner({ id: null })}
              >
                <Trans>新增</Trans>
              </Button>
            ),
          rowActions: (row) => {
            const id = String(row.id)
            const name = String(row.name ?? '')
            return (
              <>
                {can.flow_model_edit && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconEdit size={14} />}
                    aria-label={t`编辑 ${name}`}
                    onClick={() => setDesigner({ id })}
                  >
                    <Trans>编辑</Trans>
                  </Button>
                )}
                {can.flow_model_deploy && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconRocket size={14} />}
                    aria-label={t`部署 ${name}`}
                    onClick={() => setDeploying({ id, name })}
                  >
                    <Trans>部署</Trans>
                  </Button>
                )}
              </>
            )
          },
          view: (id, onClose) => <ModelViewDialog id={id} onClose={onClose} />,
        }}
      />
      {designer && <ModelDesigner id={designer.id} onClose={() => setDesigner(null)} />}
      {deploying && <DeployDialog model={deploying} onClose={() => setDeploying(null)} />}
    </>
  )
}
