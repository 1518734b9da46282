// Pending writes of the outbox in engine lists (docs/offline.md R24): a screen of an entity that syncs
// offline passes these slots, so records queued on the device show with a pending / conflict /
// rejected marker, creates first (on the first page only), updates overlaid, removes hidden. Rows
// with a queued write are locked: an online edit would race the outbox.
import { Trans } from '@lingui/react/macro'
import { Badge, Group } from '@mantine/core'
import { fieldsOf, type EntityDef } from '@/domain/entity'
import type { OutboxRow } from '@/offline/db'
import { mergePending, type PendingMark as Mark } from '@/offline/merge-pending'
import { usePendingFor } from '@/offline/outbox'
import { CrudCell } from './cells/crud-cell'
import type { Row } from './entity-api'
import type { CrudSlots } from './slots'

export function PendingMark({ mark }: { mark: unknown }) {
  if (mark !== 'pending' && mark !== 'conflict' && mark !== 'rejected') return null
  const m = mark as Mark
  const color = m === 'pending' ? 'yellow' : 'red'
  return (
    <Badge size="xs" variant="light" color={color} data-pending={m}>
      {m === 'pending' ? (
        <Trans>待同步</Trans>
      ) : m === 'conflict' ? (
        <Trans>冲突</Trans>
      ) : (
        <Trans>被拒绝</Trans>
      )}
    </Badge>
  )
}

/** The page's records with this entity's outbox rows applied; creates only on the first page. */
function mergeForPage(records: Row[], rows: readonly OutboxRow[], current: unknown): Row[] {
  const first = Number(current ?? 1) <= 1
  const ids = new Set(records.map((r) => String(r.id)))
  const own = first ? rows : rows.filter((r) => ids.has(r.clientId))
  return mergePending(records, own)
}

/**
 * Slots for an engine list over `def` showing its pending writes. markField: the column carrying
 * the marker (default: the first list column).
 */
export function usePendingSlots(
  def: EntityDef,
  markField?: string,
): Required<Pick<CrudSlots, 'mapRows' | 'cells' | 'locked'>> {
  const rows = usePendingFor(def.name)
  const field = fieldsOf(def, 'list').find(
    (f) => f.name === (markField ?? fieldsOf(def, 'list')[0]?.name),
  )
  return {
    mapRows: (records, ctx) => mergeForPage(records, rows, ctx.params.current),
    locked: (row) => !!row.__pending,
    cells: field
      ? {
          [field.name]: (row) => (
            <Group gap={6} wrap="nowrap">
              <CrudCell field={field} row={row} />
              <PendingMark mark={row.__pending} />
            </Group>
          ),
        }
      : {},
  }
}
