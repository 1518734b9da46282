// The security suite over the route inventory, on SQLite and PostgreSQL. Every route of
// the inventory is tried; a route registered tomorrow is tried the moment it exists.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { appRoutes } from '../../server/app.ts'
import { addUser } from '../support/auth.ts'
import { nextId } from '../../server/core/ids.ts'
import { routeInventory, type InventoryEntry } from '../../server/http/inventory.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import {
  crossTenantProblems,
  securitySetup,
  type SecuritySetup,
} from '../support/security-suite.ts'
import {
  each,
  forgedTokens,
  foreignRows,
  headerProblems,
  send,
  type Target,
} from '../support/security-checks.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'
import { sessionToken } from '../support/tokens.ts'

forEachDatabase('security suite over the route inventory', (dialect) => {
  let s: TestServer
  let target: Target
  let inventory: InventoryEntry[]
  let setup: SecuritySetup
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 100_000 })
    target = { baseUrls: [s.baseUrl], db: s.db }
    inventory = routeInventory(appRoutes(s.ctx))
    setup = await securitySetup(s.baseUrl, s.db)
  }, 120_000)
  afterAll(() => s?.close())

  const guarded = () => inventory.filter((e) => e.access.kind !== 'public')

  it('answers 401 to no, tampered, alg-none, expired, garbage, logged-out and deleted-user tokens, and changes nothing', async () => {
    const valid = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const loggedOut = await loginAs(s.baseUrl, 'admin', 'admin')
    await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/logout', { token: loggedOut.access_token })
    const admins = await s.db
      .selectFrom('bladeUser')
      .select(['roleId', 'deptId'])
      .where('account', '=', 'admin')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow()
    const doomedId = await addUser(s, {
      account: 'doomed',
      password: 'pw-doomed-1',
      roleId: admins.roleId,
      deptId: admins.deptId,
    })
    const deleted = (await loginAs(s.baseUrl, 'doomed', 'pw-doomed-1')).access_token
    expect(
      (
        await call(s.baseUrl, 'POST', '/api/blade-system/user/remove', {
          token: valid,
          query: { ids: doomedId },
        })
      ).status,
    ).toBe(200)
    const tokens: Record<string, string | undefined> = {
      none: undefined,
      ...(await forgedTokens(valid, s.keys.jwtSecret)),
      'logged out': loggedOut.access_token,
      'deleted user': deleted,
    }

    const before = await foreignRows(s.db, null)
    const wrong: string[] = []
    for (const [name, token] of Object.entries(tokens)) {
      await each(guarded(), async (e) => {
        const a = await send(target, e, e.sample, { token })
        if (a.status !== 401) wrong.push(`${name}: ${e.method} ${e.url} → ${a.status}`)
        const missing = headerProblems(a)
        if (missing.length) wrong.push(`${e.method} ${e.url}: no ${missing.join(', ')}`)
      })
    }
    expect(wrong).toEqual([])
    expect(await foreignRows(s.db, null)).toEqual(before)
  }, 300_000)

  it('answers 403 to a role without the button, and changes nothing', async () => {
    const role = nextId()
    await s.db
      .insertInto('bladeRole')
      .values({
        id: role,
        tenantId: '000000',
        parentId: '0',
        roleName: '访客',
        sort: 9,
        roleAlias: 'guest',
      })
      .execute()
    const token = await sessionToken(s, {
      userId: nextId(),
      tenantId: '000000',
      account: 'guest-role',
      userName: 'guest',
      realName: 'guest',
      roleIds: [role],
      roleAliases: ['guest'],
      deptIds: [],
      postId: '',
      oauthId: '',
      clientId: 'saber',
    })
    const buttons = inventory.filter(
      (e) =>
        e.access.kind === 'button' || e.access.kind === 'anyButton' || e.access.kind === 'platform',
    )
    expect(buttons.length).toBeGreaterThan(200)
    const before = await foreignRows(s.db, null)
    const wrong: string[] = []
    await each(buttons, async (e) => {
      const a = await send(target, e, e.sample, { token })
      if (a.status !== 403) wrong.push(`${e.method} ${e.url} → ${a.status}`)
    })
    expect(wrong).toEqual([])
    expect(await foreignRows(s.db, null)).toEqual(before)
  }, 300_000)

  it("lets another tenant's administrator read and change nothing of tenant 000000, whatever tenant it names", async () => {
    expect(await crossTenantProblems(target, inventory, setup)).toEqual([])
  }, 600_000)

  it('never answers a write-only value, on any route', async () => {
    const secrets = await setup.secretValues()
    expect(secrets.length).toBeGreaterThan(5)
    const leaks: string[] = []
    await each(
      inventory.filter((e) => e.method === 'GET' && e.access.kind !== 'public'),
      async (e) => {
        const a = await send(target, e, e.sample, { token: setup.admin, query: { size: '500' } })
        for (const v of secrets)
          if (a.text.includes(v)) leaks.push(`${e.url} answers ${v.slice(0, 12)}…`)
      },
    )
    expect(leaks).toEqual([])
  }, 300_000)
})
