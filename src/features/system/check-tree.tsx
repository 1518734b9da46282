// A checkbox tree (role grants, top-menu settings, user role grants): controlled by the set of
// checked keys, expandable per node, keyboard reachable (checkboxes and expand buttons are real
// controls with labels).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Checkbox, Group, ScrollArea, Text } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { indexTree, statusOf, toggle, type CheckNode, type TreeIndex } from './check-tree-state'

interface Props {
  data: CheckNode[]
  value: string[]
  onChange: (next: string[]) => void
  /** Every node on its own: no cascade to children or parents. */
  strict?: boolean
  /** 'all' opens every node at first; otherwise only the roots' children show. */
  expand?: 'all' | 'roots'
  height?: number
}

interface NodeProps {
  node: CheckNode
  depth: number
  idx: TreeIndex
  checked: Set<string>
  open: Set<string>
  strict: boolean
  onToggleOpen: (id: string) => void
  onCheck: (id: string, on: boolean) => void
}

function TreeNodeRow({ node, depth, idx, checked, open, strict, onToggleOpen, onCheck }: NodeProps) {
  const { t } = useLingui()
  const id = String(node.value)
  const kids = node.children ?? []
  const opened = open.has(id)
  const status = statusOf(idx, checked, id, strict)
  const title = node.title
  return (
    <>
      <Group gap={4} wrap="nowrap" pl={depth * 20} py={2}>
        {kids.length > 0 ? (
          <ActionIcon variant="subtle" size="sm" aria-label={opened ? t`收起 ${title}` : t`展开 ${title}`} aria-expanded={opened} onClick={() => onToggleOpen(id)}>
            {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <Checkbox size="sm" label={title} checked={status === 'checked'} indeterminate={status === 'half'} onChange={() => onCheck(id, status !== 'checked')} />
      </Group>
      {opened && kids.map((k) => <TreeNodeRow key={String(k.value)} node={k} depth={depth + 1} idx={idx} checked={checked} open={open} strict={strict} onToggleOpen={onToggleOpen} onCheck={onCheck} />)}
    </>
  )
}

export function CheckTree({ data, value, onChange, strict = false, expand = 'roots', height = 420 }: Props) {
  const { t } = useLingui()
  const idx = useMemo(() => indexTree(data), [data])
  const checked = useMemo(() => new Set(value), [value])
  const [open, setOpen] = useState<Set<string>>(() => new Set(expand === 'all' ? [...idx.kids].filter(([, k]) => k.length > 0).map(([id]) => id) : data.map((n) => String(n.value))))
  const toggleOpen = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  if (data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        {t`暂无数据`}
      </Text>
    )
  return (
    <ScrollArea.Autosize mah={height}>
      {data.map((n) => (
        <TreeNodeRow key={String(n.value)} node={n} depth={0} idx={idx} checked={checked} open={open} strict={strict} onToggleOpen={toggleOpen} onCheck={(id, on) => onChange([...toggle(idx, checked, id, on, strict)])} />
      ))}
    </ScrollArea.Autosize>
  )
}
