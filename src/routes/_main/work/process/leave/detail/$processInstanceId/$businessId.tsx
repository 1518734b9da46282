import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LeaveDetailPage } from '@/features/workflow/leave-detail-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute(
  '/_main/work/process/leave/detail/$processInstanceId/$businessId',
)({
  staticData: { title: msg`请假详情` },
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const p = Route.useParams()
  return (
    <LeaveDetailPage
      key={p.processInstanceId}
      processInstanceId={p.processInstanceId}
      businessId={p.businessId}
    />
  )
}
