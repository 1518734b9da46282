import { createRequire } from 'node:module'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRole, addTenant, addUser, token } from '../../../tests/support/auth.ts'
import { call } from '../../../tests/support/http.ts'
import { encryptForServer, loginAs } from '../../../tests/support/login.ts'
import {
  forEachDatabase,
  startTestServer,
  type TestServer,
} from '../../../tests/support/test-server.ts'
import { isLegacyHash } from '../../auth/password.ts'
import { nextId } from '../../core/ids.ts'

const ADMIN_ID = '1123598821738675201'
const ADMINISTRATOR_ROLE = '1123598816738675201'
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

forEachDatabase('auth: token endpoint', (dialect) => {
  let s: TestServer
  const enc = (plain: string) => encryptForServer(s.baseUrl, plain)
  const pw = async (username: string, password: string, extra: Record<string, string> = {}) =>
    token(s, {
      grant_type: 'password',
      tenantId: '000000',
      username,
      password: await enc(password),
      scope: 'all',
      type: 'account',
      ...extra,
    })

  beforeAll(async () => {
    s = await startTestServer(dialect, { tokenRateLimit: 10_000 })
  })
  afterAll(() => s?.close())

  it('password grant answers the flat BladeX body with working tokens', async () => {
    const r = await pw('admin', 'admin')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      user_id: ADMIN_ID,
      role_id: ADMINISTRATOR_ROLE,
      role_name: 'administrator',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      client_id: 'saber',
      detail: { type: 'web' },
      license: 'powered by bladex',
      oauth_id: '',
    })
    expect(r.body.code).toBeUndefined()
    const claims = decodeJwt(r.body.access_token)
    expect(claims).toMatchObject({
      token_type: 'access_token',
      user_id: ADMIN_ID,
      role_name: 'administrator',
      account: 'admin',
      iss: 'issuser',
      aud: 'audience',
    })
    expect(claims.sid).toEqual(decodeJwt(r.body.refresh_token).sid)
    const info = await call(s.baseUrl, 'GET', '/api/blade-auth/oauth/user-info', {
      token: r.body.access_token,
    })
    expect(info.body).toMatchObject({
      code: 200,
      data: {
        userId: ADMIN_ID,
        account: 'admin',
        realName: '管理员',
        roleAliases: ['administrator'],
        email: 'admin@example.com',
      },
    })
    expect(JSON.stringify(info.body)).not.toContain('scrypt')
  })

  it('accepts a password encrypted by the real jsencrypt package, from a form body, without /api', async () => {
    // jsencrypt's ESM build has extensionless imports Node cannot load; its UMD main runs under Node as is.
    const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => {
      setPublicKey(k: string): void
      encrypt(s: string): string | false
    }
    const key = await call(s.baseUrl, 'GET', '/blade-auth/oauth/public-key')
    expect(key.body).toMatchObject({
      code: 200,
      success: true,
      data: expect.stringMatching(/^MII/),
    })
    const j = new JSEncrypt()
    j.setPublicKey(key.body.data)
    const password = j.encrypt('admin')
    expect(typeof password).toBe('string')
    const res = await fetch(`${s.baseUrl}/blade-auth/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: basic('saber', 'saber_secret'),
        'content-type': 'application/x-www-form-urlencoded',
        'Tenant-Id': '000000',
        'X-Forwarded-For': '10.200.0.1',
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: String(password),
      }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ account: 'admin', tenant_id: '000000' })
  })

  it('loginAs returns the token body', async () => {
    const body = await loginAs(s.baseUrl, 'admin', 'admin')
    expect(body.user_id).toBe(ADMIN_ID)
    await expect(loginAs(s.baseUrl, 'admin', 'wrong')).rejects.toThrow('用户名或密码错误')
  })

  it('refuses a bad client credential or a grant the client may not use with 401', async () => {
    const query = { grant_type: 'password', username: 'admin', password: await enc('admin') }
    for (const b of [basic('saber', 'wrong'), basic('nobody', 'x'), 'Bearer abc', null]) {
      const r = await token(s, query, { basic: b })
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ error_code: 401, error_description: '客户端认证失败' })
    }
    await s.db
      .insertInto('bladeClient')
      .values({
        id: nextId(),
        clientId: 'pwonly',
        clientSecret: 'pw_secret',
        resourceIds: null,
        scope: 'all',
        authorizedGrantTypes: 'password',
        webServerRedirectUri: null,
        authorities: null,
        accessTokenValidity: 60,
        refreshTokenValidity: 120,
        additionalInformation: null,
        autoapprove: null,
        createUser: null,
        createDept: null,
        createTime: null,
        updateUser: null,
        updateTime: null,
      })
      .execute()
    const ok = await token(s, query, { basic: basic('pwonly', 'pw_secret') })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ client_id: 'pwonly', expires_in: 60 })
    const denied = await token(
      s,
      { grant_type: 'refresh_token', refresh_token: ok.body.refresh_token },
      { basic: basic('pwonly', 'pw_secret') },
    )
    expect(denied.status).toBe(401)
    expect(denied.body).toEqual({ error_code: 401, error_description: '客户端认证失败' })
  })

  it('answers malformed requests with 400 and a message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ username: 'admin', password: 'x' }, '缺少必要的请求参数: grant_type'],
      [{ grant_type: 'password', password: await enc('admin') }, '缺少必要的请求参数: username'],
      [{ grant_type: 'password', username: 'admin' }, '缺少必要的请求参数: password'],
      [{ grant_type: 'magic' }, '不支持的授权类型: magic'],
      [{ grant_type: 'social', source: 'github', code: 'c', state: 's' }, '第三方登录未配置'],
      [
        { grant_type: 'authorization_code', code: 'c', redirect_uri: 'http://x' },
        '第三方登录未配置',
      ],
    ]
    for (const [query, msg] of cases) {
      const r = await token(s, query)
      expect(r.status, msg).toBe(400)
      expect(r.body).toEqual({ error_code: 400, error_description: msg })
    }
  })

  it('refuses a wrong password, an undecryptable one and an unknown account alike', async () => {
    for (const r of [
      await pw('admin', 'nope'),
      await token(s, { grant_type: 'password', username: 'admin', password: 'admin' }),
      await pw('ghost', 'admin'),
    ]) {
      expect(r.status).toBe(400)
      expect(r.body).toEqual({ error_code: 400, error_description: '用户名或密码错误' })
    }
  })

  it('refuses an unknown tenant, from the param or the Tenant-Id header', async () => {
    const bad = await pw('admin', 'admin', { tenantId: '999999' })
    expect(bad.body).toEqual({ error_code: 400, error_description: '租户信息错误' })
    const viaHeader = await token(
      s,
      { grant_type: 'password', username: 'admin', password: await enc('admin') },
      { headers: { 'Tenant-Id': '999998' } },
    )
    expect(viaHeader.body.error_description).toBe('租户信息错误')
  })

  it('locks out users of a disabled, recycled or expired tenant', async () => {
    await addTenant(s, '100001', { status: 2 })
    await addTenant(s, '100002', { isDeleted: 1 })
    await addTenant(s, '100003', { expireTime: '2000-01-01 00:00:00' })
    await addTenant(s, '100004', { expireTime: '2999-01-01 00:00:00' })
    for (const t of ['100001', '100002', '100003', '100004'])
      await addUser(s, { account: `u${t}`, tenantId: t, password: 'pw' })
    for (const t of ['100001', '100002', '100003']) {
      const r = await pw(`u${t}`, 'pw', { tenantId: t })
      expect(r.status).toBe(400)
      expect(r.body.error_description).toBe('租户已过期或被禁用')
    }
    const good = await pw('u100004', 'pw', { tenantId: '100004' })
    expect(good.status).toBe(200)
    expect(good.body.tenant_id).toBe('100004')
  })

  it('refuses an account awaiting audit once its password is right', async () => {
    await addUser(s, { account: 'pending', password: 'pw', status: 0 })
    expect((await pw('pending', 'pw')).body).toEqual({
      error_code: 400,
      error_description: '账号正在审核中，请联系管理员',
    })
    expect((await pw('pending', 'bad')).body.error_description).toBe('用户名或密码错误')
  })

  it('accepts a legacy Blade hash and upgrades it to scrypt', async () => {
    const id = await addUser(s, { account: 'legacy', password: 'old-pass', legacy: true })
    const before = await s.db
      .selectFrom('bladeUser')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(isLegacyHash(before.password)).toBe(true)
    expect((await pw('legacy', 'old-pass')).status).toBe(200)
    const after = await s.db
      .selectFrom('bladeUser')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(after.password).toMatch(/^scrypt\$/)
    expect((await pw('legacy', 'old-pass')).status).toBe(200)
    expect((await pw('legacy', 'wrong')).status).toBe(400)
  })

  describe('Dept-Id / Role-Id selection', () => {
    let roleA: string
    let roleB: string
    beforeAll(async () => {
      roleA = await addRole(s, 'roleA')
      roleB = await addRole(s, 'roleB')
      await addUser(s, {
        account: 'multi',
        password: 'pw',
        roleId: `${roleA},${roleB}`,
        deptId: '501,502',
      })
    })

    it('uses every role and dept without headers', async () => {
      const r = await pw('multi', 'pw')
      expect(r.body).toMatchObject({
        role_id: `${roleA},${roleB}`,
        role_name: 'roleA,roleB',
        dept_id: '501,502',
      })
    })

    it('selects one of the user own role and dept', async () => {
      const sel = await token(
        s,
        { grant_type: 'password', username: 'multi', password: await enc('pw') },
        { headers: { 'Role-Id': roleB, 'Dept-Id': '502' } },
      )
      expect(sel.status).toBe(200)
      expect(sel.body).toMatchObject({ role_id: roleB, role_name: 'roleB', dept_id: '502' })
      expect(decodeJwt(sel.body.access_token)).toMatchObject({
        role_id: roleB,
        role_name: 'roleB',
        dept_id: '502',
      })
    })

    it('rejects a role or dept that is not the user own', async () => {
      const role = await token(
        s,
        { grant_type: 'password', username: 'multi', password: await enc('pw') },
        { headers: { 'Role-Id': ADMINISTRATOR_ROLE } },
      )
      expect(role.status).toBe(400)
      expect(role.body.error_description).toBe('所选角色不属于当前用户')
      const dept = await token(
        s,
        { grant_type: 'password', username: 'multi', password: await enc('pw') },
        { headers: { 'Dept-Id': '999' } },
      )
      expect(dept.body.error_description).toBe('所选部门不属于当前用户')
    })
  })
})
