// Seeds the menu tree, the role grants and the top menus. A menu already present (same code or
// same id) is left as it is. Grants and top-menu links are added only for menus or roles created
// by this run, so a grant an administrator revoked is not brought back at the next start.
import type { Kysely, Transaction } from 'kysely'
import { now } from '../core/dates.ts'
import type { DB } from '../db/schema.ts'
import { ADMIN_USER_ID, DEPT_COMPANY, TENANT_ID } from './ids.ts'
import { flattenMenus, grantedCodes, menuCodesUnder, type FlatMenu } from './menu-flat.ts'
import { ROLE_GRANTS, TOP_MENUS } from './menu-grants.ts'
import { stableId } from './stable-id.ts'

const CHUNK = 100

async function insertMenus(
  tx: Transaction<DB>,
  flat: FlatMenu[],
): Promise<{ idOf: Map<string, string>; created: Set<string> }> {
  const existing = await tx.selectFrom('bladeMenu').select(['id', 'code']).execute()
  const idOf = new Map(existing.map((r) => [r.code, r.id]))
  const ids = new Set(existing.map((r) => r.id))
  const created = new Set<string>()
  const rows = []
  for (const m of flat) {
    if (idOf.has(m.code)) continue
    const id = stableId('menu', m.code)
    if (ids.has(id)) continue
    const parentId = m.parentCode ? (idOf.get(m.parentCode) ?? '0') : '0'
    rows.push({
      id,
      parentId,
      code: m.code,
      name: m.name,
      alias: m.alias,
      path: m.path,
      source: m.source,
      sort: m.sort,
      category: m.category,
      action: m.action,
      isOpen: 1,
      remark: null,
    })
    idOf.set(m.code, id)
    created.add(m.code)
  }
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insertInto('bladeMenu')
      .values(rows.slice(i, i + CHUNK))
      .execute()
  return { idOf, created }
}

async function insertGrants(
  tx: Transaction<DB>,
  flat: FlatMenu[],
  idOf: Map<string, string>,
  createdMenus: Set<string>,
  createdRoles: Set<string>,
): Promise<void> {
  const roles = await tx
    .selectFrom('bladeRole')
    .select(['id', 'roleAlias'])
    .where('tenantId', '=', TENANT_ID)
    .where('isDeleted', '=', 0)
    .execute()
  const existing = await tx.selectFrom('bladeRoleMenu').select(['roleId', 'menuId']).execute()
  const have = new Set(existing.map((r) => `${r.roleId}:${r.menuId}`))
  const rows = []
  for (const role of roles) {
    const grants =
      role.roleAlias === 'administrator'
        ? flat.map((m) => m.code)
        : (ROLE_GRANTS[role.roleAlias] ?? []).flatMap((g) => grantedCodes(flat, g))
    const roleIsNew = createdRoles.has(role.roleAlias)
    for (const code of new Set(grants)) {
      const menuId = idOf.get(code)
      if (!menuId || !(roleIsNew || createdMenus.has(code)) || have.has(`${role.id}:${menuId}`))
        continue
      rows.push({ id: stableId('role_menu', `${role.id}:${menuId}`), roleId: role.id, menuId })
      have.add(`${role.id}:${menuId}`)
    }
  }
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insertInto('bladeRoleMenu')
      .values(rows.slice(i, i + CHUNK))
      .execute()
}

/**
 * An import button added to an existing database (gift_detail_import came after its menu) goes to
 * every role, of any tenant, that may edit that menu's records: importing is editing in bulk.
 */
async function grantNewImportButtons(
  tx: Transaction<DB>,
  idOf: Map<string, string>,
  createdMenus: Set<string>,
): Promise<void> {
  for (const code of createdMenus) {
    if (!code.endsWith('_import')) continue
    const editId = idOf.get(`${code.slice(0, -'_import'.length)}_edit`)
    const importId = idOf.get(code)
    if (!editId || !importId || createdMenus.has(`${code.slice(0, -'_import'.length)}_edit`))
      continue
    const editors = await tx
      .selectFrom('bladeRoleMenu')
      .select('roleId')
      .where('menuId', '=', editId)
      .execute()
    const have = new Set(
      (
        await tx
          .selectFrom('bladeRoleMenu')
          .select('roleId')
          .where('menuId', '=', importId)
          .execute()
      ).map((r) => r.roleId),
    )
    const rows = [...new Set(editors.map((r) => r.roleId))]
      .filter((roleId) => !have.has(roleId))
      .map((roleId) => ({
        id: stableId('role_menu', `${roleId}:${importId}`),
        roleId,
        menuId: importId,
      }))
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx
        .insertInto('bladeRoleMenu')
        .values(rows.slice(i, i + CHUNK))
        .execute()
  }
}

async function insertTopMenus(
  tx: Transaction<DB>,
  flat: FlatMenu[],
  idOf: Map<string, string>,
  createdMenus: Set<string>,
): Promise<void> {
  const t = now()
  const existing = await tx
    .selectFrom('bladeTopMenu')
    .select(['id', 'code', 'alias'])
    .where('tenantId', '=', TENANT_ID)
    .execute()
  const settings = await tx
    .selectFrom('bladeTopMenuSetting')
    .select(['topMenuId', 'menuId'])
    .execute()
  const have = new Set(settings.map((r) => `${r.topMenuId}:${r.menuId}`))
  for (const [i, top] of TOP_MENUS.entries()) {
    const found = existing.find((r) => r.code === top.code)
    let topId = found?.id
    const topIsNew = !topId
    // The English name came later (migration 012): a seeded top menu without one gets it.
    if (found && found.alias === null)
      await tx
        .updateTable('bladeTopMenu')
        .set({ alias: top.alias })
        .where('id', '=', found.id)
        .execute()
    if (!topId) {
      topId = stableId('top_menu', `${TENANT_ID}:${top.code}`)
      await tx
        .insertInto('bladeTopMenu')
        .values({
          id: topId,
          tenantId: TENANT_ID,
          code: top.code,
          name: top.name,
          alias: top.alias,
          source: top.source,
          path: null,
          sort: i + 1,
          createUser: ADMIN_USER_ID,
          createDept: DEPT_COMPANY,
          createTime: t,
          updateUser: ADMIN_USER_ID,
          updateTime: t,
        })
        .execute()
    }
    const rows = []
    for (const code of top.menus.flatMap((c) => menuCodesUnder(flat, c))) {
      const menuId = idOf.get(code)
      if (!menuId || !(topIsNew || createdMenus.has(code)) || have.has(`${topId}:${menuId}`))
        continue
      rows.push({
        id: stableId('top_menu_setting', `${topId}:${menuId}`),
        topMenuId: topId,
        menuId,
      })
      have.add(`${topId}:${menuId}`)
    }
    for (let j = 0; j < rows.length; j += CHUNK)
      await tx
        .insertInto('bladeTopMenuSetting')
        .values(rows.slice(j, j + CHUNK))
        .execute()
  }
}

export async function seedMenus(db: Kysely<DB>, createdRoles: Set<string>): Promise<void> {
  const flat = flattenMenus()
  await db.transaction().execute(async (tx) => {
    const { idOf, created } = await insertMenus(tx, flat)
    await insertGrants(tx, flat, idOf, created, createdRoles)
    await grantNewImportButtons(tx, idOf, created)
    await insertTopMenus(tx, flat, idOf, created)
  })
}
