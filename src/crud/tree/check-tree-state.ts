// The checked state of a checkbox tree as Saber's el-tree keeps it. Not strict: checking a node
// checks everything below it and marks its ancestors; a parent with only some of its descendants
// checked is half-checked and stays in the set, so a save sends checked and half-checked keys
// together. Strict: every node on its own (user role grants).
export interface CheckNode {
  value: string
  title: string
  children?: CheckNode[]
}

export interface TreeIndex {
  parent: Map<string, string | null>
  kids: Map<string, string[]>
}

type CheckStatus = 'checked' | 'half' | 'none'

export function indexTree(nodes: CheckNode[]): TreeIndex {
  const parent = new Map<string, string | null>()
  const kids = new Map<string, string[]>()
  const walk = (list: CheckNode[], up: string | null) => {
    for (const n of list) {
      const id = String(n.value)
      parent.set(id, up)
      kids.set(
        id,
        (n.children ?? []).map((c) => String(c.value)),
      )
      walk(n.children ?? [], id)
    }
  }
  walk(nodes, null)
  return { parent, kids }
}

function descendants(idx: TreeIndex, id: string): string[] {
  const out: string[] = []
  const stack = [...(idx.kids.get(id) ?? [])]
  while (stack.length) {
    const next = stack.pop() as string
    out.push(next)
    stack.push(...(idx.kids.get(next) ?? []))
  }
  return out
}

function ancestors(idx: TreeIndex, id: string): string[] {
  const out: string[] = []
  for (let up = idx.parent.get(id) ?? null; up !== null; up = idx.parent.get(up) ?? null)
    out.push(up)
  return out
}

export function statusOf(
  idx: TreeIndex,
  checked: Set<string>,
  id: string,
  strict = false,
): CheckStatus {
  // Judged by the leaves below: inner nodes follow them.
  const below = strict
    ? []
    : descendants(idx, id).filter((d) => (idx.kids.get(d) ?? []).length === 0)
  if (below.length === 0) return checked.has(id) ? 'checked' : 'none'
  const n = below.filter((d) => checked.has(d)).length
  if (n === below.length) return 'checked'
  return n > 0 || checked.has(id) ? 'half' : 'none'
}

/** The set after the user (un)checks `id`. */
export function toggle(
  idx: TreeIndex,
  checked: Set<string>,
  id: string,
  on: boolean,
  strict = false,
): Set<string> {
  const next = new Set(checked)
  if (strict) {
    if (on) next.add(id)
    else next.delete(id)
    return next
  }
  const family = [id, ...descendants(idx, id)]
  if (on) {
    for (const d of [...family, ...ancestors(idx, id)]) next.add(d)
    return next
  }
  for (const d of family) next.delete(d)
  // An ancestor left with nothing checked below it is unchecked too.
  for (const up of ancestors(idx, id))
    if (!descendants(idx, up).some((d) => next.has(d))) next.delete(up)
  return next
}

/** What a save sends: every node of the tree that is checked or half-checked. */
export function checkedWithHalf(idx: TreeIndex, checked: Set<string>): string[] {
  return [...idx.parent.keys()].filter((id) => statusOf(idx, checked, id) !== 'none')
}

/** The checked leaves only (scope trees: their inner nodes are menus, not scopes). */
export function checkedLeaves(idx: TreeIndex, checked: Set<string>): string[] {
  return [...idx.parent.keys()].filter(
    (id) => (idx.kids.get(id) ?? []).length === 0 && checked.has(id),
  )
}

/** The checked nodes as a form keeps them: checked and half-checked, children before their parents. */
export function checkedInTreeOrder(
  nodes: CheckNode[],
  idx: TreeIndex,
  checked: Set<string>,
  strict = false,
): string[] {
  const out: string[] = []
  const walk = (list: CheckNode[]) => {
    for (const n of list) {
      walk(n.children ?? [])
      if (statusOf(idx, checked, String(n.value), strict) !== 'none') out.push(String(n.value))
    }
  }
  walk(nodes)
  return out
}

/** The nodes whose title holds the query, with the path to them (everything when it is empty). */
export function filterTree(nodes: CheckNode[], query: string): CheckNode[] {
  const q = query.trim().toLowerCase()
  if (!q) return nodes
  return nodes.flatMap((n) => {
    if (n.title.toLowerCase().includes(q)) return [n]
    const children = filterTree(n.children ?? [], q)
    return children.length ? [{ ...n, children }] : []
  })
}
