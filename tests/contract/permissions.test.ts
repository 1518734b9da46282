// Permission contract over every route of the server: a caller without the permission a route
// declares gets 403 and nothing changes; a caller of another tenant sees and changes nothing of
// tenant 000000 through the generic endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canRestore } from '../../src/domain/entity.ts'
import { entities } from '../../src/domain/registry.ts'
import { sessionToken } from '../support/tokens.ts'
import { modules } from '../../server/modules/index.ts'
import type { RouteDef } from '../../server/core/routes.ts'
import { isTextIndexTable } from '../../server/db/text-indexes.ts'
import { call } from '../support/http.ts'
import { loginAs } from '../support/login.ts'
import { forEachDatabase, startTestServer, type TestServer } from '../support/test-server.ts'

const NOT_COUNTED = new Set([
  'blade_job_worker',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'kysely_migration',
  'kysely_migration_lock',
  'blade_login_failure',
  'blade_captcha',
])

async function rowCounts(s: TestServer): Promise<Record<string, number>> {
  const tables = (await s.db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !NOT_COUNTED.has(n) && !isTextIndexTable(n))
  const out: Record<string, number> = {}
  for (const t of tables) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, by name
    const r = await (s.db as any)
      .selectFrom(t)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    out[t] = Number(r.n)
  }
  return out
}

forEachDatabase('permissions on every route', (dialect) => {
  let s: TestServer
  let routes: RouteDef[]
  let nobody: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    routes = modules.flatMap((m) => m(s.ctx))
    // A real user of tenant 000000 with a role that holds no menu and no button.
    await s.db
      .insertInto('bladeRole')
      .values({
        id: '7000000000000000001',
        tenantId: '000000',
        parentId: '0',
        roleName: '访客',
        sort: 9,
        roleAlias: 'guest',
      })
      .execute()
    nobody = await sessionToken(
      s,
      {
        userId: '7000000000000000002',
        tenantId: '000000',
        account: 'guest',
        userName: 'guest',
        realName: 'guest',
        roleIds: ['7000000000000000001'],
        roleAliases: ['guest'],
        deptIds: [],
        postId: '',
        oauthId: '',
        clientId: 'saber',
      },
      3600,
    )
  })
  afterAll(() => s?.close(), 120_000)

  it('refuses every role- or button-guarded route with 403 and writes nothing', async () => {
    const guarded = routes.filter(
      (r) =>
        r.access.kind === 'platform' || r.access.kind === 'button' || r.access.kind === 'anyButton',
    )
    expect(guarded.length).toBeGreaterThan(50)
    const before = await rowCounts(s)
    const wrong: string[] = []
    for (let i = 0; i < guarded.length; i += 8) {
      await Promise.all(
        guarded.slice(i, i + 8).map(async (r) => {
          const url = r.url.replace(/:(\w+)/g, 'x')
          const res = await call(s.baseUrl, r.method, `/api${url}`, {
            token: nobody,
            query: { id: '1', ids: '1', tenantId: '000000' },
            json: r.method === 'POST' ? { id: '1' } : undefined,
          })
          if (res.status !== 403) wrong.push(`${r.method} ${r.url} → ${res.status}`)
        }),
      )
    }
    expect(wrong).toEqual([])
    expect(await rowCounts(s)).toEqual(before)
  }, 180_000)

  describe('another tenant', () => {
    it('sees and changes nothing of tenant 000000 through the generic endpoints', async () => {
      const admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
      const t = await call(s.baseUrl, 'POST', '/api/blade-system/tenant/submit', {
        token: admin,
        json: { tenantName: '其他租户', linkman: 'x' },
      })
      expect(t.status).toBe(200)
      const other = (await loginAs(s.baseUrl, 'admin', '123456', t.body.data.tenantId)).access_token
      for (const def of entities.filter((e) => e.tenant && !e.custom && !e.layout?.readOnly)) {
        // A row of tenant 000000 (made by its administrator).
        const sample: Record<string, unknown> = {}
        for (const f of def.fields)
          if (f.required && !f.readOnly && f.form !== false)
            sample[f.name] =
              f.example ??
              (f.type === 'integer' || f.type === 'number'
                ? 1
                : f.options?.kind === 'static'
                  ? f.options.options[0]!.value
                  : `p-${f.name}`.slice(0, f.maxLength ?? 255))
        const mine = await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
          token: admin,
          json: sample,
        })
        if (mine.status !== 200) continue // needs a dictionary value: covered by the contract test
        const id = mine.body.data.id as string
        const list = await call(s.baseUrl, 'GET', `/api${def.api}/list`, {
          token: other,
          query: { size: '500' },
        })
        if (list.status === 200)
          expect(
            list.body.data.records.map((r: { id: string }) => r.id),
            def.name,
          ).not.toContain(id)
        expect([403, 404], `${def.name} detail`).toContain(
          (await call(s.baseUrl, 'GET', `/api${def.api}/detail`, { token: other, query: { id } }))
            .status,
        )
        await call(s.baseUrl, 'POST', `/api${def.api}/submit`, {
          token: other,
          json: { ...sample, id },
        })
        await call(s.baseUrl, 'POST', `/api${def.api}/remove`, { token: other, query: { ids: id } })
        const after = await call(s.baseUrl, 'GET', `/api${def.api}/detail`, {
          token: admin,
          query: { id },
        })
        expect(after.status, `${def.name} still there`).toBe(200)
        // Write-only fields are never answered: the others show that nothing changed.
        const secret = new Set(def.fields.filter((f) => f.secret).map((f) => f.name))
        for (const [k, v] of Object.entries(sample))
          if (!secret.has(k))
            expect(String(after.body.data[k]), `${def.name}.${k} unchanged`).toBe(String(v))
        if (!canRestore(def)) continue
        // Undo of a delete: the other tenant cannot bring back tenant 000000's deleted row.
        expect(
          (
            await call(s.baseUrl, 'POST', `/api${def.api}/remove`, {
              token: admin,
              query: { ids: id },
            })
          ).status,
          `${def.name} remove`,
        ).toBe(200)
        await call(s.baseUrl, 'POST', `/api${def.api}/restore`, {
          token: other,
          query: { ids: id },
        })
        expect(
          (await call(s.baseUrl, 'GET', `/api${def.api}/detail`, { token: admin, query: { id } }))
            .status,
          `${def.name} stays deleted`,
        ).toBe(404)
        expect(
          (
            await call(s.baseUrl, 'POST', `/api${def.api}/restore`, {
              token: admin,
              query: { ids: id },
            })
          ).status,
          `${def.name} restore`,
        ).toBe(200)
        expect(
          (await call(s.baseUrl, 'GET', `/api${def.api}/detail`, { token: admin, query: { id } }))
            .status,
          `${def.name} restored`,
        ).toBe(200)
      }
    }, 180_000)
  })
})
