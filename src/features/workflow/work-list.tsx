// A workflow list on the list engine (another list verb, read-only), with a process's status as a
// badge and, for whoever may view it, the flow diagram of a row in the 流程图展示 dialog. Screens add
// their own row actions (签收, 办理, 详情) and toolbar buttons.
import { Trans } from '@lingui/react/macro'
import { Badge, Button } from '@mantine/core'
import { IconChartDots3 } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useSession } from '@/api/session'
import type { CellRenderer } from '@/crud/cells/crud-cell'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { FINISHED } from '@/domain/workflow/flow-records'
import type { CrudContext } from '@/crud/slots'
import type { EntityDef } from '@/domain/entity'
import type { DiagramOf } from './flow-api'
import { FlowDiagramDialog } from './flow-diagram'

/** Whether the caller holds a button code. */
export const useButton = (code: string) => useSession((s) => s.permission[code] === true)

const finished: CellRenderer = (_row, value) =>
  value === FINISHED ? (
    <Badge color="gray" variant="light">
      <Trans>已办结</Trans>
    </Badge>
  ) : (
    <Badge color="blue" variant="light">
      <Trans>进行中</Trans>
    </Badge>
  )

interface Props {
  def: EntityDef
  verb: string
  params?: Record<string, string>
  toolbar?: (ctx: CrudContext) => ReactNode
  rowActions?: (row: Row, ctx: CrudContext) => ReactNode
  /** Which diagram a row shows (by default its process instance's). */
  diagramOf?: (row: Row) => DiagramOf
}

const instanceOf = (row: Row): DiagramOf => ({
  processInstanceId: String(row.processInstanceId ?? ''),
})

export function WorkList({
  def,
  verb,
  params,
  toolbar,
  rowActions,
  diagramOf = instanceOf,
}: Props) {
  const canView = useButton(`${def.permission}_view`)
  const [diagram, setDiagram] = useState<DiagramOf | null>(null)
  return (
    <>
      <CrudScreen
        entity={def}
        slots={{
          source: { kind: 'page', verb },
          params,
          toolbar,
          cells: { processIsFinished: finished },
          rowActions: (row, ctx) => (
            <>
              {rowActions?.(row, ctx)}
              {canView && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconChartDots3 size={14} />}
                  onClick={() => setDiagram(diagramOf(row))}
                >
                  <Trans>流程图</Trans>
                </Button>
              )}
            </>
          ),
        }}
      />
      {diagram && <FlowDiagramDialog of={diagram} onClose={() => setDiagram(null)} />}
    </>
  )
}
