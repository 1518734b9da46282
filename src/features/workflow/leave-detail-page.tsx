// A leave request read-only (/work/process/leave/detail/{processInstanceId}/{businessId}): whether
// it is finished, the request, and the diagram marking the path it took, with its history.
import { Trans, useLingui } from '@lingui/react/macro'
import { Card, Stack, Title } from '@mantine/core'
import { QueryStatus } from '@/crud/query-status'
import { useLeaveDetail } from './flow-api'
import { FlowDiagram } from './flow-diagram'
import { LeaveInfo } from './leave-info'

export function LeaveDetailPage({
  processInstanceId,
  businessId,
}: {
  processInstanceId: string
  businessId: string
}) {
  const { t } = useLingui()
  const leave = useLeaveDetail(businessId)
  return (
    <Stack>
      <QueryStatus query={leave} failed={t`请假信息加载失败`} />
      {leave.data && <LeaveInfo leave={leave.data} />}
      <Card withBorder radius={10}>
        <Title order={2} size="h4" mb="sm">
          <Trans>流程跟踪</Trans>
        </Title>
        <FlowDiagram of={{ processInstanceId }} />
      </Card>
    </Stack>
  )
}
