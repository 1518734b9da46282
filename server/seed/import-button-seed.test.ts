// gift_detail_import came after the gift detail menu: a database seeded before it gets the button at
// the next start (seeds run on every start), granted to the roles of any tenant that hold
// gift_detail_edit, and to no other role; starting again changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { ROLE_ADMINISTRATOR, ROLE_FINANCE, ROLE_OFFICE, ROLE_WAREHOUSE } from './ids.ts'
import { seed } from './index.ts'

forEachDatabase('seeding the gift detail import button into an existing database', (dialect) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(dialect)
  })
  afterAll(() => s?.close())

  const menuId = async (code: string) =>
    (
      await s.db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id
  const holders = async (code: string) =>
    (
      await s.db
        .selectFrom('bladeRoleMenu')
        .select('roleId')
        .where('menuId', '=', await menuId(code))
        .orderBy('roleId')
        .execute()
    ).map((r) => r.roleId)

  it('adds the button and grants it to the roles that edit gift details', async () => {
    // Finance is granted the gift reports' import by the seeded grants (menu-grants.ts).
    expect(await holders('gift_detail_import')).toEqual([ROLE_ADMINISTRATOR, ROLE_FINANCE].sort())
    // As the database was before the button: no such menu; the office role also edits gift details now.
    const importId = await menuId('gift_detail_import')
    await s.db.deleteFrom('bladeRoleMenu').where('menuId', '=', importId).execute()
    await s.db.deleteFrom('bladeTopMenuSetting').where('menuId', '=', importId).execute()
    await s.db.deleteFrom('bladeMenu').where('id', '=', importId).execute()
    await s.db
      .insertInto('bladeRoleMenu')
      .values({
        id: '9900000000000000077',
        roleId: ROLE_OFFICE,
        menuId: await menuId('gift_detail_edit'),
      })
      .execute()

    await seed(s.db, s.config)
    const after = await holders('gift_detail_import')
    expect(after).toEqual(expect.arrayContaining([ROLE_ADMINISTRATOR, ROLE_OFFICE]))
    expect(after).not.toContain(ROLE_WAREHOUSE)
    await seed(s.db, s.config)
    expect(await holders('gift_detail_import')).toEqual(after)
  })
})
