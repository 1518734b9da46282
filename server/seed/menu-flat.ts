// The seeded menu tree as rows in parent-before-child order, and the code sets a grant covers.
import { BUSINESS_MENUS } from './menu-data-business.ts'
import { DEVELOP_MENUS } from './menu-data-develop.ts'
import { GENERATED_MENUS } from './menu-data-generated.ts'
import { SYSTEM_MENUS } from './menu-data-system.ts'
import type { GrantSeed } from './menu-grants.ts'
import type { MenuSeed } from './menu-types.ts'

const MENU_TREE: MenuSeed[] = [
  ...SYSTEM_MENUS,
  ...DEVELOP_MENUS,
  ...BUSINESS_MENUS,
  ...GENERATED_MENUS,
]

export interface FlatMenu {
  code: string
  parentCode: string | null
  name: string
  alias: string
  path: string | null
  source: string
  sort: number
  category: number
  action: number
}

export function flattenMenus(tree: MenuSeed[] = MENU_TREE): FlatMenu[] {
  const out: FlatMenu[] = []
  const walk = (nodes: MenuSeed[], parentCode: string | null) => {
    nodes.forEach((m, i) => {
      out.push({
        code: m.code,
        parentCode,
        name: m.name,
        alias: m.alias,
        path: m.path,
        source: m.source,
        sort: i + 1,
        category: 1,
        action: 0,
      })
      m.buttons.forEach((b, j) => {
        out.push({
          code: `${m.code}_${b.key}`,
          parentCode: m.code,
          name: b.name,
          alias: b.key,
          path: null,
          source: b.source,
          sort: j + 1,
          category: 2,
          action: b.action,
        })
      })
      walk(m.children, m.code)
    })
  }
  walk(tree, null)
  return out
}

/** Codes covered by one grant: the named menu, the menus under it, and their (filtered) buttons. */
export function grantedCodes(flat: FlatMenu[], grant: GrantSeed): string[] {
  const byParent = new Map<string, FlatMenu[]>()
  for (const m of flat)
    if (m.parentCode) byParent.set(m.parentCode, [...(byParent.get(m.parentCode) ?? []), m])
  const out: string[] = [grant.code]
  const walk = (code: string) => {
    for (const child of byParent.get(code) ?? []) {
      if (child.category === 2 && grant.buttons && !grant.buttons.includes(child.alias)) continue
      out.push(child.code)
      if (child.category === 1) walk(child.code)
    }
  }
  walk(grant.code)
  return out
}

/** Category-1 codes of a folder and everything under it (what a top menu lists). */
export function menuCodesUnder(flat: FlatMenu[], code: string): string[] {
  return grantedCodes(flat, { code, buttons: [] })
}
