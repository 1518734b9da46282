// The per-request lookups are cached, and a change made through the API takes effect at the very
// next request: a refused (disabled) user, a withdrawn button, an edited dictionary label, a logout.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../tests/support/http.ts'
import { loginAs } from '../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { WORKING_PASSWORD } from '../seed/org.ts'

forEachDatabase('access cache invalidation', (dialect) => {
  let s: TestServer
  let admin: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  const notices = (token: string) =>
    call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', { token, query: { size: '50' } })

  it('withdraws a button at the next request, and grants it back', async () => {
    const office = await loginAs(s.baseUrl, 'office', WORKING_PASSWORD)
    const roleId = office.role_id
    const products = () =>
      call(s.baseUrl, 'GET', '/api/product/product/page', { token: office.access_token })
    expect((await products()).status).toBe(200)
    expect((await products()).status).toBe(200)
    const held = await s.db
      .selectFrom('bladeRoleMenu as rm')
      .innerJoin('bladeMenu as m', 'm.id', 'rm.menuId')
      .select(['m.id', 'm.code'])
      .where('rm.roleId', '=', roleId)
      .execute()
    const productMenu = held.find((m) => m.code === 'product')!
    expect(productMenu).toBeDefined()
    const grant = (menuIds: string[]) =>
      call(s.baseUrl, 'POST', '/api/blade-system/role/grant', {
        token: admin,
        json: { roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] },
      })
    expect(
      (await grant(held.filter((m) => m.id !== productMenu.id).map((m) => m.id))).body,
    ).toMatchObject({ success: true })
    expect((await products()).status).toBe(403)
    expect((await grant(held.map((m) => m.id))).body).toMatchObject({ success: true })
    expect((await products()).status).toBe(200)
  })

  it('shows an edited dictionary label at the next request', async () => {
    const label = async () =>
      (
        (await notices(admin)).body.data.records as { category: number; categoryName: string }[]
      ).find((n) => n.category === 1)?.categoryName
    expect(await label()).toBe('发布通知')
    expect(await label()).toBe('发布通知')
    // System dictionaries are sealed against edits; unseal this one for the test.
    await s.db.updateTable('bladeDict').set({ isSealed: 0 }).where('code', '=', 'notice').execute()
    const entry = await s.db
      .selectFrom('bladeDict')
      .selectAll()
      .where('code', '=', 'notice')
      .where('dictKey', '=', '1')
      .executeTakeFirstOrThrow()
    const edit = await call(s.baseUrl, 'POST', '/api/blade-system/dict/submit', {
      token: admin,
      json: {
        id: entry.id,
        parentId: entry.parentId,
        code: 'notice',
        dictKey: '1',
        dictValue: '发布通知（新）',
        sort: entry.sort,
        isSealed: 0,
      },
    })
    expect(edit.body).toMatchObject({ success: true })
    expect(await label()).toBe('发布通知（新）')
  })

  it('refuses a logged-out session and a removed user at the next request', async () => {
    const session = async () => {
      const t = await loginAs(s.baseUrl, 'warehouse', WORKING_PASSWORD)
      const me = () =>
        call(s.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', { token: t.access_token })
      expect((await me()).status).toBe(200)
      expect((await me()).status).toBe(200)
      return { ...t, me }
    }
    const first = await session()
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: first.access_token }))
        .status,
    ).toBe(200)
    expect((await first.me()).status).toBe(401)

    const second = await session()
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/user/remove', {
          token: admin,
          query: { ids: second.user_id },
        })
      ).body,
    ).toMatchObject({ success: true })
    expect((await second.me()).status).toBe(401)
  })
})
