// A checkbox tree (role grants, top-menu settings, user role grants, and the form's multiple tree
// fields): controlled by the set of checked keys, expandable per node, optionally searchable (a
// search keeps the matches and the path to them, all open), keyboard reachable (checkboxes and
// expand buttons are real controls with labels).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Checkbox, Group, Input, ScrollArea, Text, TextInput } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import {
  filterTree,
  indexTree,
  statusOf,
  toggle,
  type CheckNode,
  type TreeIndex,
} from './check-tree-state'

interface Props {
  data: CheckNode[]
  value: string[]
  onChange: (next: string[]) => void
  /** Every node on its own: no cascade to children or parents. */
  strict?: boolean
  /** 'all' opens every node at first; 'roots' shows the roots' children; 'none' only the roots. */
  expand?: 'all' | 'roots' | 'none'
  height?: number
  /** A filter box above the tree. */
  searchable?: boolean
  /** As a form control: a labelled group with its error. */
  label?: string
  required?: boolean
  error?: string
}

interface NodeProps {
  node: CheckNode
  depth: number
  idx: TreeIndex
  checked: Set<string>
  isOpen: (id: string) => boolean
  strict: boolean
  onToggleOpen: (id: string) => void
  onCheck: (id: string, on: boolean) => void
}

function TreeNodeRow({
  node,
  depth,
  idx,
  checked,
  isOpen,
  strict,
  onToggleOpen,
  onCheck,
}: NodeProps) {
  const { t } = useLingui()
  const id = String(node.value)
  const kids = node.children ?? []
  const opened = isOpen(id)
  const status = statusOf(idx, checked, id, strict)
  const title = node.title
  return (
    <>
      <Group gap={4} wrap="nowrap" pl={depth * 20} py={2}>
        {kids.length > 0 ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={opened ? t`收起 ${title}` : t`展开 ${title}`}
            aria-expanded={opened}
            onClick={() => onToggleOpen(id)}
          >
            {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <Checkbox
          size="sm"
          label={title}
          checked={status === 'checked'}
          indeterminate={status === 'half'}
          onChange={() => onCheck(id, status !== 'checked')}
        />
      </Group>
      {opened &&
        kids.map((k) => (
          <TreeNodeRow
            key={String(k.value)}
            node={k}
            depth={depth + 1}
            idx={idx}
            checked={checked}
            isOpen={isOpen}
            strict={strict}
            onToggleOpen={onToggleOpen}
            onCheck={onCheck}
          />
        ))}
    </>
  )
}

function initiallyOpen(data: CheckNode[], idx: TreeIndex, expand: Props['expand']): Set<string> {
  if (expand === 'all')
    return new Set([...idx.kids].filter(([, k]) => k.length > 0).map(([id]) => id))
  if (expand === 'roots') return new Set(data.map((n) => String(n.value)))
  return new Set()
}

export function CheckTree({
  data,
  value,
  onChange,
  strict = false,
  expand = 'roots',
  height = 420,
  searchable = false,
  label,
  required,
  error,
}: Props) {
  const { t } = useLingui()
  const idx = useMemo(() => indexTree(data), [data])
  const checked = useMemo(() => new Set(value), [value])
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState<Set<string>>(() => initiallyOpen(data, idx, expand))
  const shown = useMemo(() => filterTree(data, query), [data, query])
  const filtering = query.trim() !== ''
  const toggleOpen = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const tree =
    data.length === 0 ? (
      <Text c="dimmed" ta="center" py="md">
        {t`暂无数据`}
      </Text>
    ) : (
      <ScrollArea.Autosize mah={height}>
        <Box p={label ? 4 : 0}>
          {shown.map((n) => (
            <TreeNodeRow
              key={String(n.value)}
              node={n}
              depth={0}
              idx={idx}
              checked={checked}
              isOpen={(id) => filtering || open.has(id)}
              strict={strict}
              onToggleOpen={toggleOpen}
              onCheck={(id, on) => onChange([...toggle(idx, checked, id, on, strict)])}
            />
          ))}
        </Box>
      </ScrollArea.Autosize>
    )
  const search = searchable && (
    <TextInput
      size="xs"
      my={4}
      leftSection={<IconSearch size={14} />}
      placeholder={t`输入关键字进行过滤`}
      aria-label={t`输入关键字进行过滤`}
      value={query}
      onChange={(e) => setQuery(e.currentTarget.value)}
    />
  )
  if (!label) {
    return (
      <>
        {search}
        {tree}
      </>
    )
  }
  return (
    <Input.Wrapper label={label} required={required} error={error} role="group" aria-label={label}>
      {search}
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 4,
        }}
      >
        {tree}
      </Box>
    </Input.Wrapper>
  )
}
