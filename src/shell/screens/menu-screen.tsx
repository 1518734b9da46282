// The catch-all screen for menu paths: the registered business screen when there is one, a clear
// "arrives with its business module" panel when not, and /404 for a path outside the menu.
import { useLingui } from '@lingui/react/macro'
import { Card, Center, EmptyState, Loader, Text, Title } from '@mantine/core'
import { IconHourglassEmpty } from '@tabler/icons-react'
import { Navigate } from '@tanstack/react-router'
import { Suspense, useMemo, type ReactNode } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { filterByRoles, menuLabel } from '../menu/menu-mapping'
import { useFullMenu } from '../menu/menu-queries'
import { screenFor } from '../screen-registry'
import { menuNodeFor } from '../tabs/route-tab'

export function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  )
}

/**
 * path: the menu path. generic: what to render for a menu node that has no registered screen —
 * the route hands in the CRUD engine for entities declared under the node's code.
 */
export function MenuScreen({ path, generic }: { path: string; generic?: (node: MenuNode) => ReactNode }) {
  const { t, i18n } = useLingui()
  const { ready, menu } = useFullMenu()
  const roles = useSession((s) => s.roles)
  const node = useMemo(() => menuNodeFor(filterByRoles(menu, roles), path), [menu, roles, path])
  if (!node) return ready ? <Navigate to="/404" replace /> : <Loading />
  const Screen = screenFor(path)
  if (Screen)
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    )
  const fallback = generic?.(node)
  if (fallback) return fallback
  return (
    <Card radius={10} withBorder padding="xl" data-testid="screen-pending">
      <Title order={3} mb="md">
        {menuLabel(node, i18n.locale)}
      </Title>
      <EmptyState icon={<IconHourglassEmpty />} title={t`此页面随其业务模块一起提供`} description={t`菜单已配置该页面，但对应的业务模块尚未安装。`}>
        <Text size="xs" c="dimmed" mt="xs">
          {path}
        </Text>
      </EmptyState>
    </Card>
  )
}
