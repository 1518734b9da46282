// The form control of a multiple tree field (options.kind 'tree', multiple): a searchable checkbox
// tree. Each node on its own by default (a user's depts: choosing a dept does not choose the ones
// above or below it). With `cascade` (a package's menus), checking a node checks its subtree and
// the value is every checked node plus the nodes above them, children before parents.
import { useMemo } from 'react'
import { checkedInTreeOrder, indexTree, type CheckNode } from '../tree/check-tree-state'
import { CheckTree } from '../tree/check-tree'
import type { Option } from '../dict-options'

const toNodes = (options: Option[]): CheckNode[] =>
  options.map((o) => ({
    value: o.value,
    title: o.label,
    ...(o.children?.length ? { children: toNodes(o.children) } : {}),
  }))

interface Props {
  label: string
  required?: boolean
  error?: string
  options: Option[]
  value: string[]
  onChange: (value: string[]) => void
  cascade?: boolean
}

export function CheckTreeInput({
  label,
  required,
  error,
  options,
  value,
  onChange,
  cascade = false,
}: Props) {
  const nodes = useMemo(() => toNodes(options), [options])
  const idx = useMemo(() => indexTree(nodes), [nodes])
  return (
    <CheckTree
      // A tree that arrives after the form opened starts with its roots open too.
      key={nodes.length}
      data={nodes}
      value={value}
      onChange={(next) => onChange(checkedInTreeOrder(nodes, idx, new Set(next), !cascade))}
      strict={!cascade}
      searchable
      expand="roots"
      height={320}
      label={label}
      required={required}
      error={error}
    />
  )
}
