// 已发事务 and 办结事务: processes the caller started or finished a task in; 详情 opens the process's
// detail screen (flow dictionary).
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconFileDescription } from '@tabler/icons-react'
import type { Row } from '@/crud/entity-api'
import type { EntityDef } from '@/domain/entity'
import { workDone, workSend } from '@/domain/workflow/work-lists'
import { detailPath } from './flow-routes'
import { useProcessRoute } from './use-process-route'
import { useButton, WorkList } from './work-list'

/** The 详情 row action: the detail screen of the row's process. */
export function DetailButton({ row }: { row: Row }) {
  const open = useProcessRoute()
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconFileDescription size={14} />}
      onClick={() =>
        open(String(row.category ?? ''), String(row.categoryName ?? ''), (route) =>
          detailPath(route, {
            processInstanceId: String(row.processInstanceId),
            businessId: String(row.businessId),
          }),
        )
      }
    >
      <Trans>详情</Trans>
    </Button>
  )
}

function ProcessList({ def, verb }: { def: EntityDef; verb: string }) {
  const canView = useButton(`${def.permission}_view`)
  return (
    <WorkList def={def} verb={verb} rowActions={(row) => canView && <DetailButton row={row} />} />
  )
}

export const WorkSendScreen = () => <ProcessList def={workSend} verb="send-list" />
export const WorkDoneScreen = () => <ProcessList def={workDone} verb="done-list" />
