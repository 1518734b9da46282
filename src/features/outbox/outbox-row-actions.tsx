// The actions on one queued row (docs/offline.md R11): retry, resolve a conflict (keep mine / take theirs), edit
// the payload, discard with confirmation. A row on the wire takes no action until it is answered.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconArrowsDiff, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react'
import { startTransition, useState } from 'react'
import { ConfirmDialog } from '@/crud/confirm-dialog'
import type { OutboxRow } from '@/offline/db'
import { discard, retry } from '@/offline/outbox'
import { ConflictDialog } from './conflict-dialog'
import { EditDialog } from './edit-dialog'
import { entityOf } from './outbox-labels'

type Open = 'conflict' | 'edit' | 'discard' | null

export function OutboxRowActions({ row }: { row: OutboxRow }) {
  const { t } = useLingui()
  const [open, setOpen] = useState<Open>(null)
  const [busy, setBusy] = useState(false)
  const def = entityOf(row.entity)
  const close = () => setOpen(null)
  if (row.state === 'sending') return null
  return (
    <Group gap={4} wrap="wrap" data-testid="outbox-row-actions">
      {row.state === 'conflict' ? (
        <Button
          size="compact-sm"
          color="orange"
          leftSection={<IconArrowsDiff size={14} />}
          onClick={() => setOpen('conflict')}
        >
          <Trans>处理冲突</Trans>
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void retry(row.key)}
        >
          <Trans>重试</Trans>
        </Button>
      )}
      {def && row.op !== 'remove' && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPencil size={14} />}
          onClick={() => startTransition(() => setOpen('edit'))}
        >
          <Trans>编辑</Trans>
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => setOpen('discard')}
      >
        <Trans>丢弃</Trans>
      </Button>
      {open === 'conflict' && <ConflictDialog row={row} onClose={close} />}
      {open === 'edit' && def && <EditDialog def={def} row={row} onClose={close} />}
      {open === 'discard' && (
        <ConfirmDialog
          message={t`丢弃后这条修改不会再同步到服务器，且无法恢复。确定丢弃？`}
          busy={busy}
          onCancel={close}
          onConfirm={() => {
            setBusy(true)
            void discard(row.key).finally(() => {
              setBusy(false)
              close()
            })
          }}
        />
      )}
    </Group>
  )
}
