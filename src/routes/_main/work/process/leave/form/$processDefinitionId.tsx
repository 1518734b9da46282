import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LeaveFormPage } from '@/features/workflow/leave-form-page'
import { RouteError } from '@/shell/error-log/route-error'

export const Route = createFileRoute('/_main/work/process/leave/form/$processDefinitionId')({
  staticData: { title: msg`请假申请` },
  component: Page,
  errorComponent: RouteError,
})

function Page() {
  const { processDefinitionId } = Route.useParams()
  return <LeaveFormPage key={processDefinitionId} processDefinitionId={processDefinitionId} />
}
