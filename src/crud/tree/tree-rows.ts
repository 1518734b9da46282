// The visible rows of a tree table: roots, then under each expanded row its children, depth-first,
// with the depth and expand state each row's tree cell shows.
import type { Row } from '../entity-api'

export interface TreeRowMeta {
  depth: number
  expandable: boolean
  expanded: boolean
}

const hasKids = (row: Row) =>
  row.hasChildren === true || (Array.isArray(row.children) && row.children.length > 0)

export function flattenTree(
  roots: Row[],
  isExpanded: (id: string) => boolean,
  childrenOf: (row: Row) => Row[] | undefined,
  keyOf: (row: Row) => string = (row) => String(row.id ?? ''),
): { rows: Row[]; meta: Map<string, TreeRowMeta> } {
  const rows: Row[] = []
  const meta = new Map<string, TreeRowMeta>()
  const walk = (list: Row[], depth: number) => {
    for (const row of list) {
      const id = keyOf(row)
      // A row seen twice (a search answer holding a parent and its child) is shown once.
      if (meta.has(id)) continue
      const expandable = hasKids(row)
      const expanded = expandable && isExpanded(id)
      rows.push(row)
      meta.set(id, { depth, expandable, expanded })
      if (expanded) walk(childrenOf(row) ?? [], depth + 1)
    }
  }
  walk(roots, 0)
  return { rows, meta }
}
