// Which error page a path outside the user's menu opens: /403 for a screen this app has (a
// registered business screen, or a menu entry the user's roles exclude), /404 for anything else.
import type { MenuNode } from '@/api/session'
import { findMenu } from '../menu/menu-mapping'
import { screenFor } from '../screen-registry'

export function missingScreenPage(path: string, menu: MenuNode[]): '/403' | '/404' {
  if (screenFor(path)) return '/403'
  return findMenu(menu, (n) => n.path === path) ? '/403' : '/404'
}
