// Stock counts (/stock/stock-taking): the generic list, counts started offline shown with their
// pending marker (docs/offline.md R24), each count's state as a badge (a finish queued on this device shows at
// once, marked pending), and a "count" action opening the tablet screen for that count, where a
// finished count is read-only.
import { Trans } from '@lingui/react/macro'
import { Badge, Button } from '@mantine/core'
import { IconClipboardCheck } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { CrudScreen } from '@/crud/crud-screen'
import { usePendingSlots } from '@/crud/pending'
import { stockTaking } from '@/domain/stock/stock-taking'
import { isFinished } from './count/count-state'

export default function StockTakingScreen() {
  const navigate = useNavigate()
  const pending = usePendingSlots(stockTaking)
  return (
    <CrudScreen
      entity={stockTaking}
      slots={{
        ...pending,
        cells: {
          ...pending.cells,
          countStatus: (row) =>
            isFinished(row) ? (
              <Badge color="green" variant="light" data-count-status="finished">
                <Trans>已完成</Trans>
              </Badge>
            ) : (
              <Badge color="blue" variant="light" data-count-status="counting">
                <Trans>盘点中</Trans>
              </Badge>
            ),
        },
        rowActions: (row) => (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconClipboardCheck size={14} />}
            // The id as a string is written quoted, so the counting screen gets it whole.
            onClick={() =>
              void navigate({
                to: '/$',
                params: { _splat: 'stock/count' },
                search: { id: String(row.id) } as never,
              })
            }
          >
            <Trans>盘点</Trans>
          </Button>
        ),
      }}
    />
  )
}
