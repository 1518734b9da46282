// The menu entry of the screen being opened. A path the cached menu lacks is asked of the server
// once more before the screen gives up (/404 or /403): an entry added on the menu screen, or a
// grant given meanwhile, then opens at once instead of after a reload.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useSession, type MenuNode } from '@/api/session'
import { routesQuery } from './menu-queries'

export interface MenuLookup {
  node: MenuNode | undefined
  /** The whole menu as known now (the stored one when the server cannot be reached). */
  menu: MenuNode[]
  /** The answer is final: found, or missing from a menu fetched since the screen opened (or unreachable). */
  settled: boolean
}

export function useMenuNode(find: (menu: MenuNode[]) => MenuNode | undefined): MenuLookup {
  const q = useQuery(routesQuery(''))
  const stored = useSession((s) => s.menu)
  const menu = q.data ?? stored
  const node = useMemo(() => find(menu), [find, menu])
  const [openedAt] = useState(Date.now)
  const fresh = q.dataUpdatedAt >= openedAt
  const recheck = !node && q.isSuccess && !fresh && !q.isFetching
  const { refetch } = q
  useEffect(() => {
    if (recheck) void refetch()
  }, [recheck, refetch])
  return { node, menu, settled: !!node || q.isError || (q.isSuccess && fresh && !q.isFetching) }
}
