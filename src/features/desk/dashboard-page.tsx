// Console (/wel/dashboard, hidden from the menu): figures the server gives today about this
// session: the menu this user sees, granted button codes, roles and tenant.
import { useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useSession } from '@/api/session'
import { countMenu, filterByRoles } from '@/shell/menu/menu-mapping'
import { latestNoticesQuery } from '@/shell/notice/notice-api'

function Figure({
  label,
  value,
  testId,
}: {
  label: string
  value: number | string
  testId: string
}) {
  return (
    <Card radius={10} withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  )
}

export function DashboardPage() {
  const { t } = useLingui()
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.roles)
  const permission = useSession((s) => s.permission)
  const info = useSession((s) => s.userInfo)
  const counts = useMemo(() => countMenu(filterByRoles(menu, roles)), [menu, roles])
  const notices = useQuery(latestNoticesQuery()).data?.total
  const rows: [string, string][] = [
    [t`账号`, info.account ?? ''],
    [t`姓名`, info.real_name || info.user_name || ''],
    [t`租户`, info.tenant_id ?? ''],
    [t`角色名称`, info.role_name ?? ''],
  ]
  return (
    <Stack>
      <Title order={3}>{t`控制台`}</Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t`菜单分组`} value={counts.groups} testId="figure-groups" />
        <Figure label={t`可用页面`} value={counts.screens} testId="figure-screens" />
        <Figure
          label={t`按钮权限`}
          value={Object.keys(permission).length}
          testId="figure-buttons"
        />
        <Figure label={t`通知公告`} value={notices ?? '-'} testId="figure-notices" />
      </SimpleGrid>
      <Card radius={10} withBorder padding="lg">
        <Title order={5} mb="sm">{t`当前会话`}</Title>
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={140}>{k}</Table.Th>
                <Table.Td>{v || '-'}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th>{t`角色`}</Table.Th>
              <Table.Td>
                <Group gap={4}>
                  {roles.length
                    ? roles.map((r) => (
                        <Badge key={r} variant="light">
                          {r}
                        </Badge>
                      ))
                    : '-'}
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  )
}
