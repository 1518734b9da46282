// The rows of a list screen from its source (see ListSource): a page of {api}/list or another verb,
// a whole forest, or a lazy tree whose children are fetched when a row is expanded. Trees come back
// flattened to the visible rows with the tree column's state; keys stay under ['crud', entity] so
// the engine's submit and remove refresh them.
import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EntityDef } from '@/domain/entity'
import { entityQueries, rowKey, type ListParams, type ListSource, type Row } from '../entity-api'
import type { TreeColumn } from '../tree/tree-cell'
import { flattenTree } from '../tree/tree-rows'

export interface ListRows {
  rows: Row[]
  /** Paged sources: the total; trees: undefined (no pager). */
  total?: number
  /** The server counted up to `total` and stopped: there are more. */
  totalCapped?: boolean
  loading: boolean
  /** A refresh is under way (the first load or a later one). */
  fetching: boolean
  /** The last load failed (the rows, if any, are the ones loaded before): null when it did not. */
  error: unknown
  refetch: () => void
  tree?: Omit<TreeColumn, 'field'>
}

/** The list params without paging (tree answers are not paged). */
function unpaged(params: ListParams): ListParams {
  const { current: _current, size: _size, ...rest } = params
  return rest
}

export function useListRows(
  def: EntityDef,
  source: ListSource,
  params: ListParams,
  enabled: boolean,
): ListRows {
  const queries = entityQueries(def)
  const isTree = source.kind !== 'page'
  const verb = source.verb ?? (source.kind === 'lazy' ? 'lazy-list' : 'list')
  const page = useQuery({ ...queries.page(verb, params), enabled: enabled && !isTree })
  const roots = useQuery({ ...queries.rows(verb, unpaged(params)), enabled: enabled && isTree })
  // Forests start open and remember what was closed; lazy trees start closed.
  const [toggled, setToggled] = useState<Set<string>>(new Set())
  const lazyIds = source.kind === 'lazy' ? [...toggled] : []
  const parentParam =
    source.kind === 'lazy' ? (source.parentParam ?? def.tree?.parent ?? 'parentId') : 'parentId'
  const children = useQueries({
    queries: lazyIds.map((id) => queries.rows(verb, { [parentParam]: id })),
  })
  if (!isTree) {
    return {
      rows: page.data?.records ?? [],
      total: page.data?.total ?? 0,
      totalCapped: page.data?.totalCapped === true,
      loading: !enabled || page.isPending,
      fetching: page.isFetching,
      error: page.isError ? page.error : null,
      refetch: () => void page.refetch(),
    }
  }
  const loaded = new Map(lazyIds.map((id, i) => [id, children[i]]))
  const key = (row: Row) => rowKey(def, row)
  const isExpanded = (id: string) => (source.kind === 'forest' ? !toggled.has(id) : toggled.has(id))
  const childrenOf = (row: Row) =>
    source.kind === 'forest' ? (row.children as Row[] | undefined) : loaded.get(key(row))?.data
  const { rows, meta } = flattenTree(roots.data ?? [], isExpanded, childrenOf, key)
  return {
    rows,
    loading: !enabled || roots.isPending,
    fetching: roots.isFetching,
    error: roots.isError ? roots.error : null,
    refetch: () => {
      void roots.refetch()
      for (const c of children) void c.refetch()
    },
    tree: {
      meta,
      busy: (id) => !!loaded.get(id)?.isPending,
      onToggle: (id) =>
        setToggled((prev) => {
          const next = new Set(prev)
          if (!next.delete(id)) next.add(id)
          return next
        }),
    },
  }
}
