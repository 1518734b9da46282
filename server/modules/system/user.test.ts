import { afterAll, beforeAll, expect, it } from 'vitest'
import { verifyPassword } from '../../auth/password.ts'
import { USER_OFFICE, USER_OUTREACH } from '../../seed/ids.ts'
import { call } from '../../../tests/support/http.ts'
import { loginAs } from '../../../tests/support/login.ts'
import { tokenFor } from '../../../tests/support/system.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'

forEachDatabase('system own user', (dialect) => {
  let s: TestServer
  let admin: string
  let office: string
  let outreach: string
  beforeAll(async () => {
    s = await startTestServer(dialect)
    admin = await tokenFor(s, 'admin')
    office = await tokenFor(s, 'office')
    outreach = await tokenFor(s, 'outreach')
  })
  afterAll(() => s?.close())

  it('answers the caller UserVO with role aliases and names, never the password', async () => {
    const r = await call(s.baseUrl, 'GET', '/api/blade-system/user/info', { token: office })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      id: USER_OFFICE,
      tenantId: '000000',
      account: 'office',
      realName: 'Lê Thị Hoa',
      phone: '09031234504',
      roles: ['office'],
      roleName: '办公室运营',
      deptName: '办公室',
      postName: '行政专员',
      sex: 2,
      sexName: '女',
      avatar: '',
    })
    expect(r.body.data).not.toHaveProperty('password')
    const a = await call(s.baseUrl, 'GET', '/api/blade-system/user/info', { token: admin })
    expect(a.body.data).toMatchObject({
      account: 'admin',
      roles: ['administrator'],
      roleName: '超级管理员',
      postName: '首席执行官',
    })
    expect((await call(s.baseUrl, 'GET', '/api/blade-system/user/info')).status).toBe(401)
  })

  it('validates and saves update-info on the caller row only', async () => {
    const bad = await call(s.baseUrl, 'POST', '/api/blade-system/user/update-info', {
      token: outreach,
      json: { phone: '0903-123' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '请输入正确的手机号' })
    const badMail = await call(s.baseUrl, 'POST', '/api/blade-system/user/update-info', {
      token: outreach,
      json: { email: 'not-an-email' },
    })
    expect(badMail.status).toBe(400)
    expect(badMail.body.msg).toBe('请输入正确的邮箱')
    const tooLong = await call(s.baseUrl, 'POST', '/api/blade-system/user/update-info', {
      token: outreach,
      json: { name: 'x'.repeat(21) },
    })
    expect(tooLong.status).toBe(400)
    const other = await call(s.baseUrl, 'POST', '/api/blade-system/user/update-info', {
      token: outreach,
      json: { id: USER_OFFICE, name: 'hijack' },
    })
    expect(other.status).toBe(403)

    const good = await call(s.baseUrl, 'POST', '/api/blade-system/user/update-info', {
      token: outreach,
      json: {
        id: USER_OUTREACH,
        avatar: '/api/blade-resource/oss/endpoint/file/20250101/1.png',
        name: '小梅',
        realName: 'Trần Thị Mai',
        phone: '09876543210',
        email: 'mai@example.vn',
        account: 'renamed',
        roleId: '1',
      },
    })
    expect(good.status).toBe(200)
    expect(good.body).toMatchObject({ code: 200, success: true })
    const row = await s.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('id', '=', USER_OUTREACH)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: '小梅',
      phone: '09876543210',
      email: 'mai@example.vn',
      avatar: '/api/blade-resource/oss/endpoint/file/20250101/1.png',
      account: 'outreach',
    })
    expect(row.roleId).not.toBe('1')
    const office2 = await s.db
      .selectFrom('bladeUser')
      .select('name')
      .where('id', '=', USER_OFFICE)
      .executeTakeFirstOrThrow()
    expect(office2.name).not.toBe('hijack')
  })

  it('refuses update-info on a version older than the stored one, naming who changed the row', async () => {
    const path = '/api/blade-system/user/update-info'
    const opened = (await call(s.baseUrl, 'GET', '/api/blade-system/user/info', { token: office }))
      .body.data
    expect(opened.version).toEqual(expect.any(Number))
    const byAdmin = await call(s.baseUrl, 'POST', '/api/blade-system/user/submit', {
      token: admin,
      json: { id: USER_OFFICE, name: 'by admin' },
    })
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200)
    const stale = await call(s.baseUrl, 'POST', path, {
      token: office,
      json: { name: 'by me', version: opened.version },
    })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      code: 409,
      success: false,
      data: { id: USER_OFFICE, name: 'by admin', version: opened.version + 1 },
    })
    expect(stale.body.msg).toMatch(
      /^数据已被 .+ 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改，请刷新后重试$/,
    )
    expect(
      (
        await s.db
          .selectFrom('bladeUser')
          .select('name')
          .where('id', '=', USER_OFFICE)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe('by admin')
    const current = await call(s.baseUrl, 'POST', path, {
      token: office,
      json: { name: 'by me', version: opened.version + 1 },
    })
    expect(current.status).toBe(200)
    expect(
      await s.db
        .selectFrom('bladeUser')
        .select(['name', 'version'])
        .where('id', '=', USER_OFFICE)
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'by me', version: opened.version + 2 })
  })

  it('changes the password after checking confirmation and the old one', async () => {
    const path = '/api/blade-system/user/update-password'
    const mismatch = await call(s.baseUrl, 'POST', path, {
      token: office,
      query: { oldPassword: '123456', newPassword: 'n3w-pass', newPassword1: 'other' },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.msg).toBe('请输入正确的确认密码!')
    const wrongOld = await call(s.baseUrl, 'POST', path, {
      token: office,
      query: { oldPassword: 'nope', newPassword: 'n3w-pass', newPassword1: 'n3w-pass' },
    })
    expect(wrongOld.status).toBe(400)
    expect(wrongOld.body.msg).toBe('原密码不正确!')
    const missing = await call(s.baseUrl, 'POST', path, {
      token: office,
      query: { oldPassword: '123456' },
    })
    expect(missing.body.msg).toBe('缺少必要的请求参数: newPassword')

    const okR = await call(s.baseUrl, 'POST', path, {
      token: office,
      form: { oldPassword: '123456', newPassword: 'n3w-pass', newPassword1: 'n3w-pass' },
    })
    expect(okR.status).toBe(200)
    const row = await s.db
      .selectFrom('bladeUser')
      .select('password')
      .where('id', '=', USER_OFFICE)
      .executeTakeFirstOrThrow()
    expect(row.password).toMatch(/^scrypt\$/)
    expect(await verifyPassword('n3w-pass', row.password)).toBe(true)
    const body = await loginAs(s.baseUrl, 'office', 'n3w-pass')
    expect(body.user_id).toBe(USER_OFFICE)
    await expect(loginAs(s.baseUrl, 'office', '123456')).rejects.toThrow()
  })
})
