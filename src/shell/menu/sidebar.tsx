// The sidebar menu (docs/product.md §2 "Main layout"): the menu tree filtered by roles, one open
// submenu at a time, collapsible to icons. On small screens choosing an entry closes the drawer
// (onNavigate).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import classes from '../shell.module.css'
import { MenuIcon } from './menu-icons'
import { filterByRoles, menuLabel } from './menu-mapping'
import { iframeRouterPath, isExternal } from './menu-target'
import { useOpenMenu } from './use-open-menu'

interface Props {
  collapsed: boolean
  onNavigate?: () => void
}

/** Whether the node or one of its descendants is the current page. */
function contains(node: MenuNode, pathname: string): boolean {
  if (isActive(node, pathname)) return true
  return node.children.some((c) => contains(c, pathname))
}

function isActive(node: MenuNode, pathname: string): boolean {
  if (!node.path) return false
  if (isExternal(node.path)) return pathname === `/myiframe/${iframeRouterPath(node)}`
  return pathname === node.path
}

const visible = (nodes: MenuNode[]) => nodes.filter((n) => n.meta.menu !== false)

function Level({
  nodes,
  pathname,
  onPick,
}: {
  nodes: MenuNode[]
  pathname: string
  onPick: (n: MenuNode) => void
}) {
  const { i18n } = useLingui()
  const router = useRouter()
  // Hover or focus preloads the entry's route: its code and, through its loader, a list's first page.
  const preload = (n: MenuNode) => {
    if (n.path.startsWith('/')) router.preloadRoute({ to: n.path }).catch(() => {})
  }
  const [openId, setOpenId] = useState<string | null>(
    () => nodes.find((n) => n.children.length && contains(n, pathname))?.id ?? null,
  )
  return visible(nodes).map((n) => {
    const label = menuLabel(n, i18n.locale)
    if (!n.children.length)
      return (
        <NavLink
          key={n.id}
          className={classes.navLink}
          label={label}
          leftSection={<MenuIcon name={n.icon} />}
          active={isActive(n, pathname)}
          // A link with its href, so Tab reaches it and a modifier or middle click opens a new tab.
          href={n.path}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
            e.preventDefault()
            onPick(n)
          }}
          onMouseEnter={() => preload(n)}
          onFocus={() => preload(n)}
          data-testid={`menu-${n.path}`}
        />
      )
    return (
      // keepMounted={false}: a closed group renders nothing. Mantine keeps closed content mounted
      // (hidden) by default, which rendered the whole menu tree at start-up (docs/offline.md P1).
      <NavLink
        key={n.id}
        className={classes.navLink}
        label={label}
        leftSection={<MenuIcon name={n.icon} />}
        opened={openId === n.id}
        onChange={(o) => setOpenId(o ? n.id : null)}
        childrenOffset={12}
        keepMounted={false}
      >
        <Level nodes={n.children} pathname={pathname} onPick={onPick} />
      </NavLink>
    )
  })
}

function leavesOf(node: MenuNode): MenuNode[] {
  return node.children.length ? visible(node.children).flatMap(leavesOf) : [node]
}

/** Collapsed: top-level icons; a group opens its entries in a menu beside the bar. */
function IconBar({
  nodes,
  pathname,
  onPick,
}: {
  nodes: MenuNode[]
  pathname: string
  onPick: (n: MenuNode) => void
}) {
  const { i18n } = useLingui()
  return (
    <Stack gap={4} align="center">
      {visible(nodes).map((n) => {
        const label = menuLabel(n, i18n.locale)
        const button = (
          <ActionIcon
            variant="subtle"
            size="xl"
            className={classes.iconButton}
            data-active={contains(n, pathname) || undefined}
            aria-label={label}
            onClick={n.children.length ? undefined : () => onPick(n)}
          >
            <MenuIcon name={n.icon} size={20} />
          </ActionIcon>
        )
        if (!n.children.length)
          return (
            <Tooltip key={n.id} label={label} position="right">
              {button}
            </Tooltip>
          )
        return (
          <Menu key={n.id} position="right-start" trigger="click-hover" withinPortal>
            <Menu.Target>{button}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{label}</Menu.Label>
              {leavesOf(n).map((leaf) => (
                <Menu.Item
                  key={leaf.id}
                  leftSection={<MenuIcon name={leaf.icon} size={16} />}
                  onClick={() => onPick(leaf)}
                >
                  {menuLabel(leaf, i18n.locale)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )
      })}
    </Stack>
  )
}

export function Sidebar({ collapsed, onNavigate }: Props) {
  const { t } = useLingui()
  const menu = useSession((s) => s.menu)
  const roles = useSession((s) => s.roles)
  const tree = useMemo(() => filterByRoles(menu, roles), [menu, roles])
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const open = useOpenMenu()
  const onPick = (n: MenuNode) => {
    open(n)
    onNavigate?.()
  }
  return (
    <ScrollArea component="nav" aria-label={t`菜单`} h="100%" p={collapsed ? 6 : 'xs'}>
      {collapsed ? (
        <IconBar nodes={tree} pathname={pathname} onPick={onPick} />
      ) : (
        <Level nodes={tree} pathname={pathname} onPick={onPick} />
      )}
    </ScrollArea>
  )
}
