// A tree table on the engine's parts: a forest ({api}/list, expanded at first) or a lazy tree
// ({api}/lazy-list, roots first, children fetched when a row is expanded). One column carries the
// indent and the expand button; each row offers '新增子项', which opens the add dialog with its
// parent filled in.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Button, Group } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconSubtask } from '@tabler/icons-react'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { EntityDef } from '@/domain/entity'
import type { Row } from '@/crud/entity-api'
import { rowId } from '@/crud/table-props'
import { useCrudPermissions } from '@/crud/use-permissions'
import { ListFrame, type FrameContext } from './list-frame'
import { treeLevelQuery } from './system-api'
import { flattenTree, type TreeRowMeta } from './tree-rows'

interface Props {
  def: EntityDef
  mode: 'forest' | 'lazy'
  /** The list field that carries the indent and the expand button. */
  treeField: string
  rowActions?: (row: Row, ctx: FrameContext) => ReactNode
  toolbar?: (ctx: FrameContext) => ReactNode
}

function TreeCell({ meta, label, busy, onToggle }: { meta: TreeRowMeta; label: string; busy: boolean; onToggle: () => void }) {
  const { t } = useLingui()
  return (
    <Group gap={4} wrap="nowrap" pl={meta.depth * 20}>
      {meta.expandable ? (
        <ActionIcon variant="subtle" size="sm" loading={busy} aria-expanded={meta.expanded} aria-label={meta.expanded ? t`收起 ${label}` : t`展开 ${label}`} onClick={onToggle}>
          {meta.expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <Box w={22} />
      )}
      <span style={{ whiteSpace: 'nowrap' }}>{label}</span>
    </Group>
  )
}

export function TreeTable({ def, mode, treeField, rowActions, toolbar }: Props) {
  const client = useQueryClient()
  const can = useCrudPermissions(def)
  const [filters, setFilters] = useState<Record<string, string>>({})
  // Forests start open and remember what was closed; lazy trees start closed.
  const [toggled, setToggled] = useState<Set<string>>(new Set())
  const isExpanded = (id: string) => (mode === 'forest' ? !toggled.has(id) : toggled.has(id))
  const roots = useQuery(treeLevelQuery(def, mode, null, filters))
  const lazyIds = mode === 'lazy' ? [...toggled] : []
  const children = useQueries({ queries: lazyIds.map((id) => treeLevelQuery(def, 'lazy', id, {})) })
  const loaded = new Map(lazyIds.map((id, i) => [id, children[i]]))
  const childrenOf = (row: Row) => (mode === 'forest' ? (row.children as Row[] | undefined) : loaded.get(rowId(row))?.data)
  const { rows, meta } = flattenTree(roots.data ?? [], isExpanded, childrenOf)

  const toggle = (id: string) =>
    setToggled((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const cells = {
    [treeField]: (row: Row, value: unknown) => {
      const id = rowId(row)
      const m = meta.get(id) ?? { depth: 0, expandable: false, expanded: false }
      return <TreeCell meta={m} label={String(value ?? '')} busy={m.expanded && !!loaded.get(id)?.isPending} onToggle={() => toggle(id)} />
    },
  }
  return (
    <ListFrame
      def={def}
      rows={rows}
      loading={roots.isPending}
      refresh={() => void client.invalidateQueries({ queryKey: ['crud', def.name] })}
      search={{ filters, onSearch: setFilters }}
      cells={cells}
      toolbar={toolbar}
      rowActions={(row, ctx) => (
        <>
          {can.add && (
            <Button size="compact-sm" variant="subtle" leftSection={<IconSubtask size={14} />} onClick={() => ctx.openAdd({ parentId: rowId(row) })}>
              <Trans>新增子项</Trans>
            </Button>
          )}
          {rowActions?.(row, ctx)}
        </>
      )}
    />
  )
}
