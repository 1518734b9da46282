// The menu tree beside the scope list (GET /blade-system/menu/tree): a filter box and the tree;
// clicking a menu selects it, clicking it again shows every menu's scopes.
import { useLingui } from '@lingui/react/macro'
import {
  Card,
  Group,
  ScrollArea,
  Text,
  TextInput,
  Tree,
  useTree,
  type TreeNodeData,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import type { Option } from '@/crud/dict-options'

export interface PickedMenu {
  id: string
  name: string
}

function toNodes(options: Option[], q: string): TreeNodeData[] {
  return options.flatMap((o) => {
    const children = toNodes(o.children ?? [], q)
    if (q && !o.label.toLowerCase().includes(q) && children.length === 0) return []
    return [{ value: o.value, label: o.label, children: children.length ? children : undefined }]
  })
}

export function MenuTreePanel({
  options,
  selected,
  onSelect,
}: {
  options: Option[]
  selected: PickedMenu | null
  onSelect: (m: PickedMenu | null) => void
}) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  // A stable array: the tree re-initialises its state whenever its data changes.
  const data = useMemo(() => toNodes(options, q), [options, q])
  const tree = useTree()
  // While filtering, every match is shown with its path open.
  useEffect(() => {
    if (q) tree.expandAllNodes()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the controller object changes every render
  }, [q, data.length])
  return (
    <Card withBorder radius={8} p="xs">
      <TextInput
        size="xs"
        mb="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t`输入关键字进行过滤`}
        aria-label={t`输入关键字进行过滤`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah="70vh">
        <Tree
          tree={tree}
          aria-label={t`菜单`}
          data={data}
          levelOffset="md"
          renderNode={({ node, expanded, hasChildren, elementProps }) => {
            const active = selected?.id === node.value
            return (
              <Group
                gap={4}
                wrap="nowrap"
                {...elementProps}
                onClick={(e) => {
                  elementProps.onClick(e)
                  onSelect(active ? null : { id: node.value, name: String(node.label) })
                }}
              >
                {hasChildren ? (
                  expanded ? (
                    <IconChevronDown size={14} />
                  ) : (
                    <IconChevronRight size={14} />
                  )
                ) : (
                  <span style={{ width: 14 }} />
                )}
                <Text size="sm" fw={active ? 700 : undefined} c={active ? 'blue' : undefined}>
                  {node.label}
                </Text>
              </Group>
            )
          }}
        />
      </ScrollArea.Autosize>
    </Card>
  )
}
