// Data scopes narrow generic lists to what a role may see; API scopes restrict endpoints per role.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { nextId } from '../core/ids.ts'
import { call } from '../../tests/support/http.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../tests/support/test-server.ts'
import { sessionToken } from '../../tests/support/tokens.ts'

forEachDatabase('data and api scopes', (dialect) => {
  let s: TestServer
  const role = '7100000000000000001'
  let alice: string
  let bob: string
  let admin: string
  const userToken = (
    userId: string,
    account: string,
    roleIds: string[],
    aliases: string[],
    deptIds: string[],
  ) =>
    sessionToken(
      s,
      {
        userId,
        tenantId: '000000',
        account,
        userName: account,
        realName: account,
        roleIds,
        roleAliases: aliases,
        deptIds,
        postId: '',
        oauthId: '',
        clientId: 'saber',
      },
      3600,
    )

  beforeAll(async () => {
    s = await startTestServer(dialect)
    await s.db
      .insertInto('bladeRole')
      .values({
        id: role,
        tenantId: '000000',
        parentId: '0',
        roleName: '文员',
        sort: 5,
        roleAlias: 'clerk',
      })
      .execute()
    const menus = await s.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', ['param', 'param_add', 'param_edit', 'param_delete', 'param_view'])
      .execute()
    for (const m of menus)
      await s.db
        .insertInto('bladeRoleMenu')
        .values({ id: nextId(), menuId: m.id, roleId: role })
        .execute()
    alice = await userToken(
      '7100000000000000011',
      'alice',
      [role],
      ['clerk'],
      ['7100000000000000021'],
    )
    bob = await userToken('7100000000000000012', 'bob', [role], ['clerk'], ['7100000000000000022'])
    admin = await userToken(
      '1123598821738675201',
      'admin',
      ['1123598816738675201'],
      ['administrator'],
      [],
    )
  })
  afterAll(() => s?.close())

  const keys = async (token: string) =>
    (
      await call(s.baseUrl, 'GET', '/api/blade-system/param/list', {
        token,
        query: { size: '100', paramKey: 'k.' },
      })
    ).body.data.records
      .map((r: { paramKey: string }) => r.paramKey)
      .sort()

  it('narrows lists to own rows with an own-rows data scope, and widens again with an all scope', async () => {
    await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
      token: alice,
      json: { paramName: 'a', paramKey: 'k.alice', paramValue: '1' },
    })
    await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
      token: bob,
      json: { paramName: 'b', paramKey: 'k.bob', paramValue: '2' },
    })
    expect(await keys(alice)).toEqual(['k.alice', 'k.bob'])

    const own = nextId()
    await s.db
      .insertInto('bladeDataScope' as never)
      .values({
        id: own,
        menu_id: '0',
        resource_code: 'param',
        scope_name: '本人',
        scope_column: 'create_user',
        scope_type: 2,
        status: 1,
        is_deleted: 0,
      } as never)
      .execute()
    await s.db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 1, scopeId: own, roleId: role })
      .execute()
    expect(await keys(alice)).toEqual(['k.alice'])
    expect(await keys(bob)).toEqual(['k.bob'])
    expect(await keys(admin)).toEqual(['k.alice', 'k.bob'])
    // Bob cannot read or change Alice's row either.
    const aliceRow = (
      await call(s.baseUrl, 'GET', '/api/blade-system/param/list', { token: alice })
    ).body.data.records[0]
    expect(
      (
        await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', {
          token: bob,
          query: { id: aliceRow.id },
        })
      ).status,
    ).toBe(404)
    await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
      token: bob,
      query: { ids: aliceRow.id },
    })
    expect(await keys(alice)).toEqual(['k.alice'])

    const all = nextId()
    await s.db
      .insertInto('bladeDataScope' as never)
      .values({
        id: all,
        menu_id: '0',
        resource_code: 'param',
        scope_name: '全部',
        scope_column: 'create_user',
        scope_type: 1,
        status: 1,
        is_deleted: 0,
      } as never)
      .execute()
    await s.db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 1, scopeId: all, roleId: role })
      .execute()
    expect(await keys(bob)).toEqual(['k.alice', 'k.bob'])
  })

  it('restricts an endpoint covered by an API scope to the roles that hold it', async () => {
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-system/param/list', { token: alice })).status,
    ).toBe(200)
    const scope = nextId()
    await s.db
      .insertInto('bladeApiScope' as never)
      .values({
        id: scope,
        menu_id: '0',
        resource_code: 'param',
        scope_name: '参数接口',
        scope_path: '/blade-system/param',
        scope_type: 1,
        status: 1,
        is_deleted: 0,
      } as never)
      .execute()
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-system/param/list', { token: alice })).status,
    ).toBe(403)
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-system/param/list', { token: admin })).status,
    ).toBe(200)
    await s.db
      .insertInto('bladeRoleScope')
      .values({ id: nextId(), scopeCategory: 2, scopeId: scope, roleId: role })
      .execute()
    expect(
      (await call(s.baseUrl, 'GET', '/blade-system/param/list', { token: alice })).status,
    ).toBe(200)
  })
})
