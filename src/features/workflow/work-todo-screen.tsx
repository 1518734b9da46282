// 待办事务: the caller's tasks; 办理 opens the handling screen of the task's process (flow dictionary).
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconChecks } from '@tabler/icons-react'
import { workTodo } from '@/domain/workflow/work-lists'
import { handlePath } from './flow-routes'
import { useProcessRoute } from './use-process-route'
import { useButton, WorkList } from './work-list'

export default function WorkTodoScreen() {
  const open = useProcessRoute()
  const canHandle = useButton('work_todo_handle')
  return (
    <WorkList
      def={workTodo}
      verb="todo-list"
      rowActions={(row) =>
        canHandle && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            onClick={() =>
              open(String(row.category ?? ''), String(row.categoryName ?? ''), (route) =>
                handlePath(route, {
                  taskId: String(row.taskId),
                  processInstanceId: String(row.processInstanceId),
                  businessId: String(row.businessId),
                }),
              )
            }
          >
            <Trans>办理</Trans>
          </Button>
        )
      }
    />
  )
}
