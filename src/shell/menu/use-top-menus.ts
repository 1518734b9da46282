// The top menus the top bar shows: those the server lists, less the ones known to hold nothing for
// the user (their routes came back empty and they have no path of their own), which would only
// open an empty sidebar. A server that lists every top menu to everyone (Blade does) is covered too.
import { useQueries, useQuery } from '@tanstack/react-query'
import type { BladeMenu } from '@/api/account'
import { routesQuery, topMenuQuery } from './menu-queries'

export function useTopMenus(): BladeMenu[] {
  const top = useQuery(topMenuQuery()).data ?? []
  const routes = useQueries({ queries: top.map((m) => routesQuery(m.id)) })
  return top.filter((m, i) => m.path || routes[i]?.data?.length !== 0)
}
