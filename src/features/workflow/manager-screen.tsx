// 部署管理 (/flow/manager): the list engine over the deployed process definitions (category and key
// search, paging, 查看 of the diagram), with 上传部署, 激活/挂起 per row and 删除 of deployments, each
// write after a confirmation.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlayerPause, IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { logger } from '@/api/logger'
import { useSession } from '@/api/session'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { refreshAfterWrite } from '@/crud/refresh'
import { STATE_ACTIVE } from '@/domain/workflow/flow-records'
import { DefinitionDialog } from './definition-dialog'
import { flowProcess, nextState } from './flow-lists'
import { modelApi } from './model-api'
import { UploadDialog } from './upload-dialog'

type Pending =
  { kind: 'state'; row: Row } | { kind: 'delete'; rows: Row[] } | { kind: 'upload' } | null

export default function ManagerScreen() {
  const { t } = useLingui()
  const can = useSession((s) => s.permission)
  const client = useQueryClient()
  const [pending, setPending] = useState<Pending>(null)
  const [busy, setBusy] = useState(false)
  const label = (row: Row) => `${String(row.name ?? '')} v${String(row.version ?? '')}`

  const run = async (write: () => Promise<unknown>, done: string, what: string) => {
    setBusy(true)
    try {
      await write()
      notifications.show({ color: 'green', message: done })
      void refreshAfterWrite(client, flowProcess.name)
      setPending(null)
    } catch (err) {
      logger.error(what, err)
    } finally {
      setBusy(false)
    }
  }

  const question = (p: Exclude<Pending, { kind: 'upload' } | null>) => {
    if (p.kind === 'delete') {
      const names = p.rows.map(label).join('、')
      return t`确定删除部署 ${names}？其流程定义将一并删除。`
    }
    return nextState(p.row.suspensionState) === STATE_ACTIVE
      ? t`确定激活流程 ${label(p.row)}？激活后可以发起。`
      : t`确定挂起流程 ${label(p.row)}？挂起后不能再发起。`
  }
  const confirm = (p: Exclude<Pending, { kind: 'upload' } | null>) =>
    p.kind === 'delete'
      ? run(
          () => modelApi.deleteDeployment([...new Set(p.rows.map((r) => String(r.deploymentId)))]),
          t`删除成功`,
          'flow-delete-deployment',
        )
      : run(
          () => modelApi.changeState(String(p.row.id), nextState(p.row.suspensionState)),
          t`状态已变更`,
          'flow-change-state',
        )

  return (
    <>
      <CrudScreen
        entity={flowProcess}
        slots={{
          toolbar: (ctx) => (
            <>
              {can.flow_manager_upload && (
                <Button
                  leftSection={<IconUpload size={16} />}
                  onClick={() => setPending({ kind: 'upload' })}
                >
                  <Trans>上传部署</Trans>
                </Button>
              )}
              {can.flow_manager_delete && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    ctx.selected.length
                      ? setPending({ kind: 'delete', rows: ctx.selected })
                      : notifications.show({ color: 'yellow', message: t`请选择至少一条数据` })
                  }
                >
                  <Trans>删除</Trans>
                </Button>
              )}
            </>
          ),
          rowActions: (row) => {
            const activate = nextState(row.suspensionState) === STATE_ACTIVE
            return (
              <>
                {can.flow_manager_state && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={
                      activate ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />
                    }
                    aria-label={activate ? t`激活 ${label(row)}` : t`挂起 ${label(row)}`}
                    onClick={() => setPending({ kind: 'state', row })}
                  >
                    {activate ? <Trans>激活</Trans> : <Trans>挂起</Trans>}
                  </Button>
                )}
                {can.flow_manager_delete && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    aria-label={t`删除 ${label(row)}`}
                    onClick={() => setPending({ kind: 'delete', rows: [row] })}
                  >
                    <Trans>删除</Trans>
                  </Button>
                )}
              </>
            )
          },
          view: (id, onClose) => <DefinitionDialog id={id} onClose={onClose} />,
        }}
      />
      {pending?.kind === 'upload' && <UploadDialog onClose={() => setPending(null)} />}
      {pending && pending.kind !== 'upload' && (
        <ConfirmDialog
          message={question(pending)}
          busy={busy}
          onConfirm={() => void confirm(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  )
}
