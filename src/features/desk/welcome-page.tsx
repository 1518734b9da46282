// Home (/wel/index): a welcome with the user's name and today's date, the dashboard's cards of the
// tenant's real figures (dashboard-cards.tsx), then shortcuts to the menus this user opens most and
// the latest notices from the server.
import { useLingui } from '@lingui/react/macro'
import {
  Card,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconSpeakerphone } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useMemo } from 'react'
import { useSession } from '@/api/session'
import { MenuIcon } from '@/shell/menu/menu-icons'
import { filterByRoles, menuLabel } from '@/shell/menu/menu-mapping'
import { mostUsed, readUsage } from '@/shell/menu/menu-usage'
import { useOpenMenu } from '@/shell/menu/use-open-menu'
import { latestNoticesQuery } from '@/shell/notice/notice-api'
import { DashboardCards } from './dashboard-cards'

function Notices() {
  const { t } = useLingui()
  const q = useQuery(latestNoticesQuery())
  if (q.isPending) return <Loader size="sm" />
  if (q.isError || !q.data.records.length)
    return (
      <EmptyState
        size="sm"
        icon={<IconSpeakerphone />}
        title={q.isError ? t`通知加载失败` : t`暂无通知`}
      />
    )
  return (
    <Stack gap="xs" data-testid="home-notices">
      {q.data.records.map((n) => (
        <Group key={n.id} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {n.releaseTime?.slice(0, 10)}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

function Shortcuts() {
  const { t, i18n } = useLingui()
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.roles)
  const open = useOpenMenu()
  const items = useMemo(() => mostUsed(filterByRoles(menu, roles), readUsage()), [menu, roles])
  if (!items.length) return <Text size="sm" c="dimmed">{t`暂无可用菜单`}</Text>
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="home-shortcuts">
      {items.map((n) => (
        <UnstyledButton
          key={n.id}
          onClick={() => open(n)}
          p="sm"
          style={{ borderRadius: 10, border: '1px solid var(--mantine-color-default-border)' }}
        >
          <Stack gap={4} align="center">
            <MenuIcon name={n.icon} size={24} />
            <Text size="sm" ta="center" lineClamp={1}>
              {menuLabel(n, i18n.locale)}
            </Text>
          </Stack>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  )
}

export function WelcomePage() {
  const { t, i18n } = useLingui()
  const info = useSession((s) => s.userInfo)
  const name = info.real_name || info.user_name || info.account || ''
  const today = dayjs()
    .locale(i18n.locale === 'en' ? 'en' : 'zh-cn')
    .format(i18n.locale === 'en' ? 'dddd, MMMM D, YYYY' : 'YYYY年M月D日 dddd')
  return (
    <Stack>
      <Card radius={10} withBorder padding="lg">
        <Title order={3}>{t`你好，${name}，欢迎使用越南电商管理平台`}</Title>
        <Text c="dimmed" mt={4}>
          {today}
        </Text>
      </Card>
      <DashboardCards />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card radius={10} withBorder padding="lg">
          <Title order={5} mb="sm">{t`常用菜单`}</Title>
          <Shortcuts />
        </Card>
        <Card radius={10} withBorder padding="lg">
          <Title order={5} mb="sm">{t`最新通知`}</Title>
          <Notices />
        </Card>
      </SimpleGrid>
    </Stack>
  )
}
