// Corrections of the seeded role grants on databases seeded before them. The seed grants a role's
// menus only when the role or the menu is new (menus.ts), so a changed ROLE_GRANTS would never reach
// a running database; migration 015 applies this change once instead, with its own copy of the
// codes the change covered when it was written (db/migrations/015-orders-fees.ts). What the seed
// gave before and gives now are both written out: grants the change adds are inserted when missing,
// and grants it takes away are deleted only when they are the seed's own rows (their stable id), so
// a grant an administrator made by hand stays.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { TENANT_ID } from './ids.ts'
import { flattenMenus, grantedCodes } from './menu-flat.ts'
import type { GrantSeed } from './menu-grants.ts'
import { stableId } from './stable-id.ts'

export interface GrantChange {
  role: string
  before: GrantSeed[]
  after: GrantSeed[]
}

/**
 * The order screens' role change: office runs orders, TK orders (with import), the TK monthly summary, TK fees and fee
 * options; finance reads the gift reports (and imports the live gift export), the TK monthly
 * summary and keeps the TK fees, instead of viewing every order screen.
 */
export const ISSUE_F_GRANTS: GrantChange[] = [
  {
    role: 'office',
    before: [
      { code: 'desk' },
      { code: 'product_manage' },
      { code: 'order' },
      { code: 'tk_order' },
      { code: 'fee_option' },
    ],
    after: [
      { code: 'desk' },
      { code: 'product_manage' },
      { code: 'order' },
      { code: 'tk_order' },
      { code: 'tk_order_month' },
      { code: 'tk_fee' },
      { code: 'fee_option' },
    ],
  },
  {
    role: 'finance',
    before: [
      { code: 'finance' },
      { code: 'reconciliation' },
      { code: 'order_manage', buttons: ['view', 'export'] },
      { code: 'gift', buttons: ['view', 'export'] },
    ],
    after: [
      { code: 'finance' },
      { code: 'reconciliation' },
      { code: 'gift', buttons: ['view', 'export', 'import'] },
      { code: 'tk_order_month' },
      { code: 'tk_fee' },
    ],
  },
]

/** Applies grant changes to the seeded roles of tenant 000000 (nothing when the database is not seeded yet). */
export async function applyGrantChanges(
  anyDb: Kysely<unknown>,
  changes: GrantChange[] = ISSUE_F_GRANTS,
): Promise<void> {
  const db = anyDb as Kysely<DB>
  const roles = await db
    .selectFrom('bladeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', TENANT_ID)
    .where('isDeleted', '=', 0)
    .execute()
  if (roles.length === 0) return
  const flat = flattenMenus()
  const menus = await db.selectFrom('bladeMenu').select(['id', 'code']).execute()
  const idOf = new Map(menus.map((m) => [m.code, m.id]))
  const codes = (grants: GrantSeed[]) => new Set(grants.flatMap((g) => grantedCodes(flat, g)))
  for (const change of changes) {
    const before = codes(change.before)
    const after = codes(change.after)
    for (const role of roles.filter((r) => r.roleAlias === change.role)) {
      const have = new Set(
        (
          await db
            .selectFrom('bladeRoleMenu')
            .select('menuId')
            .where('roleId', '=', role.id)
            .execute()
        ).map((r) => r.menuId),
      )
      const added = [...after]
        .filter((c) => !before.has(c))
        .map((c) => idOf.get(c))
        .filter((id): id is string => !!id && !have.has(id))
      if (added.length)
        await db
          .insertInto('bladeRoleMenu')
          .values(
            added.map((menuId) => ({
              id: stableId('role_menu', `${role.id}:${menuId}`),
              roleId: role.id,
              menuId,
            })),
          )
          .execute()
      const taken = [...before]
        .filter((c) => !after.has(c))
        .map((c) => idOf.get(c))
        .filter((id): id is string => !!id)
      const seededRows = taken.map((menuId) => stableId('role_menu', `${role.id}:${menuId}`))
      if (seededRows.length)
        await db
          .deleteFrom('bladeRoleMenu')
          .where('roleId', '=', role.id)
          .where('id', 'in', seededRows)
          .execute()
    }
  }
}
