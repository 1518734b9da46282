// 发起事务: the process definitions the caller may start; 发起 opens the start form its category's
// screens have (flow dictionary), 流程图 shows the definition's diagram.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconPlayerPlay } from '@tabler/icons-react'
import { workStart } from '@/domain/workflow/work-lists'
import { formPath } from './flow-routes'
import { useProcessRoute } from './use-process-route'
import { useButton, WorkList } from './work-list'

export default function WorkStartScreen() {
  const open = useProcessRoute()
  const canLaunch = useButton('work_start_launch')
  return (
    <WorkList
      def={workStart}
      verb="start-list"
      diagramOf={(row) => ({ processDefinitionId: String(row.id) })}
      rowActions={(row) =>
        canLaunch && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={() =>
              open(String(row.category ?? ''), String(row.categoryName ?? ''), (route) =>
                formPath(route, String(row.id)),
              )
            }
          >
            <Trans>发起</Trans>
          </Button>
        )
      }
    />
  )
}
