// Security holes 3 and 4: an access token lives only as long as its login session and its user.
// Logout ends the session on the server; a removed, disabled or refused user, a role taken away
// and a recycled tenant end every token at once.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addUser } from '../support/auth.ts'
import { nextId } from '../../server/core/ids.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

forEachDatabase('sessions end with logout and with their user', (dialect) => {
  let s: TestServer
  let admin: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  const readNotices = (token: string) =>
    call(s.baseUrl, 'GET', '/api/blade-desk/notice/list', { token })
  const submitNotice = (token: string) =>
    call(s.baseUrl, 'POST', '/api/blade-desk/notice/submit', {
      token,
      json: { title: 'after', category: 1, releaseTime: '2026-01-01 00:00:00', content: 'x' },
    })
  const notices = async () =>
    (await s.db.selectFrom('bladeNotice').select('id').where('title', '=', 'after').execute())
      .length

  /** A user of the seeded administrator role with a password, logged in. */
  async function freshUser(account: string): Promise<{ id: string; token: string }> {
    const admins = await s.db
      .selectFrom('bladeUser')
      .select(['roleId', 'deptId'])
      .where('account', '=', 'admin')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow()
    const id = await addUser(s, {
      account,
      password: 'pw-123456',
      roleId: admins.roleId,
      deptId: admins.deptId,
    })
    return { id, token: (await loginAs(s.baseUrl, account, 'pw-123456')).access_token }
  }

  it('refuses the bearer of a logged-out session (regression: it still read and wrote)', async () => {
    const a = await loginAs(s.baseUrl, 'admin', 'admin')
    const b = await loginAs(s.baseUrl, 'admin', 'admin')
    expect((await readNotices(a.access_token)).status).toBe(200)
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: a.access_token }))
        .status,
    ).toBe(200)
    const before = await notices()
    expect((await readNotices(a.access_token)).status).toBe(401)
    expect((await submitNotice(a.access_token)).status).toBe(401)
    expect(await notices()).toBe(before)
    // Another session of the same user goes on.
    expect((await readNotices(b.access_token)).status).toBe(200)
  })

  it('refuses the token of a removed user (regression: it still read lists and submitted notices)', async () => {
    const u = await freshUser('removed-user')
    expect((await readNotices(u.token)).status).toBe(200)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/user/remove', {
          token: admin,
          query: { ids: u.id },
        })
      ).status,
    ).toBe(200)
    const before = await notices()
    expect((await readNotices(u.token)).status).toBe(401)
    expect((await submitNotice(u.token)).status).toBe(401)
    expect(await notices()).toBe(before)
  })

  it('refuses the token of a disabled or refused user', async () => {
    for (const [account, status] of [
      ['disabled-user', 2],
      ['refused-user', 3],
      ['waiting-user', 0],
    ] as const) {
      const u = await freshUser(account)
      expect((await readNotices(u.token)).status).toBe(200)
      await s.db.updateTable('bladeUser').set({ status }).where('id', '=', u.id).execute()
      expect((await readNotices(u.token)).status, account).toBe(401)
    }
  })

  it('refuses a token whose role was taken away, and one of a recycled tenant', async () => {
    const u = await freshUser('demoted-user')
    const role = nextId()
    await s.db
      .insertInto('bladeRole')
      .values({
        id: role,
        tenantId: '000000',
        parentId: '0',
        roleName: 'x',
        sort: 9,
        roleAlias: 'x',
      })
      .execute()
    await s.db.updateTable('bladeUser').set({ roleId: role }).where('id', '=', u.id).execute()
    expect((await readNotices(u.token)).status).toBe(401)

    const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      json: { tenantName: '回收租户', linkman: 'x' },
    })
    const tenantId = t.body.data.tenantId as string
    const other = (await loginAs(s.baseUrl, 'admin', '123456', tenantId)).access_token
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-system/user/info', { token: other })).status,
    ).toBe(200)
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/tenant/recycle', {
          token: admin,
          query: { ids: t.body.data.id },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call(s.baseUrl, 'GET', '/api/blade-system/user/info', { token: other })).status,
    ).toBe(401)
  })

  it('refuses a token without a session, and refresh of an ended session', async () => {
    const a = await loginAs(s.baseUrl, 'admin', 'admin')
    await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: a.access_token })
    const refreshed = await call(s.baseUrl, 'POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: a.refresh_token, tenantId: '000000' },
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    })
    expect(refreshed.status).toBe(400)
  })
})
