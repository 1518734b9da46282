// Security hole 1 (parameters and platform-wide tables across tenants) and hole 5 (write-only
// secrets). Another tenant's administrator holds many buttons; none of them reaches tenant
// 000000's parameters or the rows every tenant shares, and no answer carries a secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entities } from '../../src/domain/registry.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { sampleRecord } from '../support/samples.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

forEachDatabase('platform tables and write-only secrets', (dialect) => {
  let s: TestServer
  let admin: string
  let other: string
  let otherTenant: string
  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
    const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
      token: admin,
      json: { tenantName: '乙租户', linkman: 'x' },
    })
    otherTenant = t.body.data.tenantId
    other = (await loginAs(s.baseUrl, 'admin', '123456', otherTenant)).access_token
  })
  afterAll(() => s?.close())

  const platformParam = () =>
    s.db
      .selectFrom('bladeParam')
      .selectAll()
      .where('paramKey', '=', 'account.initPassword')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow()

  describe("parameters (regression: tenant B read, overwrote and removed 000000's account.initPassword)", () => {
    it("another tenant neither reads, overwrites nor removes the platform's parameters", async () => {
      const mine = await platformParam()
      for (const query of [
        { paramKey: 'account.initPassword' },
        { paramKey: 'account.initPassword', tenantId: '000000' },
      ] as Record<string, string>[]) {
        const list = await call(s.baseUrl, 'GET', '/api/blade-system/param/list', {
          token: other,
          query,
        })
        expect(list.status).toBe(200)
        expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(mine.id)
      }
      expect(
        (
          await call(s.baseUrl, 'GET', '/api/blade-system/param/detail', {
            token: other,
            query: { id: mine.id },
          })
        ).status,
      ).toBe(404)
      await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
        token: other,
        json: {
          id: mine.id,
          paramName: 'x',
          paramKey: 'account.initPassword',
          paramValue: 'owned',
        },
      })
      await call(s.baseUrl, 'POST', '/api/blade-system/param/update', {
        token: other,
        json: { id: mine.id, paramValue: 'owned' },
      })
      await call(s.baseUrl, 'POST', '/api/blade-system/param/remove', {
        token: other,
        query: { ids: mine.id },
      })
      expect(await platformParam()).toEqual(mine)
    })

    it("a tenant's own value wins for its users; the platform's stays the default of the others", async () => {
      const own = await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
        token: other,
        json: {
          paramName: '初始密码',
          paramKey: 'account.initPassword',
          paramValue: 'tenant-b-pw',
        },
      })
      expect(own.status, JSON.stringify(own.body)).toBe(200)
      expect(
        (
          await call(s.baseUrl, 'POST', '/api/blade-system/param/submit', {
            token: other,
            json: { paramName: '重复', paramKey: 'account.initPassword', paramValue: 'x' },
          })
        ).body.msg,
      ).toBe('参数键名已存在')
      expect((await platformParam()).paramValue).not.toBe('tenant-b-pw')

      // Tenant B resets its own admin: B's value.
      const bAdmin = await s.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', otherTenant)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
      expect(
        (
          await call(s.baseUrl, 'POST', '/api/blade-system/user/reset-password', {
            token: other,
            query: { userIds: bAdmin.id },
          })
        ).status,
      ).toBe(200)
      expect((await loginAs(s.baseUrl, 'admin', 'tenant-b-pw', otherTenant)).tenant_id).toBe(
        otherTenant,
      )
      // 000000 resets one of its users: the platform's value, not B's.
      const warehouse = await s.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', '000000')
        .where('account', '=', 'warehouse')
        .executeTakeFirstOrThrow()
      expect(
        (
          await call(s.baseUrl, 'POST', '/api/blade-system/user/reset-password', {
            token: admin,
            query: { userIds: warehouse.id },
          })
        ).status,
      ).toBe(200)
      expect(
        (await loginAs(s.baseUrl, 'warehouse', (await platformParam()).paramValue)).account,
      ).toBe('warehouse')
    })
  })

  it('only the platform administrator writes or reads the rows every tenant shares', async () => {
    const shared = entities.filter((e) => !e.tenant)
    expect(shared.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'tenant',
        'tenantPackage',
        'client',
        'menu',
        'dict',
        'region',
        'datasource',
        'dataScope',
        'apiScope',
      ]),
    )
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          shared.map(async (e) => [
            e.table,
            Number(
              (
                await s.db
                  .selectFrom(e.table as 'bladeParam')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ]),
        ),
      )
    const before = await counts()
    for (const e of shared) {
      for (const verb of ['submit', 'save', 'update']) {
        const r = await call(s.baseUrl, 'POST', `/api${e.api}/${verb}`, {
          token: other,
          json: { id: '1123598815738675201', name: 'x', code: 'x' },
        })
        if (r.status !== 404)
          expect([403, 405], `${e.name} ${verb} → ${r.status}`).toContain(r.status)
      }
      const removed = await call(s.baseUrl, 'POST', `/api${e.api}/remove`, {
        token: other,
        query: { ids: '1123598815738675201', id: '1' },
      })
      if (removed.status !== 404) expect(removed.status, `${e.name} remove`).toBe(403)
    }
    expect(await counts()).toEqual(before)
    for (const path of [
      '/blade-system/client/list',
      '/blade-system/tenant-package/list',
      '/blade-develop/datasource/list',
      '/blade-system/data-scope/list',
      '/blade-system/api-scope/list',
      '/blade-system/tenant/list',
    ]) {
      expect((await call(s.baseUrl, 'GET', `/api${path}`, { token: other })).status, path).toBe(403)
    }
    // Nor does an own role called 'administrator' make anyone the platform's administrator.
    const role = await call(s.baseUrl, 'POST', '/api/blade-system/role/submit', {
      token: other,
      json: { roleName: '超管', roleAlias: 'administrator', sort: 1, parentId: '0' },
    })
    expect(role.status).toBe(403)
  })

  describe('write-only secrets (regression: secretKey, clientSecret, password came back)', () => {
    const cases = [
      { entity: 'oss', field: 'secretKey' },
      { entity: 'sms', field: 'secretKey' },
      { entity: 'client', field: 'clientSecret' },
      { entity: 'datasource', field: 'password' },
    ]
    for (const c of cases) {
      it(`${c.entity}.${c.field} is never answered and kept when left empty`, async () => {
        const def = entities.find((e) => e.name === c.entity)!
        const secret = `s3cret-${c.entity}-value`
        const body = { ...(await sampleRecord(def, s.baseUrl, admin, c.entity)), [c.field]: secret }
        if (c.entity === 'client') body.clientId = `client-${Date.now()}`
        const created = await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
          token: admin,
          json: body,
        })
        expect(created.status, JSON.stringify(created.body)).toBe(200)
        const id = created.body.data.id as string
        const stored = async () =>
          (await s.db
            .selectFrom(def.table as 'bladeParam')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow()) as unknown as Record<string, unknown>
        expect((await stored())[c.field]).toBe(secret)
        const answers = [
          created,
          await call(s.baseUrl, 'GET', `/api${def.api}/detail`, { token: admin, query: { id } }),
          await call(s.baseUrl, 'GET', `/api${def.api}/list`, {
            token: admin,
            query: { size: '500' },
          }),
          await call(s.baseUrl, 'GET', `/api${def.api}/page`, { token: admin }),
        ]
        for (const a of answers) expect(JSON.stringify(a.body)).not.toContain(secret)
        const exported = await fetch(`${s.baseUrl}/api${def.api}/export`, {
          headers: { 'Blade-Auth': `bearer ${admin}` },
        })
        expect(exported.status).toBe(200)
        const { unzipSync, strFromU8 } = await import('fflate')
        const files = unzipSync(new Uint8Array(await exported.arrayBuffer()))
        expect(
          Object.values(files)
            .map((f) => strFromU8(f))
            .join(''),
        ).not.toContain(secret)
        expect(answers[1]!.body.data.secretsSet).toEqual([c.field])

        // An update that leaves it out or empty keeps it; a new value replaces it.
        expect(
          (
            await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
              token: admin,
              json: { ...body, id, [c.field]: '' },
            })
          ).status,
        ).toBe(200)
        const { [c.field]: _omitted, ...withoutSecret } = body
        expect(
          (
            await call(s.baseUrl, 'POST', `/api${def.api}/update`, {
              token: admin,
              json: { ...withoutSecret, id },
            })
          ).status,
        ).toBe(200)
        expect((await stored())[c.field]).toBe(secret)
        expect(
          (
            await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
              token: admin,
              json: { ...body, id, [c.field]: 'rotated-value' },
            })
          ).status,
        ).toBe(200)
        expect((await stored())[c.field]).toBe('rotated-value')
        // Nor can it be searched for (a search is an oracle).
        const probe = await call(s.baseUrl, 'GET', `/api${def.api}/list`, {
          token: admin,
          query: { [c.field]: 'no-such-value-x' },
        })
        expect(probe.body.data.records.map((r: { id: string }) => r.id)).toContain(id)
      })
    }
  })
})
