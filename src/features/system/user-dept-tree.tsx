// The dept tree beside the user list: choosing a dept filters the users (deptId, the server takes
// in the depts below it); 全部 clears the filter.
import { useLingui } from '@lingui/react/macro'
import { Card, Center, Loader, NavLink, ScrollArea, Text } from '@mantine/core'
import { IconSitemap } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { treeQuery, type TreeNode } from './system-api'

interface Props {
  value: string | null
  onChange: (deptId: string | null) => void
}

function DeptNode({ node, value, onChange }: { node: TreeNode } & Props) {
  const kids = node.children ?? []
  const id = String(node.value)
  return (
    <NavLink
      label={node.title}
      active={value === id}
      defaultOpened
      childrenOffset={14}
      onClick={() => onChange(id)}
      aria-current={value === id ? 'true' : undefined}
    >
      {kids.length
        ? kids.map((k) => (
            <DeptNode key={String(k.value)} node={k} value={value} onChange={onChange} />
          ))
        : undefined}
    </NavLink>
  )
}

export function UserDeptTree({ value, onChange }: Props) {
  const { t } = useLingui()
  const tree = useQuery(treeQuery('/dept/tree'))
  return (
    <Card withBorder radius={10} padding="xs" component="nav" aria-label={t`部门`}>
      <Text fw={600} size="sm" px="xs" pb={4}>
        {t`部门`}
      </Text>
      <ScrollArea.Autosize mah={600}>
        <NavLink
          label={t`全部`}
          leftSection={<IconSitemap size={14} />}
          active={value === null}
          onClick={() => onChange(null)}
          aria-current={value === null ? 'true' : undefined}
        />
        {tree.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t`加载中`} />
          </Center>
        ) : (
          (tree.data ?? []).map((n) => (
            <DeptNode key={String(n.value)} node={n} value={value} onChange={onChange} />
          ))
        )}
      </ScrollArea.Autosize>
    </Card>
  )
}
