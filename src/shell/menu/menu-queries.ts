// What the shell loads on entry (docs/product.md §2, §6): user info (roles), button codes and the
// menu routes, through React Query under ['system', 'menu', ...]; results are mirrored into the
// session store.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getButtons, getRoutes, getTopMenu, getUserInfo } from '@/api/account'
import { sessionStore, useSession, type MenuNode } from '@/api/session'
import { flattenButtons, mapMenu } from './menu-mapping'
import { useTopMenuId } from './top-menu-state'

export const menuKeys = {
  all: ['system', 'menu'] as const,
  userInfo: () => [...menuKeys.all, 'user-info'] as const,
  buttons: () => [...menuKeys.all, 'buttons'] as const,
  routes: (topMenuId: string) => [...menuKeys.all, 'routes', topMenuId] as const,
  topMenu: () => [...menuKeys.all, 'top-menu'] as const,
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: menuKeys.userInfo(), queryFn: async () => (await getUserInfo()) ?? {} })

const buttonsQuery = () =>
  queryOptions({
    queryKey: menuKeys.buttons(),
    queryFn: async () => flattenButtons((await getButtons()) ?? []),
  })

/** '' = the full menu; a top menu id narrows it (routes?topMenuId=). */
export const routesQuery = (topMenuId: string) =>
  queryOptions({
    queryKey: menuKeys.routes(topMenuId),
    queryFn: async () => mapMenu((await getRoutes(topMenuId || undefined)) ?? []),
  })

export const topMenuQuery = () =>
  queryOptions({ queryKey: menuKeys.topMenu(), queryFn: async () => (await getTopMenu()) ?? [] })

/** Loads user info, buttons and the routes of the chosen top menu into the session store. */
export function useShellData(): void {
  const topMenuId = useTopMenuId()
  const info = useQuery(userInfoQuery()).data
  const permission = useQuery(buttonsQuery()).data
  const menu = useQuery(routesQuery(topMenuId)).data
  useEffect(() => {
    if (info) sessionStore.setRoles(Array.isArray(info.roles) ? info.roles.map(String) : [])
  }, [info])
  useEffect(() => {
    if (permission) sessionStore.setPermission(permission)
  }, [permission])
  useEffect(() => {
    if (menu) sessionStore.setMenu(menu)
  }, [menu])
}

/**
 * The whole menu (no top-menu narrowing) for resolving a path: a tab opened under one top menu
 * must keep working under another. Falls back to the stored menu when the server cannot be reached.
 */
export function useFullMenu(): { ready: boolean; menu: MenuNode[] } {
  const q = useQuery(routesQuery(''))
  const stored = useSession((s) => s.menu)
  return { ready: q.isSuccess || q.isError, menu: q.data ?? stored }
}
