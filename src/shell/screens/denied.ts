// Which error page a path outside the user's menu opens: /403 for a screen this app has (a
// registered business screen, a menu entry the user's roles exclude, or a generic list screen of a
// declared entity), /404 for anything else.
import type { MenuNode } from '@/api/session'
import { entityLoaders } from '@/domain/entity-loaders'
import { findMenu } from '../menu/menu-mapping'
import { screenFor } from '../screen-registry'

const squash = (s: string) => s.toLowerCase().replace(/[-_]/g, '')
const entityCodes = new Set(Object.keys(entityLoaders).map(squash))

/**
 * A generic list screen's path ends in its menu code: its screen segment, or its last two segments
 * (/system/param → param, /system/dict-biz → dict_biz, /authority/datascope → data_scope,
 * /monitor/log/api → log_api): the user's menu does not hold the entries of other roles, so the
 * path is all there is to go by.
 */
function isGenericScreen(path: string): boolean {
  const parts = path.split('/').filter(Boolean).map(squash)
  // A menu path is /<folder>/<screen> or /<folder>/<group>/<screen>; anything else is no screen.
  if (parts.length === 2) return entityCodes.has(parts[1]!)
  return parts.length === 3 && entityCodes.has(parts[1]! + parts[2]!)
}

export function missingScreenPage(path: string, menu: MenuNode[]): '/403' | '/404' {
  if (screenFor(path) || isGenericScreen(path)) return '/403'
  return findMenu(menu, (n) => n.path === path) ? '/403' : '/404'
}
