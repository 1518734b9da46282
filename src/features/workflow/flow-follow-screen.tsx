// 流程跟踪: running and finished process instances (search by process key, instance or business
// id), each with its diagram and, for whoever may, a delete that asks for a reason.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import type { Row } from '@/crud/entity-api'
import { flowFollow } from '@/domain/workflow/work-lists'
import { FollowDeleteDialog } from './follow-delete-dialog'
import { useButton, WorkList } from './work-list'

export default function FlowFollowScreen() {
  const canDelete = useButton('flow_follow_delete')
  const [pending, setPending] = useState<Row | null>(null)
  return (
    <>
      <WorkList
        def={flowFollow}
        verb="list"
        rowActions={(row) =>
          canDelete && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setPending(row)}
            >
              <Trans>删除</Trans>
            </Button>
          )
        }
      />
      {pending && (
        <FollowDeleteDialog
          processInstanceId={String(pending.processInstanceId)}
          name={String(pending.processDefinitionName ?? '')}
          onClose={() => setPending(null)}
        />
      )}
    </>
  )
}
