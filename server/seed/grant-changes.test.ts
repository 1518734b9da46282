// The issue-F grant change on SQLite and PostgreSQL: a fresh seed grants office and finance what
// ROLE_GRANTS says; a database seeded before the change gets it once (migration 015 makes it, with
// the menus of its time): the new grants added, the seed's old ones taken away, a grant an
// administrator made by hand kept; applying it again changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { nextId } from '../core/ids.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { applyGrantChanges, ISSUE_F_GRANTS } from './grant-changes.ts'
import { ROLE_FINANCE, ROLE_OFFICE } from './ids.ts'
import { flattenMenus, grantedCodes } from './menu-flat.ts'
import { ROLE_GRANTS, type GrantSeed } from './menu-grants.ts'
import { stableId } from './stable-id.ts'

const ROLE_OF: Record<string, string> = { office: ROLE_OFFICE, finance: ROLE_FINANCE }

forEachDatabase('role grants of the order, fee and report screens', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  const flat = flattenMenus()
  const codesOf = (grants: GrantSeed[]) => new Set(grants.flatMap((g) => grantedCodes(flat, g)))
  const grantedTo = async (roleId: string) =>
    new Set(
      (
        await s.db
          .selectFrom('bladeRoleMenu as g')
          .innerJoin('bladeMenu as m', 'm.id', 'g.menuId')
          .select('m.code')
          .where('g.roleId', '=', roleId)
          .execute()
      ).map((r) => r.code),
    )
  const idOf = async (code: string) =>
    (
      await s.db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id

  it('the change ends where ROLE_GRANTS is, and says what the issue asks', () => {
    for (const c of ISSUE_F_GRANTS) expect(c.after).toEqual(ROLE_GRANTS[c.role])
    const office = codesOf(ROLE_GRANTS.office!)
    for (const code of [
      'order',
      'order_add',
      'tk_order',
      'tk_order_import',
      'tk_order_month',
      'tk_fee',
      'tk_fee_add',
      'fee_option',
      'fee_option_edit',
    ])
      expect(office.has(code), code).toBe(true)
    const finance = codesOf(ROLE_GRANTS.finance!)
    for (const code of [
      'gift_detail',
      'gift_total',
      'gift_anchor_total',
      'gift_user_total',
      'gift_item_total',
      'tk_order_month',
      'tk_order_month_export',
      'tk_fee',
      'tk_fee_add',
      'tk_fee_export',
    ])
      expect(finance.has(code), code).toBe(true)
    for (const code of ['order', 'tk_order', 'fee_option', 'gift_detail_delete'])
      expect(finance.has(code), code).toBe(false)
  })

  it('a fresh seed grants office and finance exactly their ROLE_GRANTS', async () => {
    for (const [role, id] of Object.entries(ROLE_OF))
      expect([...(await grantedTo(id))].sort()).toEqual([...codesOf(ROLE_GRANTS[role]!)].sort())
  })

  it('a database seeded before the change gets it once; a hand-made grant stays', async () => {
    // Back to the seed of before: the new grants gone, the old ones (with the seed's ids) there.
    for (const c of ISSUE_F_GRANTS) {
      const roleId = ROLE_OF[c.role]!
      const before = codesOf(c.before)
      const after = codesOf(c.after)
      for (const code of after)
        if (!before.has(code))
          await s.db
            .deleteFrom('bladeRoleMenu')
            .where('roleId', '=', roleId)
            .where('menuId', '=', await idOf(code))
            .execute()
      for (const code of before) {
        if (after.has(code)) continue
        const menuId = await idOf(code)
        await s.db
          .insertInto('bladeRoleMenu')
          .values({ id: stableId('role_menu', `${roleId}:${menuId}`), roleId, menuId })
          .execute()
      }
      expect([...(await grantedTo(roleId))].sort()).toEqual([...before].sort())
    }
    // An administrator gave finance the TK order list by hand (an id of its own).
    await s.db
      .deleteFrom('bladeRoleMenu')
      .where('roleId', '=', ROLE_FINANCE)
      .where('menuId', '=', await idOf('tk_order_view'))
      .execute()
    await s.db
      .insertInto('bladeRoleMenu')
      .values({ id: nextId(), roleId: ROLE_FINANCE, menuId: await idOf('tk_order_view') })
      .execute()

    await applyGrantChanges(s.db as never)
    expect([...(await grantedTo(ROLE_OFFICE))].sort()).toEqual(
      [...codesOf(ROLE_GRANTS.office!)].sort(),
    )
    const finance = await grantedTo(ROLE_FINANCE)
    expect([...finance].sort()).toEqual([...codesOf(ROLE_GRANTS.finance!), 'tk_order_view'].sort())

    const rows = async () =>
      (
        await s.db
          .selectFrom('bladeRoleMenu')
          .select(['id', 'roleId', 'menuId'])
          .orderBy('id')
          .execute()
      ).length
    const count = await rows()
    await applyGrantChanges(s.db as never)
    expect(await rows()).toBe(count)
  })
})
