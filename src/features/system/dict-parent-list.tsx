// A dictionary's parents (parent-list, paged, searchable by code and name). New rows are parents
// (key -1). `onPick` makes a row choosable (side-by-side screens); `rowActions` adds buttons.
import type { ReactNode } from 'react'
import type { EntityDef } from '@/domain/entity'
import { CrudPager } from '@/crud/crud-pager'
import type { Row } from '@/crud/entity-api'
import { dictCells, isSealed } from './dict-cells'
import { ListFrame } from './list-frame'
import { usePaged } from './use-paged'

interface Props {
  def: EntityDef
  rowActions?: (row: Row) => ReactNode
}

export function DictParentList({ def, rowActions }: Props) {
  const list = usePaged(def, 'parent-list')
  return (
    <ListFrame
      def={def}
      rows={list.rows}
      loading={list.query.isPending}
      refresh={() => void list.query.refetch()}
      search={{ filters: list.filters, onSearch: list.onSearch }}
      cells={dictCells}
      preset={{ dictKey: '-1' }}
      locked={isSealed}
      rowActions={rowActions}
      firstIndex={list.firstIndex}
      footer={<CrudPager {...list.pager} />}
    />
  )
}
