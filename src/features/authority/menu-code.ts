// A menu's code (a scope's resource code): from the signed-in menu when it is there, else from
// menu/detail (quietly: a user without the menu screen simply gets no pre-filled code).
import { useQuery } from '@tanstack/react-query'
import { http } from '@/api/http'
import { useSession, type MenuNode } from '@/api/session'
import { config } from '@/config'

function find(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n
    const hit = find(n.children ?? [], id)
    if (hit) return hit
  }
  return undefined
}

export function useMenuCode(menuId: string | null): string | undefined {
  const menu = useSession((s) => s.menu)
  const local = menuId ? find(menu, menuId)?.code : undefined
  const remote = useQuery({
    queryKey: ['authority', 'menu-code', menuId],
    queryFn: async () =>
      (
        await http.get<{ code?: string }>(
          `${config.apiPrefix}/blade-system/menu/detail`,
          { id: menuId },
          { silent: true },
        )
      )?.code ?? '',
    enabled: !!menuId && !local,
    retry: false,
  })
  return local ?? remote.data
}
