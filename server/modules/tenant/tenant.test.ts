// Tenants over real HTTP: creation provisions a usable tenant, settings, package bounds, recycle
// blocks its users' logins and pass restores them; only the platform administrator writes.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('tenant module', (dialect) => {
  let s: TestServer
  let admin: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = (await loginAs(s.baseUrl, 'admin', 'admin')).access_token
  })
  afterAll(() => s?.close())

  const post = (
    path: string,
    opts: { query?: Record<string, string>; json?: unknown; token?: string } = {},
  ) => call(s.baseUrl, 'POST', path, { token: admin, ...opts })
  const get = (path: string, query: Record<string, string> = {}, token = admin) =>
    call(s.baseUrl, 'GET', path, { token, query })

  let created: { id: string; tenantId: string }
  it('creates a tenant with a generated 6-digit id, a role, a dept, a post and an admin who can log in', async () => {
    const r = await post('/api/blade-system/tenant/submit', {
      json: {
        tenantName: '河内分公司',
        linkman: 'Nguyễn Văn A',
        contactNumber: '0912345678',
        tenantId: '999999',
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    created = r.body.data
    expect(created.tenantId).toMatch(/^\d{6}$/)
    expect(created.tenantId).not.toBe('999999')
    const login = await loginAs(s.baseUrl, 'admin', '123456', created.tenantId)
    expect(login.tenant_id).toBe(created.tenantId)
    expect(login.role_name).toBe('admin')
    // The tenant screen is the platform's: a tenant admin is not granted it and cannot create tenants.
    expect((await get('/api/blade-system/tenant/list', {}, login.access_token)).status).toBe(403)
    expect(
      (
        await post('/api/blade-system/tenant/submit', {
          json: { tenantName: 'x', linkman: 'y' },
          token: login.access_token,
        })
      ).status,
    ).toBe(403)
  })

  it('refuses a duplicate tenant name and a missing name with 400', async () => {
    expect(
      (
        await post('/api/blade-system/tenant/submit', {
          json: { tenantName: '河内分公司', linkman: 'b' },
        })
      ).status,
    ).toBe(400)
    const r = await post('/api/blade-system/tenant/submit', { json: { linkman: 'b' } })
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain('请输入租户名称')
  })

  it('sets the account number and expiry; validates them', async () => {
    expect(
      (
        await post('/api/blade-system/tenant/setting', {
          query: { ids: created.id, accountNumber: '20', expireTime: '2099-12-31 23:59:59' },
        })
      ).status,
    ).toBe(200)
    const d = await get('/api/blade-system/tenant/detail', { id: created.id })
    expect(d.body.data).toMatchObject({ accountNumber: 20, expireTime: '2099-12-31 23:59:59' })
    expect(
      (
        await post('/api/blade-system/tenant/setting', {
          query: { ids: created.id, accountNumber: 'many' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('/api/blade-system/tenant/setting', {
          query: { ids: created.id, expireTime: 'tomorrow' },
        })
      ).status,
    ).toBe(400)
  })

  it('package setting bounds the tenant roles to the package menus', async () => {
    const menus = (
      await s.db
        .selectFrom('bladeMenu')
        .select(['id', 'code'])
        .where('code', 'in', ['desk', 'notice'])
        .execute()
    ).map((m) => m.id)
    const pkg = await post('/api/blade-system/tenant-package/submit', {
      json: { packageName: '基础版', menuId: menus.join(',') },
    })
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200)
    expect(
      (
        await post('/api/blade-system/tenant/package-setting', {
          query: { tenantId: created.tenantId, packageId: pkg.body.data.id },
        })
      ).status,
    ).toBe(200)
    const roles = (
      await s.db
        .selectFrom('bladeRole')
        .select('id')
        .where('tenantId', '=', created.tenantId)
        .execute()
    ).map((r) => r.id)
    const granted = (
      await s.db.selectFrom('bladeRoleMenu').select('menuId').where('roleId', 'in', roles).execute()
    ).map((g) => g.menuId)
    expect(granted.length).toBeGreaterThan(0)
    expect(granted.every((m) => menus.includes(m))).toBe(true)
    const detail = await get('/api/blade-system/tenant/package-detail', {
      tenantId: created.tenantId,
    })
    expect(detail.body.data.packageName).toBe('基础版')
  })

  it('recycle stops the tenant users from logging in; pass restores them; the platform tenant is protected', async () => {
    expect(
      (await post('/api/blade-system/tenant/recycle', { query: { ids: created.id } })).status,
    ).toBe(200)
    await expect(loginAs(s.baseUrl, 'admin', '123456', created.tenantId)).rejects.toThrow()
    expect(
      (await post('/api/blade-system/tenant/pass', { query: { ids: created.id } })).status,
    ).toBe(200)
    expect((await loginAs(s.baseUrl, 'admin', '123456', created.tenantId)).tenant_id).toBe(
      created.tenantId,
    )
    const platform = (
      await s.db
        .selectFrom('bladeTenant')
        .select('id')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow()
    ).id
    expect(
      (await post('/api/blade-system/tenant/recycle', { query: { ids: platform } })).status,
    ).toBe(400)
    expect(
      (await post('/api/blade-system/tenant/remove', { query: { ids: platform } })).status,
    ).toBe(400)
  })

  it('select lists tenants for the dropdown; datasource binding validates the data source', async () => {
    const sel = await get('/api/blade-system/tenant/select')
    expect(sel.body.data.map((t: { tenantId: string }) => t.tenantId)).toEqual(
      expect.arrayContaining(['000000', created.tenantId]),
    )
    expect(
      (
        await post('/api/blade-system/tenant/datasource', {
          query: { tenantId: created.tenantId, datasourceId: '123' },
        })
      ).status,
    ).toBe(400)
  })

  it('data source and package bindings take the version the tenant was read at: a stale one is refused with 409 and nothing is written', async () => {
    const read = (await get('/api/blade-system/tenant/detail', { id: created.id })).body.data as {
      version: number
      packageId: string | null
      datasourceId: string | null
    }
    const stale = String(read.version - 1)
    const refused = await post('/api/blade-system/tenant/package-setting', {
      query: { tenantId: created.tenantId, packageId: '', version: stale },
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.data.version).toBe(read.version)
    expect(
      (
        await post('/api/blade-system/tenant/datasource', {
          query: { tenantId: created.tenantId, datasourceId: '', version: stale },
        })
      ).status,
    ).toBe(409)
    const unchanged = (await get('/api/blade-system/tenant/detail', { id: created.id })).body.data
    expect(unchanged).toMatchObject({ version: read.version, packageId: read.packageId })
    // At the version read: written, and the version raised so a colleague's older read is caught in turn.
    expect(
      (
        await post('/api/blade-system/tenant/datasource', {
          query: { tenantId: created.tenantId, datasourceId: '', version: String(read.version) },
        })
      ).status,
    ).toBe(200)
    expect(
      (await get('/api/blade-system/tenant/detail', { id: created.id })).body.data.version,
    ).toBe(read.version + 1)
    expect(
      (
        await post('/api/blade-system/tenant/package-setting', {
          query: { tenantId: created.tenantId, packageId: '', version: String(read.version) },
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await post('/api/blade-system/tenant/package-setting', {
          query: { tenantId: created.tenantId, packageId: '', version: 'x' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await post('/api/blade-system/tenant/datasource', {
          query: { tenantId: 'nope', datasourceId: '' },
        })
      ).status,
    ).toBe(400)
  })
})
