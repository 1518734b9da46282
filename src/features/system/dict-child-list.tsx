// The entries of one dictionary (child-list?parentId=, paged, its own list state beside the
// parents). New entries start under the parent with its code; nothing of a sealed dictionary can
// be changed.
import { Text } from '@mantine/core'
import type { EntityDef } from '@/domain/entity'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { rowId } from '@/crud/table/table-props'
import { dictCells, isSealed } from './dict-cells'

export function DictChildList({ def, parent }: { def: EntityDef; parent: Row }) {
  const parentId = rowId(parent)
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {String(parent.dictValue ?? '')} · {String(parent.code ?? '')}
      </Text>
      <CrudScreen
        entity={def}
        slots={{
          source: { kind: 'page', verb: 'child-list' },
          state: 'local',
          params: { parentId },
          cells: dictCells,
          addDefaults: { code: String(parent.code ?? '') },
          locked: (row) => isSealed(row) || isSealed(parent),
          addable: !isSealed(parent),
        }}
      />
    </>
  )
}
