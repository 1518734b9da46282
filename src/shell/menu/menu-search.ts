// Menu search of the search panel and the top-bar autocomplete: name prefix, case-insensitive
// (docs/product.md §2 "Main layout"), also on the English alias.
import type { MenuNode } from '@/api/session'
import { menuLeaves } from './menu-mapping'

export function searchMenu(tree: MenuNode[], query: string): MenuNode[] {
  const leaves = menuLeaves(tree).filter((n) => n.path)
  const q = query.trim().toLowerCase()
  if (!q) return leaves
  return leaves.filter(
    (n) =>
      n.label.toLowerCase().startsWith(q) ||
      (typeof n.meta.i18n === 'string' && n.meta.i18n.toLowerCase().startsWith(q)),
  )
}
