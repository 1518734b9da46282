// The catch-all screen for menu paths: the registered business screen when there is one, a clear
// "arrives with its business module" panel when not; /403 for a screen outside the user's menu,
// /404 for a path that is no screen.
import { useLingui } from '@lingui/react/macro'
import { Card, Center, EmptyState, Loader, Text, Title } from '@mantine/core'
import { IconHourglassEmpty } from '@tabler/icons-react'
import { Navigate } from '@tanstack/react-router'
import { Suspense, useCallback, type ReactNode } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { filterByRoles, menuLabel } from '../menu/menu-mapping'
import { useMenuNode } from '../menu/use-menu-node'
import { screenFor } from '../screen-registry'
import { menuNodeFor } from '../tabs/route-tab'
import { missingScreenPage } from './denied'

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
export function MenuScreen({
  path,
  generic,
}: {
  path: string
  generic?: (node: MenuNode) => ReactNode
}) {
  const { t, i18n } = useLingui()
  const roles = useSession((s) => s.roles)
  const { node, menu, settled } = useMenuNode(
    useCallback((m: MenuNode[]) => menuNodeFor(filterByRoles(m, roles), path), [roles, path]),
  )
  // A screen the user's roles do not include is refused (/403); a path that is no screen is not found.
  if (!node) return settled ? <Navigate to={missingScreenPage(path, menu)} replace /> : <Loading />
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
      <EmptyState
        icon={<IconHourglassEmpty />}
        title={t`此页面随其业务模块一起提供`}
        description={t`菜单已配置该页面，但对应的业务模块尚未安装。`}
      >
        <Text size="xs" c="dimmed" mt="xs">
          {path}
        </Text>
      </EmptyState>
    </Card>
  )
}
