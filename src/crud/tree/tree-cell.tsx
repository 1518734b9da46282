// The cell that carries a tree table's shape: indent by depth and the expand/collapse button.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Group } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { TreeRowMeta } from './tree-rows'

/** Tree mode of the table: which column carries the tree, and each row's place in it. */
export interface TreeColumn {
  field: string
  meta: Map<string, TreeRowMeta>
  /** A lazy row whose children are being fetched. */
  busy: (id: string) => boolean
  onToggle: (id: string) => void
}

interface Props {
  tree: TreeColumn
  id: string
  /** The row's text in that column (the button's name). */
  label: string
  children: ReactNode
}

export function TreeCell({ tree, id, label, children }: Props) {
  const { t } = useLingui()
  const meta = tree.meta.get(id) ?? { depth: 0, expandable: false, expanded: false }
  return (
    <Group gap={4} wrap="nowrap" pl={meta.depth * 20}>
      {meta.expandable ? (
        <ActionIcon
          variant="subtle"
          size="sm"
          loading={meta.expanded && tree.busy(id)}
          aria-expanded={meta.expanded}
          aria-label={meta.expanded ? t`收起 ${label}` : t`展开 ${label}`}
          onClick={() => tree.onToggle(id)}
        >
          {meta.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <Box w={22} />
      )}
      <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
    </Group>
  )
}
