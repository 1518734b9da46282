// Flat list -> forest (docs/contract.md §2.5) for every tree the server answers: the system's (menus,
// departments, dictionaries, grants) and the generic engine's for tree entities. A node is a root
// when its parentId is '0' or its parent is not in the list; children keep the list's order;
// `children` only when non-empty.
export interface TreeItem {
  id: string
  parentId: string
  children?: TreeItem[]
}

export function mergeForest<T extends TreeItem>(list: T[]): T[] {
  const byId = new Map(list.map((n) => [n.id, n]))
  const roots: T[] = []
  for (const node of list) {
    const parent = node.parentId !== '0' ? byId.get(node.parentId) : undefined
    if (parent && parent !== node) (parent.children ??= []).push(node)
    else roots.push(node)
  }
  return roots
}

/** The given ids plus every ancestor reachable through `parentOf`. */
export function withAncestors(
  ids: Iterable<string>,
  parentOf: (id: string) => string | undefined,
): Set<string> {
  const out = new Set<string>()
  for (const start of ids) {
    let id: string | undefined = start
    while (id && id !== '0' && !out.has(id)) {
      out.add(id)
      id = parentOf(id)
    }
  }
  return out
}

export interface TreeNode {
  id: string
  parentId: string
  title: string
  /** The English title, where the row has one (menus: their alias), for clients shown in English. */
  titleEn?: string
  key: string
  value: string
  hasChildren?: boolean
  children?: TreeNode[]
}

export const treeNode = (id: string, parentId: string, title: string): TreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
})

/** Flat rows → TreeNode forest; children only when non-empty (and then hasChildren). */
export function treeForest<T extends { id: string; parentId: string }>(
  rows: T[],
  title: (r: T) => string,
): TreeNode[] {
  const forest = mergeForest(rows.map((r) => treeNode(r.id, r.parentId, title(r))))
  const mark = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      if (!n.children?.length) continue
      n.hasChildren = true
      mark(n.children)
    }
  }
  mark(forest)
  return forest
}
