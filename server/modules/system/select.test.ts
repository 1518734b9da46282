import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  DEPT_COMPANY,
  DEPT_FINANCE,
  ROLE_ADMINISTRATOR,
  ROLE_FINANCE,
  ROLE_WAREHOUSE,
  USER_FINANCE,
  USER_WAREHOUSE,
} from '../../seed/ids.ts'
import { call } from '../../../tests/support/http.ts'
import { tokenFor } from '../../../tests/support/system.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('system role/dept select and tenant info', (dialect) => {
  let s: TestServer
  let admin: string
  let finance: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = await tokenFor(s, 'admin')
    finance = await tokenFor(s, 'finance')
    // The finance user works in two depts and may switch between two roles.
    await s.db
      .updateTable('bladeUser')
      .set({
        roleId: `${ROLE_FINANCE},${ROLE_WAREHOUSE}`,
        deptId: `${DEPT_FINANCE},${DEPT_COMPANY}`,
      })
      .where('id', '=', USER_FINANCE)
      .execute()
    await s.db
      .insertInto('bladeTenant')
      .values({
        id: '7001',
        tenantId: '654321',
        tenantName: '胡志明分公司',
        domain: 'hcm.example.vn',
        backgroundUrl: '/img/hcm.jpg',
        linkman: null,
        contactNumber: null,
        address: null,
        expireTime: null,
        packageId: null,
        datasourceId: null,
        licenseKey: null,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
  })
  afterAll(() => s?.close())

  it('lists the roles and depts of the caller', async () => {
    const roles = await call(s.baseUrl, 'GET', '/api/blade-system/role/select', {
      token: finance,
      query: { userId: USER_FINANCE },
    })
    expect(roles.status).toBe(200)
    expect(roles.body.data.map((r: { id: string }) => r.id)).toEqual([ROLE_WAREHOUSE, ROLE_FINANCE])
    expect(roles.body.data[1]).toMatchObject({
      roleName: '财务',
      roleAlias: 'finance',
      tenantId: '000000',
      parentId: '0',
    })
    const depts = await call(s.baseUrl, 'GET', '/api/blade-system/dept/select', {
      token: finance,
      query: { userId: USER_FINANCE },
    })
    expect(depts.body.data.map((d: { deptName: string }) => d.deptName)).toEqual([
      '越南电商',
      '财务部',
    ])
    expect(depts.body.data[1]).toMatchObject({
      id: DEPT_FINANCE,
      parentId: DEPT_COMPANY,
      ancestors: `0,${DEPT_COMPANY}`,
      remark: 'Finance',
    })
  })

  it('refuses another user unless administrator', async () => {
    for (const path of ['/api/blade-system/role/select', '/api/blade-system/dept/select']) {
      const r = await call(s.baseUrl, 'GET', path, {
        token: finance,
        query: { userId: USER_WAREHOUSE },
      })
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ code: 403, success: false })
    }
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/role/select', {
      token: admin,
      query: { userId: USER_WAREHOUSE },
    })
    expect(r.body.data.map((x: { roleAlias: string }) => x.roleAlias)).toEqual(['warehouse'])
    const unknown = await call(s.baseUrl, 'GET', '/api/blade-system/role/select', {
      token: admin,
      query: { userId: '12345' },
    })
    expect(unknown.status).toBe(404)
    const bad = await call(s.baseUrl, 'GET', '/api/blade-system/dept/select', {
      token: admin,
      query: { userId: 'abc' },
    })
    expect(bad.status).toBe(400)
  })

  it('lists all roles and depts of the tenant without userId', async () => {
    const roles = await call(s.baseUrl, 'GET', '/api/blade-system/role/select', { token: finance })
    expect(roles.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual([
      'administrator',
      'warehouse',
      'outreach',
      'finance',
      'office',
    ])
    expect(roles.body.data[0].id).toBe(ROLE_ADMINISTRATOR)
    const depts = await call(s.baseUrl, 'GET', '/api/blade-system/dept/select', { token: finance })
    expect(depts.body.data.map((d: { deptName: string }) => d.deptName)).toEqual([
      '越南电商',
      '仓库部',
      '外联部',
      '财务部',
      '办公室',
    ])
  })

  it('finds a tenant by exact domain or by the host of a page URL, without a token', async () => {
    const exact = await call(s.baseUrl, 'GET', '/api/blade-system/tenant/info', {
      query: { domain: 'hcm.example.vn' },
    })
    expect(exact.status).toBe(200)
    expect(exact.body).toMatchObject({
      code: 200,
      success: true,
      data: {
        tenantId: '654321',
        tenantName: '胡志明分公司',
        domain: 'hcm.example.vn',
        backgroundUrl: '/img/hcm.jpg',
      },
    })
    const url = await call(s.baseUrl, 'GET', '/api/blade-system/tenant/info', {
      query: { domain: 'https://HCM.example.vn/login?redirect=%2Fwel' },
    })
    expect(url.body.data.tenantId).toBe('654321')
    for (const domain of ['other.example.vn', 'https://example.vn/', '']) {
      const miss = await call(s.baseUrl, 'GET', '/api/blade-system/tenant/info', {
        query: { domain },
      })
      expect(miss.status).toBe(200)
      expect(miss.body).toMatchObject({ code: 200, success: true })
      expect(miss.body.data).toEqual({})
    }
  })
})
