import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LeaveHandlePage } from '@/features/workflow/leave-handle-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute(
  '/_main/work/process/leave/handle/$taskId/$processInstanceId/$businessId',
)({
  staticData: { title: msg`处理请假流程` },
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const p = Route.useParams()
  return (
    <LeaveHandlePage
      key={p.taskId}
      taskId={p.taskId}
      processInstanceId={p.processInstanceId}
      businessId={p.businessId}
    />
  )
}
