// The entries of one dictionary (child-list?parentId=, paged). New entries start under the parent
// with its code; nothing of a sealed dictionary can be changed.
import { Text } from '@mantine/core'
import type { EntityDef } from '@/domain/entity'
import { CrudPager } from '@/crud/crud-pager'
import type { Row } from '@/crud/entity-api'
import { rowId } from '@/crud/table-props'
import { dictCells, isSealed } from './dict-cells'
import { ListFrame } from './list-frame'
import { usePaged } from './use-paged'

export function DictChildList({ def, parent }: { def: EntityDef; parent: Row }) {
  const parentId = rowId(parent)
  const list = usePaged(def, 'child-list', { parentId })
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {String(parent.dictValue ?? '')} · {String(parent.code ?? '')}
      </Text>
      <ListFrame
        def={def}
        rows={list.rows}
        loading={list.query.isPending}
        refresh={() => void list.query.refetch()}
        cells={dictCells}
        preset={{ parentId, code: String(parent.code ?? '') }}
        locked={(row) => isSealed(row) || isSealed(parent)}
        addable={!isSealed(parent)}
        firstIndex={list.firstIndex}
        footer={<CrudPager {...list.pager} />}
      />
    </>
  )
}
