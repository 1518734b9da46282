// Blade's menu (GET /blade-system/menu/routes and /buttons, docs/contract.md §7) mapped to the menu
// node (docs/product.md §3 "Menu node"), filtered by roles (docs/product.md §6); and the button
// tree flattened to permission flags.
import type { BladeMenu, ButtonNode } from '@/api/account'
import type { MenuNode } from '@/api/session'

export type { BladeMenu }

/** Fields a server may add to Blade's MenuVO and that the node keeps (roles restriction, hidden flag...). */
type Extra = { meta?: MenuNode['meta']; query?: Record<string, string>; group?: string[] }

/** Blade fills `alias` with the placeholder 'menu' on plain menus: that is no English label. */
const NO_I18N = new Set(['', 'menu'])

export function mapMenu(list: BladeMenu[]): MenuNode[] {
  return list.map((item) => {
    const m = item as BladeMenu & Extra
    const alias = m.alias ?? ''
    const node: MenuNode = {
      id: String(m.id),
      label: m.name,
      path: m.path ?? '',
      icon: m.source ?? '',
      children: mapMenu(m.children ?? []),
      meta: { ...(m.meta ?? {}), ...(NO_I18N.has(alias) ? {} : { i18n: alias }) },
      isOpen: m.isOpen ?? 1,
    }
    if (m.code) node.code = m.code
    if (alias) node.alias = alias
    if (m.query) node.query = m.query
    if (m.group) node.group = m.group
    return node
  })
}

/** An item shows if it has no roles restriction or one of the current roles is listed. */
export function filterByRoles(nodes: MenuNode[], roles: string[]): MenuNode[] {
  const out: MenuNode[] = []
  for (const n of nodes) {
    const allowed = n.meta.roles
    if (allowed && allowed.length > 0 && !roles.some((r) => allowed.includes(r))) continue
    out.push(n.children.length ? { ...n, children: filterByRoles(n.children, roles) } : n)
  }
  return out
}

/** Every node without children contributes its code: { user_add: true, ... } (Saber SET_PERMISSION). */
export function flattenButtons(tree: ButtonNode[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {}
  const walk = (nodes: ButtonNode[]) => {
    for (const n of nodes) {
      if (n.children && n.children.length > 0) walk(n.children)
      else if (n.code) flags[n.code] = true
    }
  }
  walk(tree)
  return flags
}

/** Label in the active language: the alias (meta.i18n) in English when there is one. */
export function menuLabel(node: Pick<MenuNode, 'label' | 'meta'>, locale: string): string {
  const i18n = node.meta?.i18n
  return locale === 'en' && typeof i18n === 'string' && i18n ? i18n : node.label
}

/** Leaves shown in the menu (hidden entries, meta.menu === false, are left out). */
export function menuLeaves(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = []
  for (const n of nodes) {
    if (n.meta.menu === false) continue
    if (n.children.length) out.push(...menuLeaves(n.children))
    else out.push(n)
  }
  return out
}

/** Depth-first search over the whole tree (hidden entries included). */
export function findMenu(nodes: MenuNode[], match: (n: MenuNode) => boolean): MenuNode | undefined {
  for (const n of nodes) {
    if (match(n)) return n
    const hit = findMenu(n.children, match)
    if (hit) return hit
  }
  return undefined
}

export function countMenu(nodes: MenuNode[]): { groups: number; screens: number } {
  let groups = 0
  let screens = 0
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.children.length) {
        groups++
        walk(n.children)
      } else screens++
    }
  }
  walk(nodes)
  return { groups, screens }
}
