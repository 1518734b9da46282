// 待签事务: tasks offered to the caller's roles or to them; 签收 (after a confirmation) makes the
// task theirs: it leaves this list at once and appears in 待办.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconSignature } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { Page, Row } from '@/crud/entity-api'
import { workClaim } from '@/domain/workflow/work-lists'
import { useClaimTask } from './flow-api'
import { useButton, WorkList } from './work-list'

export default function WorkClaimScreen() {
  const { t } = useLingui()
  const client = useQueryClient()
  const canSign = useButton('work_claim_sign')
  const claim = useClaimTask()
  const [pending, setPending] = useState<Row | null>(null)

  const confirm = (row: Row) => {
    const taskId = String(row.taskId)
    claim.mutate(taskId, {
      onSuccess: () => {
        // Gone from the shown page at once; the refetch that follows confirms it.
        client.setQueriesData<Page>({ queryKey: ['crud', workClaim.name] }, (page) =>
          page?.records
            ? {
                ...page,
                records: page.records.filter((r) => String(r.taskId) !== taskId),
                total: Math.max(0, page.total - 1),
              }
            : page,
        )
        notifications.show({ color: 'green', message: t`签收成功，任务已转入待办事务` })
      },
      onSettled: () => setPending(null),
    })
  }

  return (
    <>
      <WorkList
        def={workClaim}
        verb="claim-list"
        rowActions={(row) =>
          canSign && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconSignature size={14} />}
              onClick={() => setPending(row)}
            >
              <Trans>签收</Trans>
            </Button>
          )
        }
      />
      {pending && (
        <ConfirmDialog
          message={t`确定签收任务「${String(pending.taskName ?? '')}」（${String(pending.processDefinitionName ?? '')}）？`}
          busy={claim.isPending}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  )
}
