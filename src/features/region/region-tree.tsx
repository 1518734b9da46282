// The region tree: the top level first, each region's children loaded when it is first expanded
// (lazy-tree?parentCode=). reload(parent) fetches one level again after a change below it.
import { useLingui } from '@lingui/react/macro'
import {
  Group,
  Loader,
  mergeAsyncChildren,
  Text,
  Tree,
  useTree,
  type TreeNodeData,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { useCallback, useEffect, useState } from 'react'
import { regionApi, ROOT, type RegionNode } from './region-api'

const toNodes = (rows: RegionNode[]): TreeNodeData[] =>
  rows.map((r) => ({ value: r.value, label: r.title, hasChildren: r.hasChildren }))

export function useRegionTree() {
  const [data, setData] = useState<TreeNodeData[]>([])
  const load = useCallback(async (parent: string) => {
    const children = toNodes(await regionApi.lazyTree(parent === ROOT ? undefined : parent))
    setData((d) => (parent === ROOT ? children : mergeAsyncChildren(d, parent, children)))
  }, [])
  const tree = useTree({ onLoadChildren: load })
  useEffect(() => void load(ROOT).catch(() => undefined), [load])
  return { data, tree, reload: (parent: string) => load(parent).catch(() => undefined) }
}

interface Props {
  state: ReturnType<typeof useRegionTree>
  selected: string | null
  onSelect: (code: string) => void
}

export function RegionTree({ state, selected, onSelect }: Props) {
  const { t } = useLingui()
  return (
    <Tree
      aria-label={t`行政区划`}
      data={state.data}
      tree={state.tree}
      expandOnClick={false}
      renderNode={({ node, expanded, hasChildren, elementProps, isLoading, tree }) => (
        <Group
          gap={4}
          wrap="nowrap"
          {...elementProps}
          onClick={() => onSelect(node.value)}
          data-selected={node.value === selected || undefined}
        >
          {hasChildren ? (
            <span
              role="button"
              aria-label={expanded ? t`收起` : t`展开`}
              onClick={(e) => {
                e.stopPropagation()
                tree.toggleExpanded(node.value)
              }}
              style={{ display: 'inline-flex', cursor: 'pointer' }}
            >
              {isLoading ? (
                <Loader size={12} />
              ) : expanded ? (
                <IconChevronDown size={14} />
              ) : (
                <IconChevronRight size={14} />
              )}
            </span>
          ) : (
            <span style={{ width: 14 }} />
          )}
          <Text
            size="sm"
            fw={node.value === selected ? 700 : undefined}
            c={node.value === selected ? 'blue' : undefined}
          >
            {node.label}
          </Text>
        </Group>
      )}
    />
  )
}
