// 请假流程: the caller's leave requests (their sent processes of the leave category), each with its
// detail and diagram; 申请 opens the form of the newest active leave process.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus } from '@tabler/icons-react'
import { LEAVE_CATEGORY, type FlowProcess } from '@/domain/workflow/flow-records'
import { leaveRequests } from '@/domain/workflow/work-lists'
import { useStartable } from './flow-api'
import { formPath } from './flow-routes'
import { useProcessRoute } from './use-process-route'
import { DetailButton } from './work-process-screens'
import { useButton, WorkList } from './work-list'

/** The leave definition to apply with: active, newest version first. */
export function latestLeave(processes: FlowProcess[]): FlowProcess | undefined {
  return processes
    .filter((p) => p.category === LEAVE_CATEGORY && p.suspensionState === 1)
    .sort((a, b) => b.version - a.version)[0]
}

const PARAMS = { category: LEAVE_CATEGORY }

export default function LeaveScreen() {
  const { t } = useLingui()
  const canApply = useButton('leave_add')
  const canView = useButton('leave_view')
  const startable = useStartable(PARAMS)
  const open = useProcessRoute()

  const apply = () => {
    const def = latestLeave(startable.data ?? [])
    if (!def)
      return notifications.show({
        color: 'yellow',
        message: startable.isError
          ? t`可发起的流程加载失败，请稍后重试`
          : t`没有可发起的请假流程，请先部署并激活请假流程`,
      })
    open(def.category, def.categoryName, (route) => formPath(route, def.id))
  }

  return (
    <WorkList
      def={leaveRequests}
      verb="send-list"
      params={PARAMS}
      toolbar={() =>
        canApply && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={apply}
            loading={startable.isPending}
          >
            <Trans>申请</Trans>
          </Button>
        )
      }
      rowActions={(row) => canView && <DetailButton row={row} />}
    />
  )
}
