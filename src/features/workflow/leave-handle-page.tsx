// Handling a leave task (/work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}): the
// request, its diagram and history, and the approver's comment with 同意 (flag ok) or 驳回 (any
// other flag; a rejection must say why). Done, it goes back to 待办事务.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, Group, Stack, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FIRST_PAGE } from './flow-routes'
import { QueryStatus } from '@/crud/query-status'
import { FLAG_OK } from '@/domain/workflow/flow-records'
import { useCompleteTask, useLeaveDetail } from './flow-api'
import { FlowDiagram } from './flow-diagram'
import { LeaveInfo } from './leave-info'

/** Any flag but ok rejects; this one says so in the history. */
const FLAG_REJECT = 'reject'

interface Props {
  taskId: string
  processInstanceId: string
  businessId: string
}

export function LeaveHandlePage({ taskId, processInstanceId, businessId }: Props) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const leave = useLeaveDetail(businessId)
  const complete = useCompleteTask()
  const [comment, setComment] = useState('')
  const [needComment, setNeedComment] = useState(false)

  const finish = (flag: string) => {
    if (flag !== FLAG_OK && !comment.trim()) return setNeedComment(true)
    complete.mutate(
      { taskId, processInstanceId, flag, comment: comment.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: flag === FLAG_OK ? t`已同意` : t`已驳回` })
          void navigate({ to: '/$', params: { _splat: 'work/todo' }, search: FIRST_PAGE })
        },
      },
    )
  }

  return (
    <Stack>
      <QueryStatus query={leave} failed={t`请假信息加载失败`} />
      {leave.data && <LeaveInfo leave={leave.data} />}
      <Card withBorder radius={10}>
        <Title order={2} size="h4" mb="sm">
          <Trans>审批</Trans>
        </Title>
        <Textarea
          label={t`批复意见`}
          autosize
          minRows={3}
          maxLength={500}
          value={comment}
          onChange={(e) => (setComment(e.currentTarget.value), setNeedComment(false))}
          error={needComment ? t`驳回时请填写批复意见` : undefined}
        />
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() =>
              void navigate({ to: '/$', params: { _splat: 'work/todo' }, search: FIRST_PAGE })
            }
          >
            <Trans>关闭</Trans>
          </Button>
          <Button
            color="red"
            variant="outline"
            loading={complete.isPending && complete.variables?.flag !== FLAG_OK}
            disabled={complete.isPending}
            onClick={() => finish(FLAG_REJECT)}
          >
            <Trans>驳回</Trans>
          </Button>
          <Button
            color="green"
            loading={complete.isPending && complete.variables?.flag === FLAG_OK}
            disabled={complete.isPending}
            onClick={() => finish(FLAG_OK)}
          >
            <Trans>同意</Trans>
          </Button>
        </Group>
      </Card>
      <Card withBorder radius={10}>
        <Title order={2} size="h4" mb="sm">
          <Trans>流程跟踪</Trans>
        </Title>
        <FlowDiagram of={{ processInstanceId }} />
      </Card>
    </Stack>
  )
}
