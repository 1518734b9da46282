// A dictionary's parents (parent-list, paged, searchable by code and name). New rows are parents
// (key -1); sealed ones can be neither edited nor deleted. `rowActions` adds the screen's buttons.
import type { ReactNode } from 'react'
import type { EntityDef } from '@/domain/entity'
import { CrudScreen } from '@/crud/crud-screen'
import type { Row } from '@/crud/entity-api'
import { dictCells, isSealed } from './dict-cells'

interface Props {
  def: EntityDef
  rowActions?: (row: Row) => ReactNode
}

export function DictParentList({ def, rowActions }: Props) {
  return (
    <CrudScreen
      entity={def}
      slots={{
        source: { kind: 'page', verb: 'parent-list' },
        cells: dictCells,
        addDefaults: { dictKey: '-1' },
        locked: isSealed,
        rowActions,
      }}
    />
  )
}
